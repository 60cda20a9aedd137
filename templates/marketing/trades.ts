// The six trade landing pages (the spec's Screens "Trade landing pages"): title, meta description, h1,
// description, main text, four features and the hero image: a screenshot of a real site of that trade,
// made by the product (templates/public/images/examples/<image>-*.webp, scripts/make-example-shots.ts).
import { TRIAL_MONTHS } from '../../rules/plan';

interface TradeFeature {
  title: string;
  text: string;
}

export interface Trade {
  /** URL path without the leading slash, e.g. `tomrer-hjemmeside`. */
  slug: string;
  /** Image name: /images/examples/<image>-{600,1200}.webp and <image>-og.jpg (scripts/make-example-shots.ts). */
  image: string;
  imageAlt: string;
  linkLabel: string;
  title: string;
  metaDescription: string;
  h1: string;
  description: string;
  mainText: readonly string[];
  features: readonly [TradeFeature, TradeFeature, TradeFeature, TradeFeature];
}

export const TRADE_IMAGE_SIZE = { width: 1200, height: 750 } as const;

/** The screenshot of a trade's example site in two widths, for `src` and `srcset`. */
export function exampleImage(image: string): { src: string; srcset: string; og: string } {
  const base = `/images/examples/${image}`;
  return {
    src: `${base}-1200.webp`,
    srcset: `${base}-600.webp 600w, ${base}-1200.webp 1200w`,
    og: `${base}-og.jpg`,
  };
}

export const TRADES: readonly Trade[] = [
  {
    slug: 'tomrer-hjemmeside',
    image: 'tomrer',
    imageAlt: 'Forsiden af en tømrers hjemmeside, lavet med Mesterside',
    linkLabel: 'Hjemmeside til tømrere',
    title: 'Hjemmeside til tømrere | Mesterside',
    metaDescription: `Få en professionel hjemmeside til dit tømrerfirma på under 5 minutter. AI skriver teksterne, du viser dine opgaver. Gratis i ${TRIAL_MONTHS} måneder.`,
    h1: 'Hjemmeside til tømrere',
    description:
      'Vis kunderne dine tage, terrasser og tilbygninger på en hjemmeside, der er skrevet til tømrerfaget og klar på få minutter.',
    mainText: [
      'Som tømrer får du mange opgaver gennem anbefalinger. Men selv en anbefalet kunde slår dig op på nettet, før de ringer. Finder de en gammel side eller slet ingen, ringer de til den næste på listen. Med Mesterside har dit tømrerfirma en hjemmeside, der viser, hvem du er, hvad du laver, og hvor du arbejder.',
      'Du indtaster dit CVR-nummer, og vi henter firmanavn, adresse og branche. Derefter skriver vi de første tekster til din forside og din side om firmaet, målrettet tømrerfaget og din by. Du retter det, du vil, laver sider om tag, vinduer, terrasser og tilbygninger og lægger billeder op af dine bedste opgaver.',
    ],
    features: [
      {
        title: 'Galleri til dine opgaver',
        text: 'Vis terrasser, tage og tilbygninger før og efter, så kunden ser kvaliteten.',
      },
      {
        title: 'En side pr. ydelse',
        text: 'Lav sider om tag, vinduer, gulve og køkkener, så du bliver fundet på hver af dem.',
      },
      {
        title: 'Lokal synlighed',
        text: 'Teksterne nævner dit område, så du dukker op, når nogen søger på tømrer i nærheden.',
      },
      {
        title: 'Ring med ét tryk',
        text: 'Telefonnummeret står øverst på forsiden, og på mobilen er der altid en ring op-knap lige ved hånden.',
      },
    ],
  },
  {
    slug: 'murer-hjemmeside',
    image: 'murer',
    imageAlt: 'Forsiden af en murers hjemmeside, lavet med Mesterside',
    linkLabel: 'Hjemmeside til murere',
    title: 'Hjemmeside til murere | Mesterside',
    metaDescription: `Hjemmeside til murerfirmaer: AI-skrevne tekster til dit fag og din by, galleri til facader og badeværelser. Online på under 5 minutter og gratis i ${TRIAL_MONTHS} måneder.`,
    h1: 'Hjemmeside til murere',
    description:
      'Facader, badeværelser, flisearbejde og tilbygninger: fortæl kunderne om dit murerarbejde på en hjemmeside, der er klar i dag.',
    mainText: [
      'Kunder, der skal have nyt badeværelse eller renoveret facade, vil gerne se, at mureren har styr på det, før de beder om et tilbud. En god hjemmeside med billeder af færdige opgaver og en klar beskrivelse af dine ydelser gør det lettere at vælge dig.',
      'Mesterside skriver de første tekster for dig ud fra dit CVR-nummer og din branche. Du kan selv rette dem og tilføje sider om badeværelser, fliser, facaderenovering og småreparationer, når du har tid. Siden er hurtig, mobilvenlig og bygget til at blive fundet lokalt.',
    ],
    features: [
      {
        title: 'Billeder af færdige badeværelser',
        text: 'Læg billeder op fra mobilen, og vis flisearbejde og facader i et flot galleri.',
      },
      {
        title: 'Tekster om dine ydelser',
        text: 'Lav en side pr. ydelse, og lad AI skrive et forslag til teksten, som du retter til.',
      },
      {
        title: 'Tydelige kontaktoplysninger',
        text: 'Telefon, e-mail og adresse står på hver side, så kunden hurtigt kan få et tilbud.',
      },
      { title: 'Dit eget domæne', text: 'Brug dit eget domæne, eller start på en gratis adresse hos os.' },
    ],
  },
  {
    slug: 'vvs-hjemmeside',
    image: 'vvs',
    imageAlt: 'Forsiden af en VVS-installatørs hjemmeside, lavet med Mesterside',
    linkLabel: 'Hjemmeside til VVS-installatører',
    title: 'Hjemmeside til VVS-installatører | Mesterside',
    metaDescription: `Hjemmeside til VVS-firmaer med telefonnummeret lige ved hånden, åbningstider og AI-skrevne tekster. Klar på under 5 minutter. Gratis i ${TRIAL_MONTHS} måneder, ingen binding.`,
    h1: 'Hjemmeside til VVS-installatører',
    description:
      'Når vandet løber, hvor det ikke skal, søger kunden på mobilen. Sørg for, at de finder dig og kan ringe med det samme.',
    mainText: [
      'VVS-opgaver kommer ofte med kort varsel: et utæt rør, et toilet der løber, et fyr der er gået ud. Kunden søger på telefonen og ringer til den første, der ser troværdig ud. Din hjemmeside skal derfor være hurtig, vise dit telefonnummer tydeligt og fortælle, hvilke områder du dækker.',
      'Mesterside laver en hjemmeside til dit VVS-firma på få minutter, med de første tekster skrevet til dit fag og din by og dine åbningstider på hver side. Du tilføjer selv sider om badeværelser, varmepumper, fjernvarme og service og retter teksterne, når du får nye ydelser eller autorisationer.',
    ],
    features: [
      {
        title: 'Åbningstider og akuthjælp',
        text: 'Vis dine åbningstider, og gør det let at ringe, når det haster.',
      },
      {
        title: 'Sider om dine ydelser',
        text: 'Giv badeværelser, varmepumper, fjernvarme og service hver deres side – så mange, du vil.',
      },
      { title: 'Hurtig på mobilen', text: 'Siden åbner hurtigt, også på en svag forbindelse i en kælder.' },
      {
        title: 'Fundet i dit område',
        text: 'Lokale tekster og strukturerede data hjælper Google med at vise dig i dit område.',
      },
    ],
  },
  {
    slug: 'maler-hjemmeside',
    image: 'maler',
    imageAlt: 'Forsiden af en malers hjemmeside, lavet med Mesterside',
    linkLabel: 'Hjemmeside til malere',
    title: 'Hjemmeside til malere | Mesterside',
    metaDescription: `Hjemmeside til malerfirmaer: vis dine opgaver, få AI-skrevne tekster og vær online på under 5 minutter. Start gratis i ${TRIAL_MONTHS} måneder.`,
    h1: 'Hjemmeside til malere',
    description:
      'Indvendig maling, facader, tapet og spartel: vis kunderne den flotte finish på en hjemmeside, der passer til dit malerfirma.',
    mainText: [
      'Malerarbejde sælges på resultatet. Et rum med skarpe kanter og en jævn overflade siger mere end en lang beskrivelse. Med Mesterside får du et galleri til dine opgaver og tekster, der forklarer, hvordan du arbejder, og hvorfor kunden kan stole på dig.',
      'Vi henter dine firmaoplysninger fra CVR og skriver de første tekster til din forside og din side om firmaet. Du tilføjer selv sider om indvendig og udvendig maling, spartel, tapetsering og træværk, vælger et farvetema, der passer til dit firma, og har en hjemmeside, du er stolt af at sende videre.',
    ],
    features: [
      {
        title: '20 farvetemaer',
        text: 'Vælg farver, der passer til dit logo og dine biler, og se resultatet med det samme.',
      },
      {
        title: 'Galleri med før og efter',
        text: 'Vis forskellen på før og efter, så kunden kan se dit håndværk.',
      },
      {
        title: 'Tekster om alle opgaver',
        text: 'Lav en side til indvendig maling, facader, tapet og gulve, og lad AI foreslå teksten.',
      },
      { title: 'Ubegrænset antal sider', text: 'Tilføj nye sider, når du vil, uden ekstra betaling.' },
    ],
  },
  {
    slug: 'vinduespudser-hjemmeside',
    image: 'vinduespudser',
    imageAlt: 'Forsiden af en vinduespudsers hjemmeside, lavet med Mesterside',
    linkLabel: 'Hjemmeside til vinduespudsere',
    title: 'Hjemmeside til vinduespudsere | Mesterside',
    metaDescription: `Hjemmeside til vinduespudsere: fortæl om faste ruter, priser og områder. De første tekster skrives for dig, online på under 5 minutter, gratis i ${TRIAL_MONTHS} måneder.`,
    h1: 'Hjemmeside til vinduespudsere',
    description:
      'Få flere faste kunder på din rute med en hjemmeside, der viser, hvor du kører, og hvordan man bestiller.',
    mainText: [
      'Som vinduespudser lever du af faste kunder i bestemte områder. Når en ny kunde flytter ind på din rute, skal de kunne finde dig på nettet, se hvilke veje og byer du dækker, og hvordan de kommer i gang. En enkel og overskuelig hjemmeside gør det let at sige ja.',
      'Mesterside skriver de første tekster ud fra din branche og din by. Du kan selv tilføje sider om vinduespudsning for private og erhverv, solceller og tagrender, og en side pr. område, så du bliver fundet i hver by, du kører i.',
    ],
    features: [
      {
        title: 'En side pr. område',
        text: 'Lav sider til de byer og kvarterer, du dækker, og bliv fundet lokalt.',
      },
      { title: 'Private og erhverv', text: 'Beskriv dine ydelser til både husstande, butikker og kontorer.' },
      {
        title: 'Let at kontakte dig',
        text: 'Telefon og e-mail står tydeligt, så nye kunder hurtigt kan bestille.',
      },
      { title: 'Billeder af dit arbejde', text: 'Vis skinnende vinduer og rene solceller i et galleri.' },
    ],
  },
  {
    slug: 'mekaniker-hjemmeside',
    image: 'mekaniker',
    imageAlt: 'Forsiden af en mekanikers hjemmeside, lavet med Mesterside',
    linkLabel: 'Hjemmeside til mekanikere',
    title: 'Hjemmeside til mekanikere og autoværksteder | Mesterside',
    metaDescription: `Hjemmeside til autoværksteder og mekanikere: åbningstider, kontakt og AI-skrevne tekster om dit værksted. Online på under 5 minutter, gratis i ${TRIAL_MONTHS} måneder.`,
    h1: 'Hjemmeside til mekanikere og autoværksteder',
    description:
      'Service, klargøring til syn, dækskifte og reparationer: fortæl bilisterne i dit område, hvorfor de skal vælge dit værksted.',
    mainText: [
      'Bilister vælger ofte værksted ud fra, hvad de finder på nettet: åbningstider, beliggenhed og om værkstedet tager den type bil, de har. En hjemmeside, der svarer på de spørgsmål, giver flere opkald og færre spørgsmål i telefonen.',
      'Mesterside laver en hjemmeside til dit værksted ud fra dit CVR-nummer, med de første tekster skrevet til dig og dine åbningstider på hver side. Du tilføjer selv sider om service, syn, dæk, bremser og aircondition og retter priser og ydelser, når de ændrer sig.',
    ],
    features: [
      {
        title: 'Åbningstider på hver side',
        text: 'Vis hvornår værkstedet har åbent, så kunderne ved, hvornår de kan komme.',
      },
      {
        title: 'Ydelser forklaret',
        text: 'Beskriv service, syn, dæk og bremser på hver sin side, så kunden ved, hvad du tilbyder.',
      },
      { title: 'Kort vej til en tid', text: 'Kunden ringer eller skriver med et tryk, direkte fra mobilen.' },
      { title: 'Sociale medier', text: 'Link til Facebook og Instagram, hvor du viser dagens opgaver.' },
    ],
  },
];
