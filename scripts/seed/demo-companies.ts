// Fictional demo companies for a fresh install, so a new user sees real-looking sites at once.
// Every CVR here fails the official modulus-11 check, so none can belong to a real company, and
// every e-mail address uses the reserved .example domain.
import type { NewCompany } from '../../db';
import type { NewPage } from '../../db/tables/pages';
import { DEFAULT_HOURS } from '../../rules/hours';

export interface DemoCompany {
  company: NewCompany;
  pages: NewPage[];
}

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    company: {
      cvr: '12345678',
      name: 'Demo Tømrer & Snedker ApS',
      address: 'Eksempelvej 12',
      zipcode: '4000',
      city: 'Roskilde',
      phone: '12 34 56 78',
      email: 'kontakt@demo-toemrer.example',
      industryDesc: 'Tømrer- og bygningssnedkervirksomhed',
      companyDesc: 'Anpartsselskab',
      startDate: '2012-04-01',
      employees: 8,
      theme: 'amber',
      socialMedia: {
        facebook: 'https://facebook.com/demotoemrer',
        instagram: 'https://instagram.com/demotoemrer',
        linkedin: '',
        tiktok: '',
      },
    },
    pages: [
      {
        pageName: 'Forside',
        type: 'homepage',
        layout: 'hero',
        title: 'Tømrerarbejde med omtanke i Roskilde',
        subtitle:
          'Tag, vinduer, køkkener og tilbygninger – udført af faglærte tømrere, til aftalt tid og pris.',
        content: [
          'Demo Tømrer & Snedker er et lokalt tømrerfirma med otte faglærte medarbejdere. Vi løser opgaver for private og erhverv i hele Roskilde-området, fra små reparationer til store tilbygninger.',
          'Vi lægger vægt på at give et klart tilbud, holde det aftalte og rydde op efter os. Du har den samme faste kontaktperson fra første besøg til sidste skrue.',
          'Læs mere [om os](/om-os), eller se [vores ydelser](/ydelser). Ring gerne – vi kommer ud og giver et uforpligtende tilbud.',
        ].join('\n\n'),
        metaTitle: 'Tømrer i Roskilde | Demo Tømrer & Snedker',
        metaDescription:
          'Faglærte tømrere i Roskilde: tag, vinduer, køkkener og tilbygninger. Fast pris, fast kontaktperson og ordentlig oprydning.',
      },
      {
        pageName: 'Om os',
        layout: 'text-image',
        title: 'Om Demo Tømrer & Snedker',
        content: [
          'Firmaet blev startet i 2012 af to svende, der ville lave ordentligt håndværk uden overraskelser på regningen. I dag er vi otte, og de fleste opgaver kommer fra anbefalinger.',
          'Vi er medlem af en godkendt garantiordning, og alle vores tømrere er faglærte. Lærlinge arbejder altid sammen med en erfaren svend.',
        ].join('\n\n'),
      },
      {
        pageName: 'Ydelser',
        layout: 'text',
        title: 'Det hjælper vi med',
        content: [
          'Tag og tagrenovering: nyt tag, udskiftning af lægter og undertag, ovenlysvinduer.',
          'Vinduer og døre: montering af nye vinduer og døre med korrekt fugning og isolering.',
          'Køkkener og inventar: opsætning af køkkener, garderober og skræddersyede løsninger fra vores eget værksted.',
        ].join('\n\n'),
      },
    ],
  },
  {
    company: {
      cvr: '87654321',
      name: 'Demo VVS & Blik',
      address: 'Prøvegade 3',
      zipcode: '5000',
      city: 'Odense C',
      phone: '87 65 43 21',
      email: 'service@demo-vvs.example',
      industryDesc: 'VVS- og blikkenslagerforretninger',
      companyDesc: 'Enkeltmandsvirksomhed',
      startDate: '2018-09-15',
      employees: 3,
      theme: 'blue',
      hours: { ...DEFAULT_HOURS, Lørdag: '09:00 - 12:00' },
    },
    pages: [
      {
        pageName: 'Forside',
        type: 'homepage',
        layout: 'hero',
        title: 'VVS-service i Odense – også når det haster',
        subtitle: 'Badeværelser, varmepumper og reparationer. Vi kommer samme dag ved akutte skader.',
        content: [
          'Demo VVS & Blik er en lille autoriseret VVS-virksomhed i Odense. Vi klarer alt fra dryppende haner til komplette badeværelser og nye varmeanlæg.',
          'Ved vandskade eller stop i afløbet rykker vi ud samme dag. Ring, så finder vi en tid, der passer dig.',
        ].join('\n\n'),
      },
      {
        pageName: 'Om os',
        layout: 'text-image',
        title: 'En autoriseret VVS-installatør tæt på dig',
        content:
          'Vi er tre medarbejdere med mange års erfaring. Som autoriseret virksomhed dokumenterer vi vores arbejde, så du står stærkt ved salg af boligen og over for forsikringen.',
      },
      {
        pageName: 'Badeværelser',
        layout: 'text',
        title: 'Nyt badeværelse fra start til slut',
        content: [
          'Vi koordinerer hele renoveringen: nedrivning, vådrumssikring, fliser, installationer og el.',
          'Du får én samlet pris og én tidsplan, og vi holder dig orienteret undervejs.',
        ].join('\n\n'),
      },
    ],
  },
  {
    company: {
      cvr: '11223344',
      name: 'Demo Malerfirma',
      address: 'Testallé 45',
      zipcode: '8000',
      city: 'Aarhus C',
      phone: '11 22 33 44',
      email: 'info@demo-maler.example',
      industryDesc: 'Malerforretninger',
      companyDesc: 'Interessentskab',
      startDate: '2020-02-01',
      employees: 5,
      theme: 'green',
      showHours: false,
      socialMedia: { facebook: '', instagram: 'https://instagram.com/demomaler', linkedin: '', tiktok: '' },
    },
    pages: [
      {
        pageName: 'Forside',
        type: 'homepage',
        layout: 'hero',
        title: 'Malerarbejde i Aarhus, der holder',
        subtitle: 'Indvendig og udvendig maling for private, boligforeninger og erhverv.',
        content: [
          'Demo Malerfirma maler lejligheder, huse og erhvervslokaler i hele Aarhus. Vi dækker af, maler og rydder op, så du kan flytte ind igen med det samme.',
          'Vi bruger svanemærkede produkter, hvor det er muligt, og giver altid en skriftlig pris før vi går i gang.',
        ].join('\n\n'),
      },
      {
        pageName: 'Om os',
        layout: 'text-image',
        title: 'Fem malere, ét fokus: et flot resultat',
        content:
          'Vi startede i 2020 og er i dag fem faglærte malere. Vi tager både den enkelte stue og hele opgange, og vi overholder de aftalte tider.',
      },
    ],
  },
];
