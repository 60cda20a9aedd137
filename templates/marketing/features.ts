// The 11 features on /funktioner (the spec's Screens "Funktioner", Limits "Features: 11 items"): the ten the spec
// names plus local visibility on Google.
export interface Feature {
  title: string;
  text: string;
}

export const FEATURES: readonly Feature[] = [
  {
    title: 'AI-skrevne tekster',
    text: 'Vi skriver de første tekster til din forside og din side om firmaet ud fra dine oplysninger i CVR-registret: branche, by og kontaktoplysninger. Du kan altid rette dem selv eller lade AI skrive et nyt forslag til en side, op til fem gange om dagen.',
  },
  {
    title: 'Overskueligt kontrolpanel',
    text: 'Når du logger ind, står det hele samlet ét sted: dine sider, dit billedarkiv og indstillingerne for hjemmesiden. Et banner viser, hvor lang tid der er tilbage af din gratis prøveperiode.',
  },
  {
    title: 'Sidestyring',
    text: 'Opret, omdøb og slet sider med få klik. Hver side har sin egen overskrift, tekst, billeder og sit eget layout, og nye sider kommer automatisk med i menuen under det navn, du giver dem.',
  },
  {
    title: 'Billedarkiv',
    text: 'Læg op til 15 billeder af dit arbejde op ét sted og brug dem på alle sider. Store billeder fra telefonen bliver automatisk gjort mindre, så siden stadig er hurtig på mobilen.',
  },
  {
    title: 'Kontaktoplysninger',
    text: 'Telefon, e-mail, adresse og åbningstider står tydeligt på hver side. På mobilen har kunderne en ring op-knap lige ved hånden, så de kan ringe til dig med et enkelt tryk.',
  },
  {
    title: 'Sociale medier',
    text: 'Link til din Facebook, Instagram, LinkedIn og TikTok, så kunderne kan følge med i dine opgaver og se, at du er aktiv.',
  },
  {
    title: 'Galleri',
    text: 'Vis dine bedste opgaver i et galleri. Før- og efterbilleder overbeviser bedre end mange ord, og de viser kunden præcis, hvad du kan.',
  },
  {
    title: 'Farvetemaer',
    text: 'Vælg mellem 20 farvetemaer og se resultatet med det samme. Få en hjemmeside, der passer til dine biler, dit arbejdstøj og dit logo.',
  },
  {
    title: 'Mobilvenlig',
    text: 'De fleste kunder finder dig på telefonen. Din hjemmeside er bygget til mobilen fra starten og ser lige så godt ud på en stor skærm.',
  },
  {
    title: 'Ubegrænset antal sider',
    text: 'Lav en side til hver ydelse, hvert område eller hvert projekt. Der er ingen grænse og ingen ekstra pris for flere sider.',
  },
  {
    title: 'Lokal synlighed på Google',
    text: 'Titler, beskrivelser, sitemap og strukturerede data sættes op for dig, så Google forstår, hvad du laver, og hvor du arbejder. Det giver dig bedre chancer, når nogen i dit område søger efter en håndværker.',
  },
];
