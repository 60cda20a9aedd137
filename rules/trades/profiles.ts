// The trade profiles: one row per trade, data only. The site writers (api/ai/) read them to write
// about a company's work; find-trade.ts picks the row from the DB07 code, the industry description or
// the company name. Danish as a customer would search for it and read it.
import type { BookableService, NounForms, OtherTrade, TradeProfile } from './types';

function noun(
  singular: string,
  singularDefinite: string,
  plural: string,
  pluralDefinite: string,
  gender: NounForms['gender'] = 'common',
): NounForms {
  return { singular, singularDefinite, plural, pluralDefinite, gender };
}

/** A bookable service; durations are what the trade usually books, for the owner to adjust. */
function book(name: string, minutes: number, bufferMinutes = 0): BookableService {
  return { name, minutes, bufferMinutes };
}

const ALL = ['privat', 'erhverv', 'boligforeninger'] as const;

export const TRADE_PROFILES: readonly TradeProfile[] = [
  {
    id: 'tomrer',
    noun: noun('tømrer', 'tømreren', 'tømrere', 'tømrerne'),
    workplace: 'onsite',
    photoExamples: 'taget, vinduet eller skaden',
    codes: ['433200'],
    stems: ['tømrer', 'bygningssnedker'],
    services: [
      'Nye vinduer og døre',
      'Nyt tag og tagrenovering',
      'Tilbygninger og ombygning',
      'Terrasser og hegn',
      'Carporte, skure og udhuse',
      'Efterisolering af loft og vægge',
      'Montering af køkken og gulve',
      'Reparationer og vedligeholdelse',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Giver I et fast tilbud?',
        answer: 'Ja. Vi kommer gerne ud og ser på opgaven og giver dig et skriftligt tilbud med fast pris.',
      },
      {
        question: 'Kan I også tage de små opgaver?',
        answer: 'Ja, vi hjælper gerne med alt fra en dør, der binder, til en hel tilbygning.',
      },
      {
        question: 'Hvem søger byggetilladelse?',
        answer: 'Vi hjælper dig med at finde ud af, om opgaven kræver en tilladelse, og med ansøgningen.',
      },
    ],
    keywords: ['tømrer', 'tømrermester', 'tømrerfirma'],
  },
  {
    id: 'snedker',
    noun: noun('snedker', 'snedkeren', 'snedkere', 'snedkerne'),
    workplace: 'onsite',
    photoExamples: 'rummet, skabet eller døren',
    codes: ['162300', '310900'],
    stems: ['snedker', 'møbelsnedker'],
    services: [
      'Køkkener efter mål',
      'Skabe og garderobeskabe',
      'Indbygningsmøbler og reoler',
      'Trapper i træ',
      'Vinduer og døre efter mål',
      'Bordplader og vindueskarme',
      'Restaurering af gamle møbler',
    ],
    customers: ['privat', 'erhverv'],
    questions: [
      {
        question: 'Kan I lave møbler efter egne mål?',
        answer: 'Ja. Vi tager mål hjemme hos dig og laver løsningen, så den passer præcis til rummet.',
      },
      {
        question: 'Hvilke træsorter arbejder I med?',
        answer: 'Vi arbejder med de fleste træsorter og rådgiver gerne om, hvad der holder bedst til brugen.',
      },
      {
        question: 'Hvor lang tid tager en opgave?',
        answer: 'Det afhænger af opgaven. Du får en tidsplan sammen med tilbuddet.',
      },
    ],
    keywords: ['snedker', 'snedkermester', 'møbelsnedker'],
  },
  {
    id: 'murer',
    noun: noun('murer', 'mureren', 'murere', 'murerne'),
    workplace: 'onsite',
    photoExamples: 'muren, facaden eller revnen',
    codes: ['439910'],
    stems: ['murer', 'murværk'],
    services: [
      'Nyt badeværelse med fliser',
      'Facaderenovering og fugning',
      'Omfugning af murværk',
      'Pudsning og vandskuring',
      'Klinker og flisearbejde',
      'Tilbygninger i mursten',
      'Reparation af skorsten',
      'Sokkelpuds og småreparationer',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan I lave hele badeværelset?',
        answer:
          'Ja. Vi klarer murerarbejdet og aftaler resten med de andre håndværkere, så du har én kontakt.',
      },
      {
        question: 'Hvornår skal facaden omfuges?',
        answer:
          'Når fugerne smuldrer eller falder ud. Vi kigger gerne på din facade og siger ærligt, hvad der er brug for.',
      },
      {
        question: 'Arbejder I også om vinteren?',
        answer: 'Ja, indendørs opgaver som badeværelser og flisearbejde kan laves hele året.',
      },
    ],
    keywords: ['murer', 'murermester', 'murerfirma'],
  },
  {
    id: 'maler',
    noun: noun('maler', 'maleren', 'malere', 'malerne'),
    workplace: 'onsite',
    photoExamples: 'væggen, facaden eller træværket',
    // 433400 'Malerforretninger og glarmestre' is shared with the glarmester: the name decides.
    codes: ['433410', '433400'],
    stems: ['maler'],
    services: [
      'Maling af lejligheder og huse',
      'Udvendig maling af træ og facader',
      'Maling af vinduer og døre',
      'Spartling og tapetsering',
      'Loft- og vægbehandling',
      'Maling af trapper og gulve',
      'Istandsættelse ved fraflytning',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Skal jeg selv flytte møbler?',
        answer: 'Nej, det aftaler vi. Vi dækker af og flytter det nødvendige, så dine ting er beskyttet.',
      },
      {
        question: 'Hvornår er det bedst at male udvendigt?',
        answer: 'Fra forår til sensommer, når træet er tørt, og det ikke fryser om natten.',
      },
      {
        question: 'Hjælper I med at vælge farver?',
        answer: 'Ja, vi rådgiver gerne om farver og om den maling, der passer til underlaget.',
      },
    ],
    keywords: ['maler', 'malermester', 'malerfirma'],
  },
  {
    id: 'vvs',
    noun: noun('VVS-installatør', 'VVS-installatøren', 'VVS-installatører', 'VVS-installatørerne'),
    workplace: 'onsite',
    photoExamples: 'badeværelset, hanen eller utætheden',
    codes: ['432200'],
    stems: ['vvs', 'vvs- og blikkenslager', 'rørlægger', 'gasinstallat', 'gasservice'],
    weakStems: ['sanitet', 'varmepumpe'],
    services: [
      'Nyt badeværelse',
      'Udskiftning af toilet og armaturer',
      'Varmepumper og fjernvarme',
      'Service på gasfyr og oliefyr',
      'Gulvvarme',
      'Utætte rør og vandskader',
      'Nye vandrør og afløb',
      'Vandvarmere og varmtvandsbeholdere',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan I komme hurtigt ved en vandskade?',
        answer:
          'Vi gør, hvad vi kan, for at komme hurtigt ud, når vandet løber. Ring, så finder vi en løsning.',
      },
      {
        question: 'Er I autoriserede?',
        answer:
          'Arbejde på vand, varme og afløb skal udføres af en autoriseret installatør. Spørg os gerne om vores autorisation.',
      },
      {
        question: 'Kan I hjælpe med en varmepumpe?',
        answer: 'Ja, vi rådgiver om, hvilken løsning der passer til dit hus, og sørger for installationen.',
      },
    ],
    keywords: ['VVS', 'VVS-installatør', 'blikkenslager'],
  },
  {
    id: 'blikkenslager',
    noun: noun('blikkenslager', 'blikkenslageren', 'blikkenslagere', 'blikkenslagerne'),
    workplace: 'onsite',
    photoExamples: 'taget, tagrenden eller inddækningen',
    // 432200 'VVS- og blikkenslagerforretninger' is shared with VVS: the name decides.
    codes: ['432200'],
    stems: ['blikkenslager'],
    weakStems: ['blik'],
    services: [
      'Tagrender og nedløb',
      'Zinktage og kobbertage',
      'Inddækninger af skorsten og kviste',
      'Afdækning af murkroner',
      'Rensning af tagrender',
      'Reparation af tagrender',
      'Pladearbejde efter mål',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Hvornår skal tagrenden skiftes?',
        answer:
          'Når den er utæt, rusten eller hænger. Vi kigger gerne på den og siger, om en reparation er nok.',
      },
      {
        question: 'Hvilke materialer arbejder I med?',
        answer:
          'Vi arbejder blandt andet med zink, kobber og stål og rådgiver om, hvad der passer til huset.',
      },
      {
        question: 'Renser I også tagrender?',
        answer: 'Ja, og vi ser samtidig efter, om der er skader, der bør udbedres.',
      },
    ],
    keywords: ['blikkenslager', 'tagrender', 'zinktag'],
  },
  {
    id: 'elektriker',
    noun: noun('elektriker', 'elektrikeren', 'elektrikere', 'elektrikerne'),
    workplace: 'onsite',
    photoExamples: 'eltavlen, stikkontakten eller rummet',
    codes: ['432100'],
    stems: ['elektriker', 'elinstallat', 'el-installat', 'elektro', 'el-service', 'elservice'],
    nameWords: ['el'],
    services: [
      'Nye stikkontakter og lamper',
      'Ny eltavle og HFI-relæ',
      'Ladestander til elbil',
      'El til køkken og badeværelse',
      'Fejlfinding og reparation',
      'Udendørs belysning',
      'Solceller',
      'Eftersyn af elinstallationer',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Må jeg selv skifte en stikkontakt?',
        answer:
          'Nogle små opgaver må du selv lave, men de fleste elarbejder kræver en autoriseret elinstallatør.',
      },
      {
        question: 'Kan I sætte en ladestander op?',
        answer: 'Ja, vi tjekker først, om din eltavle kan klare det, og giver dig en fast pris.',
      },
      {
        question: 'Hvad gør jeg, hvis strømmen går hele tiden?',
        answer: 'Ring til os. Det kan være en fejl i installationen, og den skal findes af en fagmand.',
      },
    ],
    keywords: ['elektriker', 'elinstallatør', 'el-firma'],
  },
  {
    id: 'kloakmester',
    noun: noun('kloakmester', 'kloakmesteren', 'kloakmestre', 'kloakmestrene'),
    workplace: 'onsite',
    photoExamples: 'kloakdækslet, afløbet eller skaden',
    codes: ['370000'],
    stems: ['kloak', 'kloakmester'],
    weakStems: ['afløb', 'spildevand'],
    services: [
      'Ny kloak og omlægning af kloak',
      'TV-inspektion af kloakrør',
      'Rottespærre',
      'Nedsivningsanlæg og faskiner',
      'Dræn omkring huset',
      'Separatkloakering',
      'Reparation af kloakrør',
      'Regnvandsanlæg',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Hvordan finder I fejlen i kloakken?',
        answer:
          'Med en TV-inspektion ser vi rørene indefra, så vi kun graver op dér, hvor det er nødvendigt.',
      },
      {
        question: 'Hvad gør jeg ved rotter?',
        answer: 'Rotter kommer ofte ind gennem en defekt kloak. Vi finder skaden og lukker vejen for dem.',
      },
      {
        question: 'Er I autoriserede?',
        answer:
          'Kloakarbejde skal udføres af en autoriseret kloakmester. Spørg os gerne om vores autorisation.',
      },
    ],
    keywords: ['kloakmester', 'kloakfirma', 'autoriseret kloakmester'],
  },
  {
    id: 'anlaegsgartner',
    noun: noun('anlægsgartner', 'anlægsgartneren', 'anlægsgartnere', 'anlægsgartnerne'),
    workplace: 'onsite',
    photoExamples: 'haven, terrassen eller indkørslen',
    codes: ['813000'],
    stems: ['anlægsgartner', 'haveanlæg'],
    weakStems: ['landskab'],
    services: [
      'Anlæg af ny have',
      'Belægning og indkørsler',
      'Terrasser i sten og træ',
      'Nyt græs og rullegræs',
      'Hegn og hække',
      'Beplantning',
      'Støttemure og trapper i haven',
      'Pleje af grønne områder',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan I hjælpe med at tegne haven?',
        answer: 'Ja, vi laver gerne en plan for haven ud fra dine ønsker, så du ved, hvad du får.',
      },
      {
        question: 'Hvornår er det bedst at plante?',
        answer: 'Forår og efterår er de bedste tider, men meget kan plantes hele sæsonen.',
      },
      {
        question: 'Passer I også grønne områder for foreninger?',
        answer: 'Ja, vi tager faste plejeaftaler for både boligforeninger og virksomheder.',
      },
    ],
    keywords: ['anlægsgartner', 'havefirma', 'belægning'],
  },
  {
    id: 'brolaegger',
    noun: noun('brolægger', 'brolæggeren', 'brolæggere', 'brolæggerne'),
    workplace: 'onsite',
    photoExamples: 'indkørslen, terrassen eller fliserne',
    codes: [],
    stems: ['brolæg'],
    weakStems: ['belægning'],
    services: [
      'Ny indkørsel',
      'Fliser og terrasser',
      'Brosten og chaussésten',
      'Kantsten og stier',
      'Omlægning af gamle fliser',
      'Belægning til parkeringspladser',
      'Afvanding af belægning',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Hvor lang tid tager en ny indkørsel?',
        answer: 'En almindelig indkørsel tager typisk et par dage. Du får en tidsplan sammen med tilbuddet.',
      },
      {
        question: 'Kan I genbruge mine gamle fliser?',
        answer: 'Ofte ja. Vi ser på dem og siger ærligt, om de kan lægges om.',
      },
      {
        question: 'Hvorfor synker fliser?',
        answer: 'Som regel fordi underlaget ikke er gravet ud og komprimeret godt nok. Det gør vi grundigt.',
      },
    ],
    keywords: ['brolægger', 'brolæggermester', 'belægning'],
  },
  {
    id: 'tagdaekker',
    noun: noun('tagdækker', 'tagdækkeren', 'tagdækkere', 'tagdækkerne'),
    workplace: 'onsite',
    photoExamples: 'taget, tagstenene eller skaden',
    codes: ['439100'],
    stems: ['tagdæk', 'tagpap'],
    weakStems: ['tag-'],
    services: [
      'Nyt tag',
      'Tagpap på fladt tag',
      'Reparation af utæt tag',
      'Tegltag og betontag',
      'Eftersyn af tag',
      'Ovenlysvinduer',
      'Ståltag og tagplader',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Hvordan ved jeg, om taget skal skiftes?',
        answer:
          'Vi laver gerne et eftersyn og siger ærligt, om en reparation er nok, eller om taget skal skiftes.',
      },
      {
        question: 'Kan I komme hurtigt, hvis taget er utæt?',
        answer:
          'Ja, vi prioriterer utætte tage og sørger for en midlertidig løsning, hvis det er nødvendigt.',
      },
      {
        question: 'Hvor længe holder tagpap?',
        answer: 'Et godt lagt tagpaptag holder typisk mange år, især når det bliver set efter jævnligt.',
      },
    ],
    keywords: ['tagdækker', 'tagfirma', 'tagpap'],
  },
  {
    id: 'taekkemand',
    noun: noun('tækkemand', 'tækkemanden', 'tækkemænd', 'tækkemændene'),
    workplace: 'onsite',
    photoExamples: 'stråtaget, rygningen eller skaden',
    // 439100 'Tagdækning' is shared with the tagdækker: the name decides.
    codes: ['439100'],
    stems: ['tækkemand', 'tækkemænd', 'tække', 'stråtag'],
    services: [
      'Nyt stråtag',
      'Omlægning af stråtag',
      'Reparation af stråtag',
      'Ny rygning',
      'Brandsikring af stråtag',
      'Eftersyn af stråtag',
      'Kviste og inddækninger i strå',
    ],
    customers: ['privat', 'erhverv'],
    questions: [
      {
        question: 'Hvor længe holder et stråtag?',
        answer:
          'Et godt lagt stråtag kan holde i 30 til 40 år. Nordsiden slides som regel hurtigere end sydsiden.',
      },
      {
        question: 'Hvornår skal rygningen skiftes?',
        answer:
          'Rygningen slides hurtigere end resten af taget. Vi ser på den, når vi alligevel er på taget.',
      },
      {
        question: 'Kan et stråtag brandsikres?',
        answer:
          'Ja, for eksempel med brandplader under strået. Vi fortæller dig, hvad der passer til dit hus.',
      },
    ],
    keywords: ['tækkemand', 'stråtag', 'tækkefirma'],
  },
  {
    id: 'glarmester',
    noun: noun('glarmester', 'glarmesteren', 'glarmestre', 'glarmestrene'),
    workplace: 'onsite',
    photoExamples: 'ruden, vinduet eller skaden',
    codes: ['433420', '433400'],
    stems: ['glarmester', 'glarmest'],
    weakStems: ['glas'],
    services: [
      'Udskiftning af termoruder',
      'Punkterede ruder',
      'Glas til brusenicher',
      'Spejle efter mål',
      'Glasværn og glasdøre',
      'Akut glasskade',
      'Sikkerhedsglas',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Hvordan ser jeg, at en rude er punkteret?',
        answer: 'Der kommer dug mellem glassene. Så isolerer ruden dårligere og bør skiftes.',
      },
      {
        question: 'Kan I komme ved et indbrud?',
        answer: 'Ja, vi lukker hullet hurtigt og sætter nyt glas i, så snart det er klar.',
      },
      {
        question: 'Laver I glas efter mål?',
        answer: 'Ja, vi tager mål og skærer glasset, så det passer præcist.',
      },
    ],
    keywords: ['glarmester', 'glasfirma', 'termoruder'],
  },
  {
    id: 'gulvlaegger',
    noun: noun('gulvlægger', 'gulvlæggeren', 'gulvlæggere', 'gulvlæggerne'),
    workplace: 'onsite',
    photoExamples: 'gulvet, rummet eller skaden',
    codes: ['433300'],
    stems: ['gulv', 'gulvbelægning'],
    services: [
      'Nye trægulve',
      'Slibning af gulve',
      'Lakering og olie af gulve',
      'Vinyl og linoleum',
      'Tæpper',
      'Laminatgulve',
      'Reparation af gulve',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Hvor mange gange kan et gulv slibes?',
        answer: 'Et massivt trægulv kan slibes mange gange. Vi ser på dit gulv og siger, hvad der er muligt.',
      },
      {
        question: 'Hvor lang tid skal lakken tørre?',
        answer: 'Du kan som regel gå på gulvet efter et døgn, men møbler skal vente lidt længere.',
      },
      {
        question: 'Hvilket gulv passer til køkkenet?',
        answer: 'Vi rådgiver gerne om et gulv, der tåler vand og slid, og som passer til resten af huset.',
      },
    ],
    keywords: ['gulvlægger', 'gulvsliber', 'gulvfirma'],
  },
  {
    id: 'smed',
    noun: noun('smed', 'smeden', 'smede', 'smedene'),
    workplace: 'onsite',
    photoExamples: 'trappen, rækværket eller lågen',
    codes: ['251100', '256200'],
    stems: ['smed', 'metalkonstruktion', 'stålkonstruktion'],
    weakStems: ['maskinværksted'],
    services: [
      'Trapper og gelændere i stål',
      'Stålbjælker til ombygning',
      'Porte og låger',
      'Altaner',
      'Svejsning og reparation',
      'Værn og rækværk',
      'Specialopgaver i metal',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan I lave en ståltrappe efter mål?',
        answer: 'Ja, vi tager mål, tegner og laver trappen, så den passer til huset.',
      },
      {
        question: 'Hjælper I med stålbjælker ved ombygning?',
        answer: 'Ja, vi leverer og monterer bjælker efter ingeniørens beregning.',
      },
      {
        question: 'Laver I også små reparationer?',
        answer: 'Ja, en knækket låge eller et løst gelænder er også en opgave for os.',
      },
    ],
    keywords: ['smed', 'smedemester', 'smedefirma'],
  },
  {
    id: 'laasesmed',
    noun: noun('låsesmed', 'låsesmeden', 'låsesmede', 'låsesmedene'),
    workplace: 'onsite',
    photoExamples: 'låsen, døren eller skaden',
    codes: [],
    stems: ['låsesmed', 'låse'],
    weakStems: ['nøgle'],
    services: [
      'Oplukning af dør',
      'Skift af lås og cylinder',
      'Sikring mod indbrud',
      'Nøgler og nøglesystemer',
      'Elektroniske låse',
      'Dørpumper og beslag',
      'Sikring af boligforeninger og erhverv',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Jeg er låst ude. Hvad gør jeg?',
        answer: 'Ring til os. Vi lukker op uden at ødelægge mere end nødvendigt.',
      },
      {
        question: 'Hvornår skal låsen skiftes?',
        answer: 'Når du flytter ind, har mistet en nøgle, eller når låsen er slidt eller let at bryde op.',
      },
      {
        question: 'Kan I sikre mit hus mod indbrud?',
        answer: 'Ja, vi gennemgår døre og vinduer og foreslår den sikring, der giver mening.',
      },
    ],
    keywords: ['låsesmed', 'låseservice', 'døroplukning'],
  },
  {
    id: 'stenhugger',
    noun: noun('stenhugger', 'stenhuggeren', 'stenhuggere', 'stenhuggerne'),
    workplace: 'onsite',
    photoExamples: 'stenen, bordpladen eller gravstenen',
    codes: ['237000'],
    stems: ['stenhug', 'gravsten', 'mindesten'],
    weakStems: ['natursten'],
    services: [
      'Gravsten og mindesten',
      'Nye navne på gravsten',
      'Rens og opretning af gravsten',
      'Bordplader i granit',
      'Trappetrin i natursten',
      'Vindueskarme og sålbænke',
      'Husnumre og skilte i sten',
    ],
    customers: ['privat', 'erhverv'],
    questions: [
      {
        question: 'Kan I hugge et navn mere på en gravsten?',
        answer:
          'Ja. Vi tager stenen med hjem på værkstedet og hugger navnet, så skriften passer til den, der står der i forvejen.',
      },
      {
        question: 'Hvor lang tid går der, før en ny gravsten står på kirkegården?',
        answer: 'Regn med nogle uger fra bestillingen. Vi aftaler tidsplanen med dig, når du har valgt sten.',
      },
      {
        question: 'Sørger I for kirkegårdens godkendelse?',
        answer: 'Ja, vi sender tegningen af stenen og inskriptionen til kirkegården og får den godkendt.',
      },
      {
        question: 'Hvilken sten holder bedst til en bordplade?',
        answer:
          'Granit tåler både varme og ridser. Kom forbi og se prøverne, så du kan se og mærke forskellen.',
      },
    ],
    keywords: ['stenhugger', 'stenhuggeri', 'gravsten'],
  },
  {
    id: 'isolator',
    noun: noun('isolatør', 'isolatøren', 'isolatører', 'isolatørerne'),
    workplace: 'onsite',
    photoExamples: 'loftet, væggen eller kælderen',
    codes: ['432910'],
    stems: ['isoler', 'isolat'],
    services: [
      'Efterisolering af loft',
      'Hulmursisolering',
      'Isolering af krybekælder',
      'Isolering af rør og tekniske anlæg',
      'Indblæsning af granulat',
      'Tætning af træk',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan det betale sig at efterisolere?',
        answer: 'Ofte ja. Især lofter og hulmure giver hurtigt en lavere varmeregning og et bedre indeklima.',
      },
      {
        question: 'Hvor lang tid tager en hulmursisolering?',
        answer: 'I et almindeligt parcelhus er arbejdet som regel klaret på en dag.',
      },
      {
        question: 'Gør det noget, at huset er gammelt?',
        answer: 'Nej, men vi ser altid på huset først, så isoleringen ikke giver fugtproblemer.',
      },
    ],
    keywords: ['isolatør', 'efterisolering', 'hulmursisolering'],
  },
  {
    id: 'ventilation',
    noun: noun(
      'ventilationsfirma',
      'ventilationsfirmaet',
      'ventilationsfirmaer',
      'ventilationsfirmaerne',
      'neuter',
    ),
    workplace: 'onsite',
    photoExamples: 'anlægget, emhætten eller rummet',
    codes: [],
    stems: ['ventilation'],
    weakStems: ['klima'],
    services: [
      'Ventilationsanlæg til boligen',
      'Varmegenvinding',
      'Emhætter og udsug',
      'Service og filterskift',
      'Rensning af kanaler',
      'Ventilation til erhverv',
      'Aircondition og køling',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Hvor tit skal filtrene skiftes?',
        answer: 'Som regel en til to gange om året. Vi kan tage det med i en fast serviceaftale.',
      },
      {
        question: 'Hvorfor ventilation med varmegenvinding?',
        answer: 'Du får frisk luft uden at lukke varmen ud, og det giver et bedre indeklima.',
      },
      {
        question: 'Kan I servicere et anlæg, I ikke selv har sat op?',
        answer: 'Ja, vi servicerer de fleste almindelige anlæg.',
      },
    ],
    keywords: ['ventilation', 'ventilationsanlæg', 'varmegenvinding'],
  },
  {
    id: 'skorstensfejer',
    noun: noun('skorstensfejer', 'skorstensfejeren', 'skorstensfejere', 'skorstensfejerne'),
    workplace: 'onsite',
    photoExamples: 'skorstenen, brændeovnen eller fyret',
    codes: [],
    stems: ['skorstensfej'],
    services: [
      'Fejning af skorsten',
      'Eftersyn af brændeovn',
      'Syn af nye ildsteder',
      'Rådgivning om fyring',
      'Kontrol af røgrør',
      'Fejning af oliefyr',
    ],
    customers: ['privat', 'erhverv'],
    questions: [
      {
        question: 'Hvor tit skal skorstenen fejes?',
        answer:
          'Det afhænger af, hvor meget du fyrer. Vi kommer på de faste tidspunkter og aftaler resten med dig.',
      },
      {
        question: 'Skal en ny brændeovn synes?',
        answer: 'Ja, en ny brændeovn skal anmeldes og synes, før du tager den i brug.',
      },
      {
        question: 'Hvordan fyrer jeg rigtigt?',
        answer: 'Brug tørt brænde og god lufttilførsel. Vi giver gerne gode råd, når vi kommer forbi.',
      },
    ],
    keywords: ['skorstensfejer', 'skorstensfejning', 'brændeovn'],
  },
  {
    id: 'byggefirma',
    noun: noun('byggefirma', 'byggefirmaet', 'byggefirmaer', 'byggefirmaerne', 'neuter'),
    workplace: 'onsite',
    photoExamples: 'huset, rummet eller opgaven',
    codes: ['412000'],
    stems: ['byggefirma', 'byggeforretning', 'totalentrepri', 'hovedentrepri'],
    weakStems: ['opførelse af'],
    services: [
      'Nybyggeri og tilbygninger',
      'Nyt badeværelse',
      'Renovering af huse og lejligheder',
      'Ombygning af hele huset',
      'Nyt køkken',
      'Udestuer og overdækninger',
      'Totalentreprise med én kontakt',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan I stå for hele byggeriet?',
        answer: 'Ja. Vi koordinerer alle fag, så du kun har én at holde kontakten med.',
      },
      {
        question: 'Hjælper I med byggetilladelsen?',
        answer: 'Ja, vi hjælper med tegninger og ansøgningen til kommunen, når opgaven kræver det.',
      },
      {
        question: 'Hvad sker der, hvis vi ændrer noget undervejs?',
        answer: 'Så aftaler vi prisen på ændringen, før den bliver lavet. Du får den skriftligt.',
      },
    ],
    keywords: ['byggefirma', 'totalentreprise', 'tilbygning'],
  },
  {
    id: 'stukkator',
    noun: noun('stukkatør', 'stukkatøren', 'stukkatører', 'stukkatørerne'),
    workplace: 'onsite',
    photoExamples: 'stukken, loftet eller skaden',
    codes: ['433100'],
    stems: ['stukkatør', 'stukkatur', 'stuk'],
    services: [
      'Restaurering af gammel stuk',
      'Nye gesimser og rosetter',
      'Pudsede lofter og vægge',
      'Reparation af revner i lofter',
      'Stuk støbt efter gamle forlæg',
      'Akustikpuds og lydlofter',
      'Stukarbejde på facader',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan I lave ny stuk, der passer til den gamle?',
        answer: 'Ja. Vi tager et aftryk af den stuk, du har, og støber nye stykker, der passer til resten.',
      },
      {
        question: 'Kan revner i loftet repareres?',
        answer:
          'Som regel ja. Vi finder først ud af, hvorfor loftet revner, og reparerer det, så det holder.',
      },
      {
        question: 'Hvor meget snavs giver arbejdet?',
        answer: 'Vi dækker gulve og møbler af og rydder op hver dag, så du kan bo i huset imens.',
      },
    ],
    keywords: ['stukkatør', 'stukkatørmester', 'stukarbejde'],
  },
  {
    id: 'fuger',
    noun: noun('fuger', 'fugeren', 'fugere', 'fugerne'),
    workplace: 'onsite',
    photoExamples: 'fugerne, vinduet eller badeværelset',
    codes: [],
    stems: ['fuger', 'fugning', 'fugefirma', 'fugemester', 'fugeteknik'],
    services: [
      'Fuger omkring vinduer og døre',
      'Fuger i badeværelset',
      'Udskiftning af utætte fuger',
      'Fuger i køkken og bryggers',
      'Facadefuger og dilatationsfuger',
      'Fuger i elementbyggeri',
      'Brandfuger',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Hvornår skal fugerne skiftes?',
        answer: 'Når de er revnede, hårde eller slipper kanten. Så kan der trænge vand og træk ind.',
      },
      {
        question: 'Hvor længe holder en fuge?',
        answer: 'En god fuge holder i mange år, men sol og regn slider mest på dem udenfor.',
      },
      {
        question: 'Kan I ramme farven?',
        answer: 'Ja, vi har fugemasse i mange farver og finder den, der passer til facaden eller fliserne.',
      },
    ],
    keywords: ['fuger', 'fugefirma', 'fugning'],
  },
  {
    id: 'fliselaegger',
    noun: noun('fliselægger', 'fliselæggeren', 'fliselæggere', 'fliselæggerne'),
    workplace: 'onsite',
    photoExamples: 'badeværelset, gulvet eller væggen',
    // 433300 'Gulvbelægning og vægbeklædning' is shared with the gulvlægger: the name decides.
    codes: ['433300'],
    stems: ['fliselæg', 'flisemester', 'klinkelæg'],
    weakStems: ['fliser', 'klinker'],
    services: [
      'Fliser på badeværelset',
      'Klinker på gulve',
      'Fliser i køkkenet',
      'Vådrumsmembran under fliserne',
      'Store gulvfliser',
      'Mosaik',
      'Reparation og omfugning af fliser',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Skal der membran under fliserne på badeværelset?',
        answer:
          'Ja, i et vådrum skal der være en godkendt vådrumsmembran under fliserne. Den lægger vi altid.',
      },
      {
        question: 'Hvor lang tid tager et badeværelse?',
        answer:
          'Det afhænger af størrelsen og af, hvad der skal laves. Du får en tidsplan sammen med tilbuddet.',
      },
      {
        question: 'Kan I lægge fliser oven på et gammelt gulv?',
        answer: 'Ofte ja, hvis underlaget er fast og plant. Vi ser på det, før vi giver en pris.',
      },
    ],
    keywords: ['fliselægger', 'flisemester', 'klinker'],
  },
  {
    id: 'stillads',
    noun: noun('stilladsfirma', 'stilladsfirmaet', 'stilladsfirmaer', 'stilladsfirmaerne', 'neuter'),
    workplace: 'onsite',
    photoExamples: 'huset, facaden eller taget',
    codes: [],
    stems: ['stillads'],
    services: [
      'Stillads til facade og tag',
      'Rullestillads',
      'Overdækning af hele huset',
      'Stillads for private',
      'Stillads på byggepladser',
      'Net og plast på stilladset',
      'Udlejning med opstilling og nedtagning',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Skal stilladset have en tilladelse?',
        answer: 'Står det på fortov eller vej, skal kommunen give tilladelse. Den søger vi om for dig.',
      },
      {
        question: 'Hvor hurtigt kan I stille op?',
        answer: 'Som regel inden for få dage. Vi finder en dato, der passer med de andre håndværkere.',
      },
      {
        question: 'Hvem må bruge stilladset?',
        answer:
          'Dine håndværkere og du selv. Vi afleverer det klar til brug og kommer, hvis noget skal ændres.',
      },
    ],
    keywords: ['stillads', 'stilladsfirma', 'stilladsudlejning'],
  },
  {
    id: 'kolemontor',
    noun: noun('kølemontør', 'kølemontøren', 'kølemontører', 'kølemontørerne'),
    workplace: 'onsite',
    photoExamples: 'anlægget, rummet eller typeskiltet',
    codes: [],
    stems: ['kølemontør', 'køleteknik', 'kølefirma', 'køleservice', 'køleanlæg', 'køl og frys', 'køl & frys'],
    weakStems: ['aircondition'],
    services: [
      'Køle- og fryserum',
      'Aircondition i hjemmet',
      'Køleanlæg til butikker og restauranter',
      'Service på køleanlæg',
      'Varmepumper luft til luft',
      'Reparation af køleanlæg',
      'Eftersyn og tæthedskontrol',
    ],
    customers: ['privat', 'erhverv'],
    questions: [
      {
        question: 'Hvor tit skal køleanlægget efterses?',
        answer:
          'Det afhænger af anlæggets størrelse og kølemiddel. Vi fortæller, hvad reglerne kræver for dit anlæg.',
      },
      {
        question: 'Kan I hjælpe, når anlægget stopper?',
        answer: 'Ja. Ring, så finder vi fejlen og får anlægget i gang igen så hurtigt som muligt.',
      },
      {
        question: 'Kan en luft til luft-varmepumpe også køle?',
        answer: 'Ja, de fleste kan både varme huset op om vinteren og køle det om sommeren.',
      },
    ],
    keywords: ['kølemontør', 'køleteknik', 'aircondition'],
  },
  {
    id: 'solceller',
    noun: noun('solcellefirma', 'solcellefirmaet', 'solcellefirmaer', 'solcellefirmaerne', 'neuter'),
    workplace: 'onsite',
    photoExamples: 'taget, eltavlen eller grunden',
    codes: [],
    stems: ['solcelle', 'solenergi', 'solpanel', 'solvarme'],
    services: [
      'Solceller på parcelhuset',
      'Solceller til landbrug og erhverv',
      'Udvidelse af et eksisterende anlæg',
      'Batteri til solcelleanlægget',
      'Beregning af din besparelse',
      'Eftersyn og service af anlæg',
      'Solceller på fladt tag',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan det betale sig med solceller?',
        answer: 'Det afhænger af dit forbrug og dit tag. Vi regner på det, før du beslutter dig.',
      },
      {
        question: 'Hvem tilslutter anlægget til elnettet?',
        answer:
          'Anlægget skal tilsluttes af en autoriseret elinstallatør og meldes til netselskabet. Det sørger vi for.',
      },
      {
        question: 'Passer mit tag til solceller?',
        answer:
          'Et tag mod syd, øst eller vest uden meget skygge er som regel godt. Vi ser på dit og siger det ærligt.',
      },
    ],
    keywords: ['solceller', 'solcelleanlæg', 'solcellefirma'],
  },
  {
    id: 'skadedyr',
    noun: noun('skadedyrsbekæmper', 'skadedyrsbekæmperen', 'skadedyrsbekæmpere', 'skadedyrsbekæmperne'),
    workplace: 'onsite',
    photoExamples: 'skaden, sporene eller stedet',
    codes: [],
    stems: ['skadedyr', 'rottebekæmp', 'rottefænger', 'insektbekæmp'],
    services: [
      'Mus i huset',
      'Fjernelse af hvepsebo',
      'Myrer og sølvkræ',
      'Væggelus og lopper',
      'Sikring mod rotter og mus',
      'Faste aftaler for landbrug og erhverv',
      'Råd om at holde skadedyr ude',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Hvad gør jeg, hvis jeg ser rotter?',
        answer:
          'Rotter skal anmeldes til kommunen. Vi hjælper gerne med at finde ud af, hvor de kommer ind, og lukke vejen for dem.',
      },
      {
        question: 'Kan I fjerne et hvepsebo i dag?',
        answer: 'Ofte ja. Ring, så finder vi en tid så hurtigt som muligt.',
      },
      {
        question: 'Bruger I gift?',
        answer: 'Kun når det er nødvendigt. Vi starter med at finde årsagen og lukke vejen ind.',
      },
    ],
    keywords: ['skadedyrsbekæmpelse', 'skadedyr', 'hvepsebo'],
  },
  {
    id: 'entreprenor',
    noun: noun('entreprenør', 'entreprenøren', 'entreprenører', 'entreprenørerne'),
    workplace: 'onsite',
    photoExamples: 'grunden, huset eller opgaven',
    // 439990 'Anden specialiseret bygge- og anlægsvirksomhed i.a.n.' says no trade (a fuger, a
    // scaffolder, a concrete grinder …) and 412000 'Opførelse af nye bygninger' is the byggefirma.
    codes: ['431200', '421100', '429900'],
    stems: ['entreprenør', 'jordarbejde', 'jord- og beton', 'jord og beton'],
    weakStems: ['anlæg'],
    services: [
      'Jordarbejde og udgravning',
      'Byggemodning',
      'Støbning af fundamenter',
      'Nybyggeri og tilbygninger',
      'Dræn og afvanding',
      'Kørsel med grus og jord',
      'Vejarbejde og belægning',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan I stå for hele byggeriet?',
        answer: 'Ja, vi kan tage hovedentreprisen og koordinere de andre fag, så du har én kontakt.',
      },
      {
        question: 'Har I selv maskiner?',
        answer: 'Vi har maskiner til de fleste opgaver og lejer det, der skal til til de særlige opgaver.',
      },
      {
        question: 'Hvad koster et fundament?',
        answer: 'Det afhænger af jordbundsforholdene og størrelsen. Vi giver gerne et fast tilbud.',
      },
    ],
    keywords: ['entreprenør', 'entreprenørfirma', 'jordarbejde'],
  },
  {
    id: 'nedrivning',
    noun: noun(
      'nedrivningsfirma',
      'nedrivningsfirmaet',
      'nedrivningsfirmaer',
      'nedrivningsfirmaerne',
      'neuter',
    ),
    workplace: 'onsite',
    photoExamples: 'bygningen, rummet eller opgaven',
    codes: ['431100'],
    stems: ['nedrivning', 'nedbrydning'],
    services: [
      'Nedrivning af huse og bygninger',
      'Indvendig nedrivning',
      'Fjernelse af asbest',
      'Skimmelsanering',
      'Betonskæring',
      'Bortkørsel og sortering af affald',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Skal nedrivningen anmeldes?',
        answer: 'Ja, nedrivning skal som regel anmeldes til kommunen. Vi hjælper med det.',
      },
      {
        question: 'Hvad gør I med affaldet?',
        answer: 'Vi sorterer affaldet på stedet, så mest muligt kan genanvendes.',
      },
      {
        question: 'Fjerner I asbest?',
        answer: 'Ja, asbest fjernes efter de gældende regler og bortskaffes korrekt.',
      },
    ],
    keywords: ['nedrivning', 'nedrivningsfirma', 'asbestsanering'],
  },
  {
    id: 'mekaniker',
    noun: noun('mekaniker', 'mekanikeren', 'mekanikere', 'mekanikerne'),
    workplace: 'shop',
    photoExamples: 'bilen, skaden eller advarselslampen',
    codes: ['452010'],
    stems: ['mekaniker', 'autoværksted', 'bilværksted', 'autoreparation'],
    weakStems: ['auto', 'motorkøretøjer'],
    services: [
      'Service efter bilens serviceplan',
      'Klargøring til syn',
      'Bremser og udstødning',
      'Fejlfinding med computer',
      'Aircondition-service',
      'Kobling og gearkasse',
      'Reparation af alle bilmærker',
    ],
    bookable: [
      book('Olieskift', 45),
      book('Service efter bog', 120),
      book('Bremser', 90),
      book('Dækskift', 30),
      book('Klargøring til syn', 60),
      book('Fejlfinding med computer', 60),
      book('Aircondition-service', 60),
    ],
    customers: ['privat', 'erhverv'],
    questions: [
      {
        question: 'Mister jeg fabriksgarantien, hvis I laver service?',
        answer: 'Nej. Når servicen følger fabrikkens serviceplan, beholder du garantien.',
      },
      {
        question: 'Kan jeg få en lånebil?',
        answer: 'Spørg os, når du bestiller tid, så ser vi, hvad vi kan gøre.',
      },
      {
        question: 'Kan I klargøre bilen til syn?',
        answer: 'Ja, vi gennemgår bilen og retter det, der skal til, så den er klar til synet.',
      },
    ],
    keywords: ['mekaniker', 'autoværksted', 'bilværksted'],
  },
  {
    id: 'autolakerer',
    noun: noun('autolakerer', 'autolakereren', 'autolakerere', 'autolakererne'),
    workplace: 'shop',
    photoExamples: 'skaden, ridsen eller bilen',
    codes: ['452020'],
    stems: ['lakering', 'autolak', 'karosseri', 'karrosseri', 'lakarbejde', 'lakerer'],
    services: [
      'Lakering af bilen',
      'Reparation af buler og ridser',
      'Skader efter uheld',
      'Stenslag i lakken',
      'Pletlakering',
      'Polering og lakbehandling',
    ],
    bookable: [book('Besigtigelse af skade', 30), book('Stenslag i lakken', 60)],
    customers: ['privat', 'erhverv'],
    questions: [
      {
        question: 'Hvad gør jeg ved en forsikringsskade?',
        answer: 'Kontakt dit forsikringsselskab og os. Vi hjælper dig gerne med at få styr på forløbet.',
      },
      {
        question: 'Kan I ramme den rigtige farve?',
        answer: 'Ja, vi blander farven efter bilens farvekode og tjekker den mod lakken.',
      },
      {
        question: 'Hvor længe skal bilen stå?',
        answer: 'Det afhænger af skaden. Du får et bud på tiden, når vi har set bilen.',
      },
    ],
    keywords: ['autolakerer', 'autolakering', 'buler og ridser'],
  },
  {
    id: 'daekcenter',
    noun: noun('dækcenter', 'dækcentret', 'dækcentre', 'dækcentrene', 'neuter'),
    workplace: 'shop',
    photoExamples: 'dækkene, fælgene eller skaden',
    codes: ['453200'],
    stems: ['dækcent', 'dækservice', 'dækhotel'],
    weakStems: ['dæk', 'fælge'],
    services: [
      'Dækskifte sommer og vinter',
      'Nye dæk til alle biler',
      'Dækhotel',
      'Afbalancering',
      'Hjulafstilling',
      'Lapning af punkteringer',
      'Fælge',
    ],
    bookable: [
      book('Dækskift', 30),
      book('Dækskift med dækhotel', 30),
      book('Montering af nye dæk', 60),
      book('Afbalancering', 30),
      book('Hjulafstilling', 60),
      book('Lapning af punktering', 30),
    ],
    customers: ['privat', 'erhverv'],
    questions: [
      {
        question: 'Hvornår skal jeg skifte til vinterdæk?',
        answer: 'Når temperaturen nærmer sig frysepunktet, typisk i oktober eller november.',
      },
      {
        question: 'Hvad er et dækhotel?',
        answer: 'Vi opbevarer dine dæk, når de ikke er på bilen, så du slipper for at have dem stående.',
      },
      {
        question: 'Hvor meget mønster skal der være?',
        answer: 'Loven kræver 1,6 mm, men vi anbefaler mindst 3 mm på sommerdæk og 4 mm på vinterdæk.',
      },
    ],
    keywords: ['dækcenter', 'dækskifte', 'dækhotel'],
  },
  {
    id: 'frisor',
    noun: noun('frisør', 'frisøren', 'frisører', 'frisørerne'),
    workplace: 'shop',
    photoExamples: 'den frisure, du drømmer om',
    codes: ['960210'],
    stems: ['frisør', 'frisor', 'hårpleje', 'barber'],
    weakStems: ['salon'],
    services: [
      'Dameklip',
      'Herreklip',
      'Børneklip',
      'Farve og striber',
      'Permanent',
      'Opsætning til fest og bryllup',
      'Skægtrimning',
      'Bryn og vipper',
    ],
    bookable: [
      book('Herreklip', 30),
      book('Dameklip', 45, 15),
      book('Børneklip', 30),
      book('Vask, klip og føn', 60, 15),
      book('Farve', 90, 15),
      book('Striber', 120, 15),
      book('Permanent', 120, 15),
      book('Skægtrimning', 15),
      book('Bryn og vipper', 30),
    ],
    customers: ['privat'],
    questions: [
      {
        question: 'Skal jeg bestille tid?',
        answer: 'Ja, bestil gerne tid, så er vi sikre på at have god tid til dig.',
      },
      {
        question: 'Hvor lang tid tager en farve?',
        answer: 'Regn med et par timer til farve eller striber. Vi siger præcist, når du bestiller.',
      },
      {
        question: 'Klipper I børn?',
        answer: 'Ja, børn er meget velkomne i stolen.',
      },
    ],
    keywords: ['frisør', 'frisørsalon', 'klip'],
  },
  {
    id: 'kosmetolog',
    noun: noun('kosmetolog', 'kosmetologen', 'kosmetologer', 'kosmetologerne'),
    workplace: 'shop',
    photoExamples: 'det, du gerne vil have hjælp til',
    codes: ['960220'],
    stems: ['kosmetolog', 'skønhed', 'klinik for hud', 'hudpleje'],
    weakStems: ['negle'],
    services: [
      'Ansigtsbehandling',
      'Bryn og vipper',
      'Voksbehandling',
      'Manicure og pedicure',
      'Behandling af uren hud',
      'Makeup til fest og bryllup',
      'Massage',
    ],
    bookable: [
      book('Ansigtsbehandling', 60, 15),
      book('Bryn og vipper', 30),
      book('Voksbehandling', 30, 15),
      book('Manicure', 45, 15),
      book('Pedicure', 60, 15),
      book('Massage', 60, 15),
    ],
    customers: ['privat'],
    questions: [
      {
        question: 'Hvilken behandling passer til min hud?',
        answer: 'Vi starter altid med en kort snak om din hud og anbefaler en behandling ud fra den.',
      },
      {
        question: 'Skal jeg forberede mig før en behandling?',
        answer:
          'Kom gerne uden makeup til en ansigtsbehandling. Vi fortæller, hvis der er andet at tænke på.',
      },
      {
        question: 'Hvor lang tid varer en ansigtsbehandling?',
        answer: 'Som regel mellem en time og halvanden time.',
      },
    ],
    keywords: ['kosmetolog', 'skønhedsklinik', 'hudpleje'],
  },
  {
    id: 'rengoring',
    noun: noun('rengøringsfirma', 'rengøringsfirmaet', 'rengøringsfirmaer', 'rengøringsfirmaerne', 'neuter'),
    workplace: 'onsite',
    photoExamples: 'rummene, vinduerne eller opgaven',
    codes: ['812100', '812900'],
    stems: ['rengøring', 'rengør', 'renhold'],
    services: [
      'Rengøring af kontorer',
      'Privat rengøring',
      'Trappevask',
      'Flytterengøring',
      'Hovedrengøring',
      'Rengøring efter håndværkere',
      'Fast rengøringsaftale',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan vi få rengøring uden for arbejdstid?',
        answer: 'Ja, vi tilpasser tidspunktet, så rengøringen ikke forstyrrer jeres arbejde.',
      },
      {
        question: 'Hvad er med i en flytterengøring?',
        answer: 'Hele boligen gøres ren, så den kan afleveres. Vi gennemgår listen med dig på forhånd.',
      },
      {
        question: 'Har I selv rengøringsmidler med?',
        answer: 'Ja, vi medbringer det, der skal bruges, medmindre du ønsker noget bestemt.',
      },
    ],
    keywords: ['rengøring', 'rengøringsfirma', 'erhvervsrengøring'],
  },
  {
    id: 'vinduespudser',
    noun: noun('vinduespudser', 'vinduespudseren', 'vinduespudsere', 'vinduespudserne'),
    workplace: 'onsite',
    photoExamples: 'vinduerne, facaden eller huset',
    codes: ['812210'],
    stems: ['vinduespuds', 'vinduespoler', 'vinduesrens'],
    services: [
      'Vinduespudsning for private',
      'Vinduespudsning for butikker og kontorer',
      'Fast pudsning hver måned',
      'Pudsning af ovenlysvinduer',
      'Rensning af tagrender',
      'Solceller og glastage',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Hvor tit skal vinduerne pudses?',
        answer: 'Mange vælger hver fjerde eller ottende uge. Vi finder en fast rytme, der passer dig.',
      },
      {
        question: 'Skal jeg være hjemme?',
        answer: 'Nej, ikke til de udvendige vinduer. Indvendig pudsning aftaler vi med dig.',
      },
      {
        question: 'Pudser I også i regnvejr?',
        answer: 'Ja, let regn gør ingen forskel på resultatet. Ved storm venter vi en dag.',
      },
    ],
    keywords: ['vinduespudser', 'vinduespudsning', 'vinduespolering'],
  },
  {
    id: 'flyttefirma',
    noun: noun('flyttefirma', 'flyttefirmaet', 'flyttefirmaer', 'flyttefirmaerne', 'neuter'),
    workplace: 'onsite',
    photoExamples: 'møblerne, boligen eller opgangen',
    codes: ['494200'],
    stems: ['flytte', 'flytning'],
    services: [
      'Privatflytning',
      'Firmaflytning',
      'Pakning og nedpakning',
      'Opbevaring',
      'Flytning af klaver',
      'Bortskaffelse af møbler',
      'Flyttekasser',
    ],
    customers: ['privat', 'erhverv'],
    questions: [
      {
        question: 'Hvor lang tid før skal jeg bestille?',
        answer: 'Gerne et par uger før, især omkring månedsskiftet, hvor mange flytter.',
      },
      {
        question: 'Hjælper I med at pakke?',
        answer: 'Ja, vi kan pakke det hele eller kun det skrøbelige, som du ønsker.',
      },
      {
        question: 'Er mine ting forsikret under flytningen?',
        answer: 'Spørg os om forsikringen, når du får dit tilbud, så du ved præcis, hvad der gælder.',
      },
    ],
    keywords: ['flyttefirma', 'flyttemand', 'flytning'],
  },
  {
    id: 'vognmand',
    noun: noun('vognmand', 'vognmanden', 'vognmænd', 'vognmændene'),
    workplace: 'onsite',
    photoExamples: 'godset, pladsen eller opgaven',
    codes: ['494100'],
    stems: ['vognmand', 'vognmænd', 'godstransport'],
    weakStems: ['transport', 'kørsel'],
    services: [
      'Kørsel med grus, sand og jord',
      'Containerkørsel',
      'Kranbil',
      'Kørsel med byggematerialer',
      'Bortkørsel af affald',
      'Fast kørsel for virksomheder',
    ],
    customers: ['privat', 'erhverv'],
    questions: [
      {
        question: 'Kan I levere samme dag?',
        answer: 'Ofte ja, hvis vi har en bil ledig. Ring, så ser vi på det.',
      },
      {
        question: 'Hvor meget kan en bil tage?',
        answer: 'Det afhænger af bilen og materialet. Vi finder den bil, der passer til opgaven.',
      },
      {
        question: 'Kører I også for private?',
        answer: 'Ja, vi kører gerne et læs grus eller en container til private.',
      },
    ],
    keywords: ['vognmand', 'kørsel', 'containerudlejning'],
  },
  {
    id: 'gartner',
    noun: noun('gartner', 'gartneren', 'gartnere', 'gartnerne'),
    workplace: 'onsite',
    photoExamples: 'haven, hækken eller træerne',
    codes: [],
    stems: ['gartner', 'haveservice', 'havemand', 'havepleje'],
    services: [
      'Havepleje og fast haveservice',
      'Hækklipning',
      'Græsslåning',
      'Beskæring af træer og buske',
      'Lugning og bedpleje',
      'Fældning af træer',
      'Oprydning i haven',
    ],
    customers: ALL,
    questions: [
      {
        question: 'Kan jeg få fast havehjælp?',
        answer: 'Ja, vi laver gerne en fast aftale, så haven bliver passet hele sæsonen.',
      },
      {
        question: 'Hvornår skal hækken klippes?',
        answer: 'De fleste hække klippes en til to gange om sommeren.',
      },
      {
        question: 'Tager I haveaffaldet med?',
        answer: 'Ja, vi kan køre haveaffaldet væk, så du ikke skal tænke på det.',
      },
    ],
    keywords: ['gartner', 'havemand', 'haveservice'],
  },
];

/** A barber (a frisør by profile) books the barber's own list when the name says barber. */
export const BARBER_SERVICES: readonly BookableService[] = [
  book('Herreklip', 30),
  book('Klip og skæg', 45),
  book('Skægtrimning', 15),
  book('Barbering med kniv', 30),
  book('Børneklip', 30),
];

/** A shop trade with no profile of its own (a skrædder, a cykelsmed): one plain time, renamed by the owner. */
export const GENERIC_BOOKABLE: readonly BookableService[] = [book('Tid i butikken', 30)];

/**
 * For a trade no profile knows: 'virksomhed' and sentences about the work in general. The writers
 * never use the CVR industry description in its place.
 */
export const NEUTRAL_PROFILE: TradeProfile = {
  id: 'neutral',
  noun: noun('virksomhed', 'virksomheden', 'virksomheder', 'virksomhederne'),
  workplace: 'onsite',
  photoExamples: 'opgaven eller det, det drejer sig om',
  codes: [],
  stems: [],
  services: [
    'Rådgivning, før du beslutter dig',
    'Et klart tilbud',
    'Opgaver for private og erhverv',
    'Hurtigt svar på din henvendelse',
    'Fast kontaktperson',
    'Opfølgning efter opgaven',
  ],
  customers: ['privat', 'erhverv'],
  questions: [
    {
      question: 'Hvordan kommer jeg i gang?',
      answer: 'Ring eller skriv til os, og fortæl kort, hvad du har brug for. Så vender vi hurtigt tilbage.',
    },
    {
      question: 'Hvad koster det?',
      answer: 'Det afhænger af opgaven. Du får altid en klar pris, før vi går i gang.',
    },
    {
      question: 'Hjælper I både private og virksomheder?',
      answer: 'Ja, vi hjælper gerne både private kunder og virksomheder.',
    },
  ],
  keywords: [],
};

/**
 * Trades a company name may name that have no profile: a company so named gets neutral text that
 * calls it by its own trade ('din lokale urmager'), never the services of the trade its registry code
 * happens to point at. Crafts and shops first, then the professions a craftsman's code is sometimes
 * filed beside.
 */
export const OTHER_TRADES: readonly OtherTrade[] = [
  other(['urmager'], noun('urmager', 'urmageren', 'urmagere', 'urmagerne'), 'shop'),
  other(['guldsmed', 'sølvsmed'], noun('guldsmed', 'guldsmeden', 'guldsmede', 'guldsmedene'), 'shop'),
  other(['skomager'], noun('skomager', 'skomageren', 'skomagere', 'skomagerne'), 'shop'),
  other(['skrædder'], noun('skrædder', 'skrædderen', 'skræddere', 'skrædderne'), 'shop'),
  other(['bager'], noun('bager', 'bageren', 'bagere', 'bagerne'), 'shop'),
  other(['konditor'], noun('konditor', 'konditoren', 'konditorer', 'konditorerne'), 'shop'),
  other(['slagter'], noun('slagter', 'slagteren', 'slagtere', 'slagterne'), 'shop'),
  other(['bådebygger'], noun('bådebygger', 'bådebyggeren', 'bådebyggere', 'bådebyggerne'), 'shop'),
  other(['sadelmager'], noun('sadelmager', 'sadelmageren', 'sadelmagere', 'sadelmagerne'), 'shop'),
  other(['bogbinder'], noun('bogbinder', 'bogbinderen', 'bogbindere', 'bogbinderne'), 'shop'),
  other(['pottemager', 'keramiker'], noun('keramiker', 'keramikeren', 'keramikere', 'keramikerne'), 'shop'),
  other(['hundefrisør'], noun('hundefrisør', 'hundefrisøren', 'hundefrisører', 'hundefrisørerne'), 'shop'),
  other(['tatovør', 'tatovering'], noun('tatovør', 'tatovøren', 'tatovører', 'tatovørerne'), 'shop'),
  other(['cykel', 'cykler'], noun('cykelsmed', 'cykelsmeden', 'cykelsmede', 'cykelsmedene'), 'shop'),
  other(
    ['møbelpolstr', 'polstrer'],
    noun('møbelpolstrer', 'møbelpolstreren', 'møbelpolstrere', 'møbelpolstrerne'),
    'onsite',
  ),
  other(['optiker'], noun('optiker', 'optikeren', 'optikere', 'optikerne'), 'shop'),
  other(['fotograf'], noun('fotograf', 'fotografen', 'fotografer', 'fotograferne'), 'onsite'),
  other(['bedemand', 'bedemænd'], noun('bedemand', 'bedemanden', 'bedemænd', 'bedemændene'), 'onsite'),
  other(['arkitekt'], noun('arkitekt', 'arkitekten', 'arkitekter', 'arkitekterne'), 'onsite'),
  other(['ingeniør'], noun('ingeniør', 'ingeniøren', 'ingeniører', 'ingeniørerne'), 'onsite'),
  other(
    ['landinspektør'],
    noun('landinspektør', 'landinspektøren', 'landinspektører', 'landinspektørerne'),
    'onsite',
  ),
  other(['revisor', 'revision'], noun('revisor', 'revisoren', 'revisorer', 'revisorerne'), 'shop'),
  other(['advokat'], noun('advokat', 'advokaten', 'advokater', 'advokaterne'), 'shop'),
  other(['tandlæge'], noun('tandlæge', 'tandlægen', 'tandlæger', 'tandlægerne'), 'shop'),
  other(['dyrlæge'], noun('dyrlæge', 'dyrlægen', 'dyrlæger', 'dyrlægerne'), 'shop'),
  other(
    ['fysioterapeut', 'fysioterapi'],
    noun('fysioterapeut', 'fysioterapeuten', 'fysioterapeuter', 'fysioterapeuterne'),
    'shop',
  ),
  other(
    ['fodterapeut', 'fodterapi'],
    noun('fodterapeut', 'fodterapeuten', 'fodterapeuter', 'fodterapeuterne'),
    'shop',
  ),
  other(['massør', 'massage'], noun('massør', 'massøren', 'massører', 'massørerne'), 'shop'),
];

function other(stems: readonly string[], forms: NounForms, workplace: OtherTrade['workplace']): OtherTrade {
  return { stems, noun: forms, workplace };
}
