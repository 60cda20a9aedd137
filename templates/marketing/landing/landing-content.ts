// The landing page's fixed texts (the spec's Overview, Screens Landing page): benefits, industry groups, example
// pages, the story and the price. Company cards come from the data (generator/landing-model.ts).
import { TRIAL_MONTHS } from '../../../rules/plan';

export const LANDING_TITLE = 'Hjemmeside til håndværkere på 5 minutter | Mesterside';
export const LANDING_DESCRIPTION = `Få en professionel hjemmeside til dit håndværkerfirma på 5 minutter. AI skriver teksterne, siden er optimeret til lokal søgning, og du starter gratis i ${TRIAL_MONTHS} måneder.`;

export const BENEFITS = [
  {
    title: 'Klar på 5 minutter',
    text: 'Skriv dit CVR-nummer, bekræft oplysningerne og vælg en adgangskode. Vi henter resten og lægger siden online.',
  },
  {
    title: 'AI skriver teksterne',
    text: 'De første tekster skrives til dit fag og din by. Du retter dem, hvis du vil – ellers er de klar.',
  },
  {
    title: 'Findes lokalt på Google',
    text: 'Titler, adresse og åbningstider er sat op, så Google forstår, hvor du arbejder, og hvad du laver.',
  },
  {
    title: 'Lynhurtig på mobilen',
    text: 'Siderne vejer næsten ingenting og åbner med det samme – også på en byggeplads med dårlig dækning.',
  },
] as const;

export const INDUSTRIES = [
  { title: 'Byggeri', trades: 'Tømrer, murer, maler, snedker og tagdækker', href: '/tomrer-hjemmeside' },
  { title: 'Installation', trades: 'VVS, elektriker, ventilation og varmepumper', href: '/vvs-hjemmeside' },
  { title: 'Anlæg', trades: 'Kloakmester, anlægsgartner, brolægger og vognmand', href: '/onboarding' },
  { title: 'Frisør og skønhed', trades: 'Frisør, barber, negle og kosmetolog', href: '/onboarding' },
  { title: 'Auto', trades: 'Mekaniker, autolakerer, dækcenter og pladesmed', href: '/mekaniker-hjemmeside' },
] as const;

/**
 * The example pages (the spec's Overview: bricklayer, plumber, mechanic, carpenter), shown in the lightbox: screenshots
 * of real sites the product made for the demo registry's companies (scripts/make-example-shots.ts).
 */
export const EXAMPLE_PAGES = [
  {
    image: 'murer',
    title: 'Murer',
    href: '/murer-hjemmeside',
    alt: 'Forsiden af en murers hjemmeside, lavet med Mesterside',
  },
  {
    image: 'vvs',
    title: 'VVS-installatør',
    href: '/vvs-hjemmeside',
    alt: 'Forsiden af en VVS-installatørs hjemmeside, lavet med Mesterside',
  },
  {
    image: 'mekaniker',
    title: 'Mekaniker',
    href: '/mekaniker-hjemmeside',
    alt: 'Forsiden af en mekanikers hjemmeside, lavet med Mesterside',
  },
  {
    image: 'tomrer',
    title: 'Tømrer',
    href: '/tomrer-hjemmeside',
    alt: 'Forsiden af en tømrers hjemmeside, lavet med Mesterside',
  },
] as const;

export const STORY = [
  'Mesterside startede ved et køkkenbord i Jylland, hvor en tømrermester havde betalt et bureau 18.000 kr. for en hjemmeside, han ikke selv kunne rette i. Telefonnummeret var forkert i et halvt år, fordi det krævede en mail og en faktura at få det ændret.',
  'Vi byggede det værktøj, vi selv ville have haft: en side, der er klar på få minutter, skrevet i et sprog kunderne forstår, og som du retter fra mobilen i frokostpausen. Ingen binding, ingen timepris og ingen tekniske ord.',
] as const;

export const PRICE_POINTS = [
  `${TRIAL_MONTHS} måneder gratis`,
  'Ingen binding – stop når du vil',
  'Intet kort ved oprettelse',
  'Ubegrænset antal sider',
  'Gratis support på dansk',
] as const;
