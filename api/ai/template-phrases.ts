// The template writer's Danish sentences. Each is a function of the writer's facts (WriterFacts) that
// returns its sentence, or null when a fact it needs is missing (no city, no founding year, a shop
// trade where the sentence is about coming out to the customer). The writer picks one usable
// sentence per slot, seeded, so companies read differently while one company always reads the same.
// No sentence names the CVR industry description: the trade comes from its profile's noun forms.
import type { TradeProfile } from '../../rules/trades';

export interface WriterFacts {
  /** The short name: no 'ApS', no owner clause. */
  name: string;
  city: string | undefined;
  profile: TradeProfile;
  /** The trade has a profile: its services and questions apply (false for the neutral profile). */
  knownTrade: boolean;
  /**
   * The trade has a noun to call it by: a profile's, or the company's own trade from its name when it
   * has no profile (profile.noun is then that trade's, with the neutral services). False: sentences
   * that name a trade are skipped.
   */
  namedTrade: boolean;
  /**
   * For a trade we cannot tell at all (no profile, no trade in the name): the registry's industry
   * description, shown once as a labelled category ('Branche: …'), never written into a sentence.
   */
  category: string | undefined;
  /** Founding year, when at least three years ago. */
  year: number | undefined;
  employees: number | undefined;
  hasPhone: boolean;
  hasEmail: boolean;
  /** Services for running text and lists: the owner's keywords first, then the profile's. */
  services: string[];
  /** The services start with the owner's own keywords (the admin's AI form). */
  fromOwner: boolean;
}

export type Sentence = (facts: WriterFacts) => string | null;

const NUMBER_WORDS = [
  'nul',
  'en',
  'to',
  'tre',
  'fire',
  'fem',
  'seks',
  'syv',
  'otte',
  'ni',
  'ti',
  'elleve',
  'tolv',
];

/** Danish style: numbers up to twelve in words, larger ones in digits. */
function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

/** 'en tømrer' / 'et flyttefirma'. */
function withArticle(profile: TradeProfile): string {
  return `${profile.noun.gender === 'neuter' ? 'et' : 'en'} ${profile.noun.singular}`;
}

/** 'din lokale tømrer' / 'dit lokale flyttefirma'. */
function yourLocal(profile: TradeProfile): string {
  return `${profile.noun.gender === 'neuter' ? 'dit' : 'din'} lokale ${profile.noun.singular}`;
}

/** 'private, virksomheder og boligforeninger'; a shop trade's customers are simply 'kunder'. */
export function customerList(profile: TradeProfile): string {
  const words = profile.customers.map((group) =>
    group === 'privat' ? 'private' : group === 'erhverv' ? 'virksomheder' : 'boligforeninger',
  );
  if (words.length <= 1) return words[0] === 'private' ? 'private kunder' : (words[0] ?? 'kunder');
  return `${words.slice(0, -1).join(', ')} og ${words[words.length - 1]}`;
}

/** A service mid-sentence: 'Nye vinduer' → 'nye vinduer', but 'VVS-service' and 'HFI-relæ' stay. */
function lowerFirst(text: string): string {
  const [first = '', second = ''] = text;
  if (second !== '' && second === second.toLocaleUpperCase('da') && /\p{L}/u.test(second)) return text;
  return first.toLocaleLowerCase('da') + text.slice(1);
}

const where = (f: WriterFacts) => (f.city ? ` i ${f.city}` : '');
/** A business noun ('flyttefirma', 'dækcenter', 'virksomhed') rather than a person's trade. */
const isFirm = (f: WriterFacts) => !f.namedTrade || f.profile.noun.gender === 'neuter';
/** 'Hos Tømrer Hansen er vi tømrere' or 'Flyttefirmaet Hansen er et flyttefirma'. */
const weAre = (f: WriterFacts) =>
  isFirm(f) ? `${f.name} er ${withArticle(f.profile)}` : `Hos ${f.name} er vi ${f.profile.noun.plural}`;
const shop = (f: WriterFacts) => f.profile.workplace === 'shop';
/** The short name holds the trade's noun: 'Tømrerfirmaet Hansen', 'Urmager Hansen'. */
const nameSaysTrade = (f: WriterFacts) =>
  f.name.toLocaleLowerCase('da').includes(f.profile.noun.singular.toLocaleLowerCase('da'));
/** Two services that read well in a row (no 'og' inside either), lowercased. */
function twoServices(f: WriterFacts): [string, string] | null {
  if (!f.knownTrade && !f.fromOwner) return null;
  const simple = f.services.filter((service) => !/\sog\s/.test(service));
  const [a, b] = simple.length >= 2 ? simple : f.services;
  return a && b ? [lowerFirst(a), lowerFirst(b)] : null;
}

// ----- Homepage -----

export const HOME_INTRO: Sentence[] = [
  (f) => (f.namedTrade && !f.city ? `Velkommen til ${f.name} – ${yourLocal(f.profile)}.` : null),
  (f) => (f.namedTrade && f.city ? `Velkommen til ${f.name} – ${yourLocal(f.profile)} i ${f.city}.` : null),
  (f) => (f.city ? `Velkommen til ${f.name} i ${f.city}.` : `Velkommen til ${f.name}.`),
  (f) =>
    f.namedTrade && f.city
      ? `Mangler du ${withArticle(f.profile)} i ${f.city}? Så er du kommet til det rette sted.`
      : null,
];

export const HOME_INTRO_MORE: Sentence[] = [
  (f) => {
    const two = twoServices(f);
    if (!two) return null;
    return shop(f)
      ? `Hos os kan du få alt fra ${two[0]} til ${two[1]}.`
      : `Vi hjælper ${customerList(f.profile)} med alt fra ${two[0]} til ${two[1]}.`;
  },
  (f) => (shop(f) ? null : `Vi løser både små og store opgaver for ${customerList(f.profile)}.`),
  (f) => (shop(f) ? 'Hos os får du god tid, ærlig rådgivning og et resultat, du bliver glad for.' : null),
  (f) =>
    shop(f) ? null : 'Du får ordentligt arbejde, en klar pris og en fast aftale om, hvornår vi kommer.',
];

export const SERVICES_HEADINGS = ['Det kan vi hjælpe med', 'Vores ydelser', 'Det hjælper vi med'];

export const AREA_HEADINGS = ['Her arbejder vi', 'Vores område'];

export const AREA: Sentence[] = [
  (f) =>
    f.city && !shop(f)
      ? `Vi arbejder i ${f.city} og omegn og kører gerne lidt længere, når opgaven passer til os.`
      : null,
  (f) => (f.city && !shop(f) ? `De fleste af vores opgaver ligger i og omkring ${f.city}.` : null),
  (f) => (f.city && shop(f) ? `Du finder os i ${f.city}, og vi tager imod kunder fra hele området.` : null),
  (f) => (f.city && shop(f) ? `Vi holder til i ${f.city} og har kunder fra både byen og oplandet.` : null),
  (f) =>
    f.city ? null : 'Vi arbejder i vores lokalområde og kører gerne lidt længere, når opgaven passer til os.',
];

export const AREA_MORE: Sentence[] = [
  (f) => (shop(f) ? null : 'Den korte afstand betyder, at vi hurtigt kan komme ud og se på opgaven.'),
  (f) =>
    f.profile.customers.includes('boligforeninger')
      ? 'Vi tager også faste opgaver for boligforeninger og ejerforeninger.'
      : null,
  (f) => (shop(f) ? `${contactVerb(f)}, hvis du vil vide, hvornår der er en ledig tid.` : null),
];

export const WHY_HEADINGS = ['Derfor vælger kunderne os', 'Hvorfor vælge os?', 'Det kan du regne med'];

/** Bullet points: a bold keyword and one sentence. The first usable ones with facts come first. */
export const WHY_FACTS: Sentence[] = [
  (f) =>
    f.year === undefined
      ? null
      : f.namedTrade && !isFirm(f)
        ? `**Erfaring** – Vi har arbejdet som ${f.profile.noun.plural} siden ${f.year}.`
        : `**Erfaring** – Vi har hjulpet vores kunder siden ${f.year}.`,
  (f) =>
    f.employees === undefined
      ? null
      : f.employees <= 1
        ? shop(f)
          ? '**Personlig betjening** – Det er den samme, der tager imod dig hver gang.'
          : '**Én fast kontakt** – Du taler med den samme person fra første opkald til færdig opgave.'
        : f.employees < 10
          ? `**Et fast hold** – Vi er ${numberWord(f.employees)} medarbejdere, og ${shop(f) ? 'du møder de samme ansigter hver gang' : 'du ved altid, hvem der kommer'}.`
          : `**Plads til store opgaver** – Med ${numberWord(f.employees)} ansatte har vi folk nok til også at tage de større opgaver.`,
];

export const WHY_GENERAL: Sentence[] = [
  (f) => (shop(f) ? null : '**Klare aftaler** – Du får en skriftlig pris, før vi går i gang.'),
  (f) =>
    shop(f)
      ? null
      : '**Ordentligt arbejde** – Vi rydder op efter os og er først færdige, når du er tilfreds.',
  (f) =>
    shop(f)
      ? '**Ærlig rådgivning** – Vi anbefaler kun det, du har brug for.'
      : '**Ærlig rådgivning** – Vi siger det også, når en enklere løsning er nok.',
  (f) => (f.city && !shop(f) ? `**Lokalt kendskab** – Vi kender ${f.city} og er hurtigt fremme.` : null),
  (f) => (shop(f) ? '**God tid til dig** – Vi lytter til dine ønsker, før vi går i gang.' : null),
  (f) => (shop(f) ? '**Klare priser** – Du får prisen at vide på forhånd.' : null),
];

function contactVerb(f: WriterFacts): string {
  if (f.hasPhone && f.hasEmail) return 'Ring eller skriv til os';
  if (f.hasPhone) return 'Ring til os';
  if (f.hasEmail) return 'Skriv til os';
  return 'Kontakt os';
}

export const HOME_CTA: Sentence[] = [
  (f) =>
    shop(f)
      ? `**[Book tid](/book-tid)** – vælg selv en ledig tid her på siden, eller ${lowerFirst(contactVerb(f))}.`
      : `**[Få et uforpligtende tilbud](/kontakt)** – ${lowerFirst(contactVerb(f))}, og fortæl kort om opgaven.`,
  (f) =>
    shop(f)
      ? `Vil du have en tid? [Book tid](/book-tid) her på siden, eller ${lowerFirst(contactVerb(f))}.`
      : `Har du en opgave? [${contactVerb(f)}](/kontakt), så vender vi hurtigt tilbage med et tilbud.`,
];

export const HOME_TITLES: Sentence[] = [
  (f) => (f.namedTrade && f.city ? `${capitalise(f.profile.noun.singular)} i ${f.city}` : null),
  // Not 'Tømrer Hansen – tømrer i Køge': a name that says the trade is not followed by it.
  (f) =>
    f.namedTrade && f.city && !nameSaysTrade(f) ? `${f.name} – ${f.profile.noun.singular} i ${f.city}` : null,
  (f) => (f.namedTrade && !f.city ? `${f.name} – ${yourLocal(f.profile)}` : null),
  (f) => (f.namedTrade ? null : f.city ? `${f.name} i ${f.city}` : f.name),
];

export const HOME_SUBTITLES: Sentence[] = [
  (f) => {
    const two = twoServices(f);
    if (!two) return null;
    return f.city
      ? `Fra ${two[0]} til ${two[1]} – i ${f.city} og omegn.`
      : `Fra ${two[0]} til ${two[1]} – vi hjælper gerne.`;
  },
  (f) =>
    shop(f)
      ? 'Faglig stolthed, god tid til dig og en pris, du kender på forhånd.'
      : 'Ordentligt arbejde, klare aftaler og en fast pris, før vi går i gang.',
  (f) =>
    f.city
      ? `Vi hjælper ${customerList(f.profile)} i ${f.city} og omegn – ${lowerFirst(contactVerb(f))} i dag.`
      : null,
];

// ----- Om os -----

export const ABOUT_TITLES: Sentence[] = [(f) => `Om ${f.name}`, () => 'Om os'];

export const ABOUT_OPENING: Sentence[] = [
  (f) =>
    f.namedTrade && f.year !== undefined
      ? `${weAre(f)}${where(f)}, og vi har været i faget siden ${f.year}.`
      : null,
  (f) => (f.namedTrade ? `${weAre(f)}${where(f)}.` : null),
  (f) => (f.namedTrade ? null : `${f.name} er en lokal virksomhed${where(f)}.`),
];

export const ABOUT_TEAM: Sentence[] = [
  (f) =>
    f.employees === undefined
      ? null
      : f.employees <= 1
        ? 'Det er en lille virksomhed, hvor du altid taler med den, der også gør arbejdet.'
        : f.employees < 10
          ? shop(f)
            ? `Vi er ${numberWord(f.employees)} medarbejdere, og vi kender mange af vores kunder ved navn.`
            : `Vi er ${numberWord(f.employees)} medarbejdere, og vi kender hver eneste opgave, vi har gang i.`
          : `Vi er ${numberWord(f.employees)} medarbejdere, så vi kan tage både de små og de store opgaver.`,
  (f) => (f.employees === undefined ? 'Vi er en mindre virksomhed med korte beslutningsveje.' : null),
];

// Trades whose people are no håndværkere (a cleaner, a remover, a pest controller), and those that
// never come inside (a haulier, a scaffolder).
const NOT_CRAFTSMEN: ReadonlySet<string> = new Set(['rengoring', 'vinduespudser', 'flyttefirma', 'skadedyr']);
const NO_VISITS_HOME: ReadonlySet<string> = new Set(['vognmand', 'stillads']);

export const ABOUT_VALUES: Sentence[] = [
  (f) =>
    shop(f) || !f.knownTrade || NO_VISITS_HOME.has(f.profile.id)
      ? null
      : `Vi ved, at det kræver tillid at lukke ${NOT_CRAFTSMEN.has(f.profile.id) ? 'fremmede' : 'en håndværker'} ind i sit hjem, og den tillid tager vi alvorligt.`,
  (f) =>
    f.knownTrade ? null : 'Vi tager os tid til at forstå, hvad du har brug for, før vi foreslår en løsning.',
  (f) =>
    shop(f)
      ? 'Vi tager os tid til den enkelte kunde, og vi glæder os, hver gang nogen går herfra med et smil.'
      : null,
  () => 'Vi går op i detaljerne, for det er dem, der gør forskellen på et godt og et rigtig godt resultat.',
];

export const ABOUT_VALUES_MORE: Sentence[] = [
  () => 'Vi holder, hvad vi lover, og siger det ærligt, hvis en løsning ikke giver mening for dig.',
  (f) =>
    shop(f)
      ? null
      : 'Vi aftaler pris og tidsplan med dig, før vi går i gang, og holder dig orienteret undervejs.',
];

export const ABOUT_EXPECT_HEADINGS = ['Det kan du forvente af os', 'Sådan arbejder vi'];

export const ABOUT_EXPECT: Sentence[] = [
  (f) =>
    shop(f)
      ? '**En god snak først** – Vi hører, hvad du ønsker, og giver dig vores ærlige råd.'
      : '**En snak først** – Vi hører om dine ønsker, og vi ser gerne på opgaven, før du får en pris.',
  (f) =>
    shop(f)
      ? null
      : '**Et klart tilbud** – Tilbuddet beskriver, hvad der er med i prisen, så der ikke kommer overraskelser.',
  (f) =>
    shop(f) || !f.knownTrade
      ? null
      : '**Orden undervejs** – Vi passer på dit hjem og rydder op, når dagen er slut.',
  (f) => (shop(f) ? '**Kvalitet i hver detalje** – Vi bruger gode produkter og arbejder grundigt.' : null),
  () => '**Opfølgning** – Er der noget, du ikke er tilfreds med, retter vi det.',
];

export const ABOUT_CTA: Sentence[] = [
  (f) => `Vil du vide mere? [${contactVerb(f)}](/kontakt) – vi glæder os til at høre fra dig.`,
];

// ----- Ydelser -----

export const SERVICES_TITLES: Sentence[] = [
  (f) => (f.knownTrade || f.fromOwner ? 'Vores ydelser' : 'Det får du hos os'),
  (f) => (f.knownTrade || f.fromOwner ? 'Det hjælper vi med' : null),
];

export const SERVICES_INTRO: Sentence[] = [
  (f) =>
    !f.knownTrade && !f.fromOwner
      ? `Her kan du læse, hvad du kan regne med, når du vælger ${f.name}.`
      : shop(f)
        ? `Her kan du se, hvad du kan få lavet hos ${f.name}.`
        : `Her kan du se de opgaver, ${f.name} oftest hjælper med.`,
];

export const SERVICES_INTRO_MORE: Sentence[] = [
  (f) =>
    !f.knownTrade && !f.fromOwner ? 'Har du spørgsmål, er du altid velkommen til at kontakte os.' : null,
  (f) =>
    f.knownTrade || f.fromOwner ? 'Står din opgave ikke på listen, er du velkommen til at spørge.' : null,
];

export const FAQ_HEADINGS = ['Ofte stillede spørgsmål', 'Spørgsmål og svar'];

export const SERVICES_CTA: Sentence[] = [
  (f) =>
    shop(f)
      ? `Har du et spørgsmål, eller vil du bestille tid? [${contactVerb(f)}](/kontakt).`
      : `Har du et spørgsmål til en opgave? [${contactVerb(f)}](/kontakt), så får du et klart svar.`,
];

// ----- A page about the owner's keywords -----

export const TOPIC_TITLES: Sentence[] = [
  (f) => (f.city && f.services[0] ? `${capitalise(f.services[0])} i ${f.city}` : null),
  (f) => (f.services[0] ? `${capitalise(f.services[0])} hos ${f.name}` : null),
];

export const TOPIC_INTRO: Sentence[] = [
  (f) =>
    f.services[0]
      ? `Har du brug for hjælp til ${lowerFirst(f.services[0])}? Det kan ${f.name} hjælpe med.`
      : null,
  (f) =>
    f.services[0] ? `På denne side kan du læse, hvordan vi hjælper med ${lowerFirst(f.services[0])}.` : null,
];

export const TOPIC_AREA: Sentence[] = [
  (f) =>
    f.city && !shop(f) ? `Vi arbejder i ${f.city} og omegn og kommer gerne ud og ser på opgaven.` : null,
  (f) => (f.city && shop(f) ? `Du finder os i ${f.city}.` : null),
];

export const TOPIC_MORE: Sentence[] = [
  (f) =>
    shop(f)
      ? null
      : 'Vi ser gerne på opgaven sammen med dig og giver dig et klart tilbud, før vi går i gang.',
  (f) => (shop(f) ? 'Vi tager os god tid og fortæller dig altid, hvad det koster, før vi går i gang.' : null),
];

export const TOPIC_RELATED_HEADINGS = ['Det hjælper vi også med', 'Andre opgaver'];

export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase('da') + text.slice(1);
}
