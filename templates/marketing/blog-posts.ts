// The five blog posts (SPEC §2 "Blog"): id, title, excerpt, date (Jan–Mar 2025), category and HTML
// content we write ourselves (never user input, so pages may output it with set:html).
export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  category: string;
  content: string;
}

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 1,
    title: 'Sådan bliver du fundet på Google i dit lokalområde',
    excerpt:
      'De fleste kunder finder deres håndværker med en søgning som "tømrer Aarhus". Her er fem konkrete ting, du kan gøre for at stå højere, når de søger.',
    date: '2025-01-14',
    category: 'Synlighed',
    content: `
<p>Når en boligejer skal have skiftet tag, lagt fliser eller repareret en utæt radiator, starter de næsten altid det samme sted: på mobilen med en søgning som "murer Odense" eller "VVS Roskilde". Det er en af de bedste kundekilder, du kan få, for kunden har et konkret behov og leder efter én i nærheden. Spørgsmålet er, om de finder dig eller din konkurrent.</p>
<p>Du behøver ikke være ekspert i søgemaskineoptimering for at blive fundet lokalt. Her er fem ting, der gør en reel forskel.</p>
<h2>1. Skriv hvor du arbejder</h2>
<p>Google kan kun vise dig i Silkeborg, hvis det står et sted, at du arbejder i Silkeborg. Nævn din by og de områder, du dækker, i teksten på forsiden og gerne i titlen. Har du faste områder, kan du lave en side til hvert af dem, fx "Tømrer i Viborg" og "Tømrer i Skive". Skriv noget, der er særligt for området, og kopier ikke den samme tekst ind på alle sider.</p>
<h2>2. Lav en side pr. ydelse</h2>
<p>En kunde, der søger efter "ny terrasse", skal helst lande på en side om terrasser, ikke på en generel forside. Lav en side til hver af dine vigtigste ydelser, og forklar kort, hvad opgaven indeholder, hvad kunden skal tænke over, og hvordan du griber den an. Det hjælper både Google og kunden.</p>
<h2>3. Opret en Google Virksomhedsprofil</h2>
<p>Den gratis Google Virksomhedsprofil er det, der får dig med på kortet, når nogen søger lokalt. Udfyld den helt: adresse eller serviceområde, telefon, åbningstider, link til din hjemmeside og gerne billeder. Sørg for, at navn, adresse og telefon står præcis ens på profilen og på din hjemmeside. Forskelle forvirrer Google.</p>
<h2>4. Saml anmeldelser</h2>
<p>Anmeldelser på din virksomhedsprofil er et af de stærkeste signaler, du kan sende, både til Google og til kunden. Bed tilfredse kunder om en anmeldelse lige efter, at opgaven er afsluttet, og svar venligt på dem alle, også de kritiske. Ti ærlige anmeldelser slår hundrede flotte ord på forsiden.</p>
<h2>5. Gør siden hurtig og mobilvenlig</h2>
<p>Mere end halvdelen af alle søgninger efter håndværkere sker på en telefon, ofte på farten. Hvis din side er langsom eller svær at læse på en lille skærm, går kunden videre. Brug billeder i en fornuftig størrelse, undgå tunge effekter, og sørg for, at telefonnummeret kan trykkes på.</p>
<h2>Hvor lang tid tager det?</h2>
<p>Det tager typisk nogle uger, før Google har læst dine nye sider og begynder at vise dem højere. Hav tålmodighed, og bliv ved med at tilføje indhold: en ny side om en ydelse, et par billeder fra en ny opgave, en opdatering af åbningstiderne i ferien. En hjemmeside, der lever, klarer sig bedre end en, der blev lavet for fem år siden og aldrig rørt siden.</p>
<p>Med Mesterside er titler, beskrivelser, sitemap og strukturerede data sat op fra starten, og AI skriver tekster, der nævner din branche og din by. Så kan du bruge tiden på anmeldelserne og billederne, som kun du kan skaffe.</p>
`,
  },
  {
    id: 2,
    title: '7 ting enhver håndværkerhjemmeside skal have',
    excerpt:
      'En god hjemmeside behøver ikke være stor. Men den skal svare på de spørgsmål, kunden har, før de ringer. Her er tjeklisten.',
    date: '2025-01-28',
    category: 'Hjemmeside',
    content: `
<p>Mange håndværkere tænker, at en hjemmeside skal være stor og avanceret for at virke. Det er sjældent tilfældet. Kunden vil have svar på nogle få spørgsmål: Laver du det, jeg har brug for? Arbejder du i mit område? Kan jeg stole på dig? Og hvordan får jeg fat i dig? Her er de syv ting, der svarer på netop de spørgsmål.</p>
<h2>1. Et klart budskab øverst</h2>
<p>Når siden åbner, skal kunden på få sekunder kunne se, hvad du laver, og hvor. "Autoriseret VVS-installatør i Holbæk og omegn" siger mere end "Velkommen til vores hjemmeside". Skriv det, kunden søger efter, og skriv det tydeligt.</p>
<h2>2. Telefonnummer, der kan trykkes på</h2>
<p>Dit telefonnummer skal stå øverst på hver side og kunne ringes op med ét tryk på mobilen. Skriv også din e-mail og gerne, hvornår du typisk tager telefonen. Mange kunder ringer hellere end de skriver, især når noget haster.</p>
<h2>3. Dine ydelser beskrevet</h2>
<p>Lav en kort liste over det, du laver, og gerne en side til hver af de vigtigste ydelser. Forklar i almindeligt sprog, hvad opgaven indebærer. Kunden kender ikke fagudtrykkene, men vil gerne forstå, hvad de betaler for.</p>
<h2>4. Billeder af dit eget arbejde</h2>
<p>Stockbilleder af smilende håndværkere i rene kedeldragter overbeviser ingen. Billeder af dine egne opgaver gør. Vis færdige projekter, gerne med før- og efterbilleder, og skriv en linje om, hvad opgaven gik ud på. Læs vores indlæg om, hvordan du tager gode billeder med mobilen.</p>
<h2>5. Hvem du er</h2>
<p>Folk køber af folk. En kort tekst om dig, dit firma og din baggrund skaber tillid, og et billede af dig eller holdet gør det endnu bedre. Nævn gerne, hvor længe du har været i faget, om du er mester, og om du har autorisationer eller medlemskab af en brancheforening.</p>
<h2>6. Beviser på, at du er god</h2>
<p>Anmeldelser, udtalelser fra kunder, garantiordninger og certificeringer viser, at andre har været tilfredse. Har du gode anmeldelser på Google eller Trustpilot, så henvis til dem. Citer gerne en kunde med navn og by, hvis de giver lov.</p>
<h2>7. Lovpligtige oplysninger</h2>
<p>Dit CVR-nummer skal stå på hjemmesiden, og det samme gælder firmanavn og adresse. Det er ikke bare et krav, det giver også tryghed: kunden kan slå dig op og se, at firmaet er i orden. Bruger du cookies til statistik eller annoncer, skal du også have samtykke, så det er en god idé helt at undgå den slags cookies.</p>
<h2>Hold det enkelt</h2>
<p>Det er bedre at have fem gode sider end tyve halvfærdige. Start med forsiden, en side pr. vigtig ydelse, en side om dig og en kontaktside. Byg på, når du får tid og nye opgaver at vise frem. Husk også at tjekke siden en gang imellem: står telefonnummeret rigtigt, passer åbningstiderne, og er billederne stadig dine bedste?</p>
<p>Når du opretter en hjemmeside med Mesterside, er kontaktoplysninger, CVR-nummer og de første tekster om dine ydelser på plads fra start. Du lægger selv billederne op og retter teksterne, så de lyder som dig.</p>
`,
  },
  {
    id: 3,
    title: 'Tag bedre billeder af dit arbejde med mobilen',
    excerpt:
      'Du behøver ikke et dyrt kamera for at vise dine opgaver frem. Med lidt omtanke bliver billederne fra telefonen gode nok til både hjemmesiden og Facebook.',
    date: '2025-02-11',
    category: 'Markedsføring',
    content: `
<p>Billeder af færdige opgaver er noget af det stærkeste, du kan have på din hjemmeside. De viser kunden, hvad du kan, uden at du skal skrive et eneste ord. Alligevel er mange håndværkeres billeder mørke, skæve eller fyldt med værktøj og affald. Det er ærgerligt, for med et par enkle vaner kan din mobiltelefon tage billeder, der sælger.</p>
<h2>Ryd op før du tager billedet</h2>
<p>Det vigtigste tip er også det nemmeste: fjern værktøj, spande, emballage og affald fra billedet. Fej gulvet, tør støvet af, og stil stigen væk. Kunden skal se det færdige resultat, ikke arbejdspladsen. Brug to minutter på oprydning, og billedet bliver markant bedre.</p>
<h2>Brug dagslyset</h2>
<p>Lys er alt i fotografering. Tag billeder om dagen, og sluk gerne loftslampen, hvis den giver gule skygger. Indendørs er det bedst at stå med ryggen til vinduet, så lyset falder på det, du fotograferer. Udendørs giver en let overskyet dag ofte pænere billeder end skarp sol, fordi skyggerne bliver blødere.</p>
<h2>Hold telefonen lige</h2>
<p>Skæve linjer får selv det flotteste arbejde til at se sjusket ud. Slå gitterlinjerne til i kameraets indstillinger, og brug dem til at holde vægge, dørkarme og vinduer lodrette. Tag billedet fra brysthøjde i stedet for ovenfra, og gå hellere et skridt tilbage end at bruge vidvinkel tæt på, som forvrænger rummet.</p>
<h2>Tag før-, under- og efterbilleder</h2>
<p>Før- og efterbilleder fortæller en historie, som kunderne elsker. Vær vant til at tage et billede, før du går i gang, og stå så vidt muligt samme sted, når du tager efterbilledet. Et par billeder undervejs viser det arbejde, der bagefter er skjult: isolering, membraner, rør og fundament. Det viser, at du gør tingene ordentligt.</p>
<h2>Vis detaljerne</h2>
<p>Ud over oversigtsbilledet skal du tage et par nærbilleder af det, du er stolt af: en skarp fuge, en flot samling, et præcist hjørne. Detaljerne viser håndværket, og det er ofte netop det, der adskiller dig fra konkurrenten.</p>
<h2>Spørg kunden først</h2>
<p>Husk at spørge kunden, om du må bruge billederne. De fleste siger gerne ja, især når du lover ikke at vise husnummer, nummerplader eller personlige ting. Undgå billeder, hvor man kan se ind i private rum eller genkende personer, medmindre de har givet lov.</p>
<h2>Vælg de bedste</h2>
<p>Du behøver ikke lægge alle billeder op. Vælg de fem bedste fra hver opgave, og slet resten. Et galleri med tyve stærke billeder gør mere indtryk end et med hundrede middelmådige. Skriv en kort tekst til hvert projekt: hvad var opgaven, hvor lå den, og hvad var særligt?</p>
<p>I Mesterside lægger du billederne op direkte fra telefonen til dit billedarkiv. De bliver gjort klar til nettet automatisk, så de fylder lidt og åbner hurtigt, og du kan bruge dem i galleriet og på alle dine sider.</p>
`,
  },
  {
    id: 4,
    title: 'Sådan får du flere anmeldelser fra tilfredse kunder',
    excerpt:
      'Anmeldelser er den moderne mund-til-mund. Her er en enkel metode til at bede om dem, så det føles naturligt for både dig og kunden.',
    date: '2025-02-25',
    category: 'Kunder',
    content: `
<p>Før i tiden kom de fleste håndværkeropgaver gennem anbefalinger fra naboen eller svogeren. Det gør de stadig, men i dag sker anbefalingen også på nettet. Før en ny kunde ringer, kigger de på dine anmeldelser på Google, Trustpilot eller Facebook. Har du mange gode anmeldelser, er du allerede et skridt foran. Problemet er, at tilfredse kunder sjældent skriver en anmeldelse af sig selv. Du er nødt til at spørge.</p>
<h2>Spørg på det rigtige tidspunkt</h2>
<p>Det bedste tidspunkt er lige når opgaven er færdig, og kunden står og glæder sig over resultatet. Der er begejstringen størst. Venter du tre uger, har kunden glemt det, og så skal der mere til. Gør det til en fast del af din afslutning på opgaven, på samme måde som oprydningen og gennemgangen.</p>
<h2>Gør det nemt</h2>
<p>Jo færre klik der skal til, jo flere skriver en anmeldelse. Find linket til din Google Virksomhedsprofil, hvor man skriver anmeldelser, og gem det på telefonen. Så kan du sende det i en sms med det samme. Du kan også lave en QR-kode og sætte den på dit visitkort eller på fakturaen.</p>
<h2>Brug dine egne ord</h2>
<p>Du behøver ikke en salgstale. Det virker bedst, når det er ærligt og kort. Prøv for eksempel:</p>
<blockquote><p>"Jeg er glad for, at du er tilfreds med badeværelset. Jeg er et lille firma, og mange nye kunder finder mig gennem anmeldelser på Google. Vil du skrive et par ord om, hvordan du har oplevet samarbejdet? Jeg sender dig et link."</p></blockquote>
<p>De fleste kunder vil gerne hjælpe en håndværker, de har været glade for. De har bare brug for at blive spurgt og få det gjort let.</p>
<h2>Følg op én gang</h2>
<p>Hvis kunden ikke har skrevet noget efter en uges tid, er det helt i orden at sende én venlig påmindelse. Mere end det skal du ikke gøre. Du skal heller aldrig tilbyde rabat eller gaver for en god anmeldelse. Det strider mod platformenes regler og kan give problemer med markedsføringsloven, og kunderne kan mærke, når anmeldelser er købt.</p>
<h2>Svar på alle anmeldelser</h2>
<p>Tak for de gode anmeldelser med en kort, personlig kommentar. Får du en kritisk anmeldelse, så svar roligt og sagligt, og tilbyd at løse problemet. Nye kunder lægger mærke til, hvordan du håndterer utilfredshed, og et godt svar på en dårlig anmeldelse kan faktisk skabe mere tillid end ti femstjernede.</p>
<h2>Brug anmeldelserne på din hjemmeside</h2>
<p>Når du har samlet nogle gode anmeldelser, så citer et par af dem på din hjemmeside, gerne med kundens fornavn og by, hvis de giver lov. Sæt dem tæt på din kontaktknap, hvor kunden skal beslutte sig.</p>
<p>På en Mesterside-hjemmeside kan du lægge udtalelser ind som en del af teksten på forsiden eller lave en særskilt side med kundernes ord og billeder af de opgaver, de handler om.</p>
`,
  },
  {
    id: 5,
    title: 'Skriv et tilbud, som kunden siger ja til',
    excerpt:
      'Prisen er vigtig, men det er sjældent den alene, der afgør, hvem der får opgaven. Sådan skriver du tilbud, der er klare, troværdige og lette at sige ja til.',
    date: '2025-03-11',
    category: 'Forretning',
    content: `
<p>De fleste kunder indhenter to eller tre tilbud, før de vælger håndværker. Mange tror, at det billigste tilbud altid vinder, men sådan er det sjældent. Kunden vælger det tilbud, der er lettest at forstå, og den håndværker, de stoler mest på. Her er de vigtigste råd til et tilbud, der skiller sig ud.</p>
<h2>Svar hurtigt</h2>
<p>Hurtighed er den første kvalitetsmarkør. Får kunden dit tilbud inden for få dage, signalerer det, at du er organiseret og interesseret i opgaven. Kan du ikke nå at lave et fuldt tilbud med det samme, så skriv til kunden og fortæl, hvornår de kan forvente det.</p>
<h2>Beskriv opgaven med kundens ord</h2>
<p>Start tilbuddet med en kort beskrivelse af, hvad kunden ønsker, som du har forstået det. "Nyt badeværelse på 6 m² med gulvvarme, walk-in brusenicher og fliser til loftet." Det viser, at du har lyttet, og gør det let for kunden at sammenligne med de andre tilbud.</p>
<h2>Gør det tydeligt, hvad der er med, og hvad der ikke er</h2>
<p>Mange uenigheder på byggepladsen handler om forventninger. Skriv klart, hvad prisen dækker: materialer, arbejdsløn, bortskaffelse af affald, kørsel og oprydning. Skriv lige så klart, hvad der ikke er med, fx maling, el-arbejde eller uforudsete skader bag fliserne. Det beskytter både dig og kunden.</p>
<h2>Fast pris eller overslag?</h2>
<p>Forklar, om der er tale om et fast tilbud eller et overslag. Et tilbud er bindende, mens et overslag må overskrides, men efter praksis typisk ikke med mere end 10-15 procent. Kunder er generelt glade for fast pris, fordi det giver ro i maven. Kan du ikke give fast pris på hele opgaven, så giv fast pris på de dele, du kan, og et overslag på resten.</p>
<h2>Priser inklusive moms</h2>
<p>Private kunder skal se den pris, de faktisk skal betale. Oplys derfor priser inklusive moms i tilbud til private. Skriv også, hvilken del af beløbet der er arbejdsløn, så kunden kan se, hvad der eventuelt kan trækkes fra under servicefradraget.</p>
<h2>Tidsplan og betaling</h2>
<p>Angiv, hvornår du kan starte, hvor lang tid opgaven tager, og hvordan betalingen foregår, fx i rater ved bestemte milepæle. Nævn også, hvor længe tilbuddet gælder. Det skaber et naturligt tidspunkt for kunden at beslutte sig.</p>
<h2>Vis, hvem du er</h2>
<p>Sæt dit logo, dit CVR-nummer og dine kontaktoplysninger på tilbuddet, og henvis til din hjemmeside, hvor kunden kan se billeder af lignende opgaver og læse anmeldelser. Det er her, en god hjemmeside tjener sig selv hjem: kunden sammenligner ikke kun priser, men også hvor professionelt du fremstår.</p>
<h2>Ring efter et par dage</h2>
<p>Følg op med et kort opkald et par dage efter, at du har sendt tilbuddet. Spørg, om kunden har spørgsmål, eller om der er noget, du skal justere. Mange opgaver bliver vundet i den samtale, fordi kunden får mulighed for at stille de spørgsmål, de ellers ikke ville have skrevet.</p>
<p>Med en hjemmeside fra Mesterside har du altid et sted at henvise kunderne til, med dine ydelser, dine billeder og dine kontaktoplysninger samlet.</p>
`,
  },
];

/** The post with `id`, or null. */
export function findBlogPost(id: number): BlogPost | null {
  return BLOG_POSTS.find((post) => post.id === id) ?? null;
}

/** `2025-01-14` → `14. januar 2025`. */
export function formatBlogDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const months = [
    'januar',
    'februar',
    'marts',
    'april',
    'maj',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'december',
  ];
  return `${day}. ${months[month - 1]} ${year}`;
}
