// The template writer's Danish sentence banks, one per paragraph role. Placeholders: {company},
// {city}, {trade} (e.g. 'tømrer'), {kw} (the next keyword), {Kw} (the same, capitalised) and
// {kwList} ('a, b og c'). A sentence whose placeholder has no value (no city, no keywords) is skipped,
// so every sentence must read well on its own and in any order within its role. Every opener names
// the company.

export interface RoleBank {
  /** One of these opens the role's part of a paragraph, when any is usable. */
  first?: readonly string[];
  rest: readonly string[];
  /** Keep the bank's order (a process, a closing line last) instead of shuffling. */
  ordered?: boolean;
}

export const HOMEPAGE_OPENERS = [
  'Velkommen til {company} – din lokale {trade} i {city}.',
  'Hos {company} får du en {trade}, der tager sig tid til at forstå opgaven, før arbejdet går i gang.',
  '{company} hjælper private og erhvervskunder i {city} og omegn – blandt andet med {kw}.',
  'Leder du efter hjælp til {kw}, er du kommet til det rette sted hos {company}.',
  'Hos {company} handler det om ordentligt håndværk, klare aftaler og god kommunikation fra start til slut.',
  'Velkommen til {company}, hvor godt håndværk og ærlig rådgivning går hånd i hånd.',
];

export const PAGE_OPENERS = [
  'Her kan du læse mere om, hvordan {company} hjælper med {kw}.',
  'Står du og mangler hjælp til {kw}, kan {company} hjælpe dig sikkert i mål.',
  'Hos {company} er {kw} en vigtig del af vores arbejde, og her fortæller vi, hvad du kan forvente af os.',
  'På denne side kan du læse om {company} og vores arbejde med {kwList}.',
  'Overvejer du {kw}, er det en god idé at vælge en {trade}, der tager sig tid til at forstå netop din opgave – og det gør vi hos {company}.',
  'Her kan du læse mere om {company} og om, hvordan vi arbejder.',
  'På denne side fortæller vi, hvad du kan forvente, når du vælger {company} som din {trade}.',
];

export const INTRO: RoleBank = {
  rest: [
    'Vi løser både små og store opgaver, og hver opgave får den samme grundige behandling.',
    'Uanset om du står midt i et større projekt eller blot har brug for en hjælpende hånd, er du velkommen til at kontakte os.',
    'Vores mål er enkelt: Du skal være tilfreds med resultatet og have lyst til at anbefale os til andre.',
    'Vi ved, at det kræver tillid at lukke en håndværker ind i sit hjem, og den tillid tager vi alvorligt.',
    'Det er vigtigt for os, at du føler dig godt informeret hele vejen fra den første snak til den færdige opgave.',
    'Vi arbejder med {kw} og beslægtede opgaver, og vi rådgiver gerne om den løsning, der passer bedst til dig.',
    'Godt håndværk begynder med at lytte, og derfor starter vi altid med at høre om dine ønsker og behov.',
    'Vi sætter en ære i at levere et stykke arbejde, som vi selv ville være tilfredse med i vores eget hjem.',
    'Hos os bliver du mødt af folk, der kender deres fag og gerne deler ud af deres viden.',
  ],
};

export const SERVICES: RoleBank = {
  first: [
    'Vores opgaver spænder bredt, og vi hjælper blandt andet med {kwList}.',
    'Du kan blandt andet få hjælp til {kwList} hos os.',
    'Blandt de opgaver, vi løser, er {kwList}.',
    'Vi tager os blandt andet af {kwList} – både for private og for erhvervskunder.',
  ],
  rest: [
    'Når det gælder {kw}, sørger vi for en løsning, der er gennemtænkt, holdbar og tilpasset netop dit behov.',
    'Mange af vores kunder kontakter os om {kw}, og vi hjælper gerne med alt fra den første idé til den færdige løsning.',
    'Vi påtager os både mindre reparationer og større projekter, og vi hjælper med {kw} i private hjem såvel som hos erhvervskunder.',
    'Hvis du overvejer {kw}, giver vi dig gerne et ærligt bud på, hvad der skal til.',
    'Vi vælger materialer og metoder, der passer til opgaven, så resultatet holder længe.',
    'Inden vi går i gang med {kw}, gennemgår vi opgaven sammen med dig, så der ikke opstår overraskelser undervejs.',
    'Har du en opgave, der ikke passer ind i en bestemt kategori, er du også velkommen til at spørge.',
    'Vi rådgiver gerne om {kw}, så du kan træffe en god beslutning på et solidt grundlag.',
    'Som {trade} ved vi, at ingen opgaver er helt ens, og derfor tilpasser vi altid løsningen til stedet og til dine ønsker.',
    'Med {kw} som en fast del af vores hverdag har vi et godt overblik over, hvad der virker i praksis.',
  ],
};

export const QUALITY: RoleBank = {
  rest: [
    'Kvalitet er ikke et tilfælde, men resultatet af grundig forberedelse, godt værktøj og omhyggeligt arbejde.',
    'Vi holder, hvad vi lover, og vi aftaler tidsplan og pris med dig, inden arbejdet begynder.',
    'Vi svarer gerne på dine spørgsmål undervejs, så du aldrig er i tvivl om, hvad der sker.',
    'Vi rydder op efter os, så dit hjem eller din arbejdsplads ikke bliver belastet mere end nødvendigt.',
    'Ærlig rådgivning betyder for os, at vi også siger det, hvis en løsning ikke giver mening for dig.',
    'Vi går op i detaljerne, for det er ofte de små ting, der gør forskellen på et godt og et rigtig godt resultat.',
    'Når opgaven er færdig, gennemgår vi resultatet sammen med dig, så du kan se, at alt er, som det skal være.',
    'God kommunikation er en fast del af vores arbejde, og du bliver altid orienteret, hvis der sker ændringer undervejs.',
    'Vi tager ansvar for vores arbejde og står ved de aftaler, vi indgår med vores kunder.',
    'Et godt resultat kræver både faglig stolthed og respekt for kundens tid, hjem og økonomi.',
  ],
};

const LOCAL_WITH_CITY = [
  'Vi kender {city} og omegn godt, og vi sætter pris på at arbejde for kunder i vores eget nærområde.',
  'Den korte afstand til kunderne i {city} betyder, at vi hurtigt kan komme ud og se på opgaven.',
  'Som lokal {trade} i {city} kender vi de huse og bygninger, der præger området.',
  'Mange af vores opgaver ligger i og omkring {city}, men vi hjælper også gerne kunder lidt længere væk.',
  'Bor du i {city} eller omegn og har brug for hjælp til {kw}, er vi kun et opkald væk.',
];

// A sentence naming the city opens the local part whenever there is a city.
export const LOCAL: RoleBank = {
  first: LOCAL_WITH_CITY,
  rest: [
    ...LOCAL_WITH_CITY,
    'Vi er en lokal virksomhed, og vi sætter pris på de relationer, vi har opbygget til kunderne i området.',
    'Fordi vi arbejder lokalt, kan vi som regel hurtigt komme ud og se på opgaven.',
    'En lokal håndværker kender området, og det giver en kortere vej fra din henvendelse til det færdige resultat.',
    'Vi er glade for at være en del af lokalområdet og for at hjælpe naboer, familier og virksomheder i nærheden.',
    'Kort transporttid betyder mere tid til selve opgaven og mindre ventetid for dig.',
    'Når vi arbejder tæt på, hvor vores kunder bor, er det også nemt at kigge forbi, hvis noget skal justeres.',
  ],
};

export const PROCESS: RoleBank = {
  ordered: true,
  rest: [
    'Et samarbejde med os begynder med en uforpligtende snak om dine ønsker og mulighederne.',
    'Vi kommer gerne ud og ser på opgaven, så vi kan give dig et præcist og gennemskueligt tilbud.',
    'Vores tilbud beskriver klart, hvad der er med i prisen, så du ved, hvad du kan forvente.',
    'Når du har takket ja til et tilbud, aftaler vi en tidsplan, der passer ind i din hverdag.',
    'Vi planlægger arbejdet, så det generer dig og dine omgivelser mindst muligt.',
    'Undervejs holder vi dig orienteret, så du altid ved, hvor langt arbejdet er nået.',
    'Opstår der spørgsmål undervejs, tager vi dem op med dig med det samme, så vi sammen kan finde den bedste løsning.',
    'Når arbejdet er færdigt, gennemgår vi det sammen, og først når du er tilfreds, er opgaven slut for os.',
  ],
};

// Ordered so that an invitation comes before a closing line.
export const CALL_TO_ACTION: RoleBank = {
  ordered: true,
  rest: [
    'Kontakt {company} i dag, og hør nærmere om, hvordan vi kan hjælpe dig med {kw}.',
    'Står du med en opgave i {city} eller omegn, er du velkommen til at kontakte {company}.',
    'Ring eller skriv til os, så finder vi et tidspunkt, hvor vi kan tale om din opgave.',
    'Send os en kort beskrivelse af opgaven, så vender vi tilbage hurtigst muligt.',
    'Brug kontaktoplysningerne her på siden, og fortæl os, hvad du har brug for hjælp til.',
    'Vi fortæller dig gerne, hvad opgaven vil koste, før du beslutter dig.',
    'Du er altid velkommen til at kontakte os, hvis du har spørgsmål eller vil høre mere om vores arbejde.',
    'Tag fat i os, når du er klar til at komme i gang – vi glæder os til at høre fra dig.',
    'Vi ser frem til at hjælpe dig med dit næste projekt.',
  ],
};

export const HOMEPAGE_TITLES = [
  '{company} – din lokale {trade} i {city}',
  '{Kw} i {city} og omegn',
  '{company} – {kw} i {city}',
  '{company} – {kw} og ordentligt håndværk',
  'Din lokale {trade} i {city}',
  '{company} – din lokale {trade}',
];

export const PAGE_TITLES = [
  '{Kw} i {city}',
  '{Kw} hos {company}',
  'Hjælp til {kw}',
  'Sådan hjælper vi med {kw}',
  '{Kw} – ordentligt håndværk i {city}',
  'Om {company}',
  'Din lokale {trade} i {city}',
];

export const HOMEPAGE_SUBTITLES = [
  'Vi hjælper private og erhverv i {city} og omegn med {kwList}.',
  'Ordentligt håndværk, klare aftaler og hjælp til {kwList}.',
  '{company} står klar til at hjælpe med {kwList} – ring eller skriv for en snak om din opgave.',
  'Din lokale {trade} til {kwList} i {city} og omegn.',
  'Vi hjælper med {kwList} – med ordentligt håndværk og ærlig rådgivning.',
  'Ordentligt håndværk, klare aftaler og ærlig rådgivning – ring eller skriv for en snak om din opgave.',
  'Din lokale {trade} i {city} og omegn – ring eller skriv for en snak om din opgave.',
];

// The trade named by the industry, else by the company name, else by a keyword (the first pattern that
// matches); a generic 'håndværker' otherwise. Every noun takes 'en' and 'din', as the sentences assume.
export const TRADES: readonly (readonly [RegExp, string])[] = [
  [/tømrer/i, 'tømrer'],
  [/snedker/i, 'snedker'],
  [/vvs|blikkenslager/i, 'VVS-installatør'],
  [/elektriker|el-?install/i, 'elektriker'],
  [/maler/i, 'maler'],
  [/murer/i, 'murer'],
  [/kloak/i, 'kloakmester'],
  [/tagdæk|tækkemand/i, 'tagdækker'],
  [/anlægsgartner|gartner/i, 'anlægsgartner'],
  [/gulv/i, 'gulvlægger'],
  [/glarmester/i, 'glarmester'],
  [/låsesmed/i, 'låsesmed'],
  [/smed/i, 'smed'],
  [/skorstensfej/i, 'skorstensfejer'],
  [/entreprenør/i, 'entreprenør'],
];
