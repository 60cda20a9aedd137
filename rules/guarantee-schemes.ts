// Guarantee schemes and trade associations a company may say it belongs to (issue 42 item 2). The
// owner ticks the ones the company belongs to and confirms it is true: a false claim of membership is
// misleading marketing (markedsføringsloven), so nothing here is ticked for the owner, and the site
// shows each as a text badge linking to the scheme's own public page, labelled as the company's own
// statement. No third-party logos: a logo is the association's trademark, for its members to use
// under its rules.
//
// Each entry says who may claim it, from the scheme's own terms where we found them, with the page we
// read and the day. "url: to verify" marks a public page whose address we have not seen ourselves.

type SchemeKind = 'guarantee' | 'membership';

/** Every scheme's id, in the list's order (the test holds it equal to GUARANTEE_SCHEMES). */
export const GUARANTEE_SCHEME_IDS = [
  'byg-garanti',
  'tekniq-garanti',
  'malermestre-garanti',
  'dansk-haandvaerk-garanti',
  'dag-garanti',
  'laasesmede-garanti',
  'dansk-byggeri',
  'tekniq',
  'dansk-haandvaerk',
  'danske-malermestre',
  'danske-kloakmestre',
  'danske-anlaegsgartnere',
] as const;
export type GuaranteeSchemeId = (typeof GUARANTEE_SCHEME_IDS)[number];

export interface GuaranteeScheme {
  /** Stable id stored per company. */
  id: GuaranteeSchemeId;
  kind: SchemeKind;
  /** The name as the scheme writes it. */
  name: string;
  /** The badge's words on the site: 'Medlem af Dansk Byggeri', 'Byg Garanti'. */
  badge: string;
  /** Who may claim it, in Danish, shown to the owner beside the tick box. */
  who: string;
  /** The scheme's public page; the badge links here. */
  url: string;
  /** Where we read who may claim it. */
  source: string;
  /** The day we read it (ISO date). */
  checked: string;
}

export const GUARANTEE_SCHEMES: readonly GuaranteeScheme[] = [
  {
    id: 'byg-garanti',
    kind: 'guarantee',
    name: 'Byg Garanti',
    badge: 'Byg Garanti',
    who: 'Medlemmer af Dansk Byggeri. Dækker private forbrugeres tab ved fejl og mangler, når firmaet ikke retter sig efter Byggeriets Ankenævn (op til 150.000 kr. inkl. moms pr. byggesag).',
    url: 'https://www.byggaranti.dk/',
    source: 'https://www.byggaranti.dk/for-virksomheder/ofte-stillede-spoergsmaal-om-byg-garanti/',
    checked: '2026-11-28',
  },
  {
    id: 'tekniq-garanti',
    kind: 'guarantee',
    name: 'TEKNIQs Garantiordning',
    badge: 'TEKNIQs Garantiordning',
    who: 'El- og VVS-installatører, der er medlem af TEKNIQ Arbejdsgiverne. Dækker op til 150.000 kr. inkl. moms, når installatøren ikke opfylder en kendelse fra Ankenævnet for Tekniske Installationer.',
    url: 'https://www.tekniq.dk/',
    source:
      'https://nito-tek.dk/elektriker/private/garantiordning.aspx; https://lyhne-vvs.dk/tekniq-garantiordning (members quoting the scheme; TEKNIQs vedtægter for garantiordningen § 4: op til og med 150.000 kr. inkl. moms); tekniq.dk has no page of its own on the scheme that we could read',
    checked: '2026-12-01',
  },
  {
    id: 'malermestre-garanti',
    kind: 'guarantee',
    name: 'Danske Malermestres Garantiordning',
    badge: 'Danske Malermestres Garantiordning',
    who: 'Medlemmer af Danske Malermestre (de er automatisk med i garantiordningen). Sikrer, at kendelser fra Håndværkets Ankenævn om malerarbejde bliver opfyldt.',
    url: 'https://www.malermestre.dk/',
    source:
      'https://malermestre.dk/Standard/Om-Danske-Malermestre/Mere-om-organisationen/Vedt%C3%A6gter/Vedt%C3%A6gter-Garantiordningen',
    checked: '2026-11-28',
  },
  {
    id: 'dansk-haandvaerk-garanti',
    kind: 'guarantee',
    name: 'Dansk Håndværks Håndværkergaranti',
    badge: 'Dansk Håndværks Håndværkergaranti',
    who: 'Medlemmer af Dansk Håndværk. Dækker private forbrugere op til 150.000 kr. inkl. moms pr. byggesag, når firmaet ikke kan opfylde en kendelse fra Håndværkets Ankenævn.',
    url: 'https://dhv.dk/',
    source:
      'https://dhv.dk/medlem-fordele/dansk-haandvaerk-garanti/garanti-for-forbrugere/om-dansk-haandvaerk-garanti/haandvaerkergaranti-aftaler-indgaaet-1-juli-2015/ (Dansk Håndværk: "Kun virksomheder der er medlem af Dansk Håndværk er omfattet"); https://www.forsbi-byg.dk/haandvaerkergaranti/ (150.000 kr. pr. byggesag for aftaler fra 1. juli 2015)',
    checked: '2026-12-01',
  },
  {
    id: 'dag-garanti',
    kind: 'guarantee',
    name: 'Danske Anlægsgartneres Garantiordning',
    badge: 'Danske Anlægsgartneres Garantiordning',
    who: 'Medlemmer af Danske Anlægsgartnere. Garantifonden indtræder, når et medlem ikke efterlever en kendelse fra Håndværkets Ankenævn.',
    url: 'https://dag.dk/medlem/garantiordning/',
    source: 'https://dag.dk/medlem/garantiordning/',
    checked: '2026-11-28',
  },
  {
    id: 'laasesmede-garanti',
    kind: 'guarantee',
    name: 'Låsesmede Foreningens garantiordning',
    badge: 'Låsesmede Foreningens garantiordning',
    who: 'A-medlemmer af Låsesmede Foreningen. Giver kunden adgang til foreningens klagenævn.',
    url: 'https://xn--lsesmedeforeningen-4tb.dk/info/garantiordning',
    source: 'https://xn--lsesmedeforeningen-4tb.dk/info/garantiordning',
    checked: '2026-11-28',
  },
  {
    id: 'dansk-byggeri',
    kind: 'membership',
    name: 'Dansk Byggeri',
    badge: 'Medlem af Dansk Byggeri',
    who: 'Byggevirksomheder, der er medlem af DI Dansk Byggeri.',
    url: 'https://www.danskbyggeri.dk/',
    source:
      'https://www.byggaranti.dk/for-virksomheder/ofte-stillede-spoergsmaal-om-byg-garanti/ (url: to verify)',
    checked: '2026-11-28',
  },
  {
    id: 'tekniq',
    kind: 'membership',
    name: 'TEKNIQ Arbejdsgiverne',
    badge: 'Medlem af TEKNIQ Arbejdsgiverne',
    who: 'El-, VVS- og energivirksomheder, der er medlem af TEKNIQ Arbejdsgiverne.',
    url: 'https://www.tekniq.dk/',
    source:
      'https://www.tekniq.dk/videncenter/oversigt/installationerogautorisation/autorisation/procedurevedanmeldelse',
    checked: '2026-11-28',
  },
  {
    id: 'dansk-haandvaerk',
    kind: 'membership',
    name: 'Dansk Håndværk',
    badge: 'Medlem af Dansk Håndværk',
    who: 'Håndværksvirksomheder, der er medlem af Dansk Håndværk.',
    url: 'https://dhv.dk/',
    source:
      "https://dhv.dk/medlem-fordele/dansk-haandvaerk-garanti/garanti-for-forbrugere/om-dansk-haandvaerk-garanti/haandvaerkergaranti-aftaler-indgaaet-1-juli-2015/ (the association's own site is dhv.dk)",
    checked: '2026-12-01',
  },
  {
    id: 'danske-malermestre',
    kind: 'membership',
    name: 'Danske Malermestre',
    badge: 'Medlem af Danske Malermestre',
    who: 'Malervirksomheder, der er medlem af Danske Malermestre.',
    url: 'https://www.malermestre.dk/',
    source:
      'https://malermestre.dk/Standard/Om-Danske-Malermestre/Mere-om-organisationen/Vedt%C3%A6gter/Vedt%C3%A6gter-Garantiordningen',
    checked: '2026-11-28',
  },
  {
    id: 'danske-kloakmestre',
    kind: 'membership',
    name: 'Danske Kloakmestre',
    badge: 'Medlem af Danske Kloakmestre',
    who: 'Autoriserede kloakmestre, der er medlem af Danske Kloakmestre.',
    url: 'https://www.danskekloakmestre.dk/',
    source: 'https://www.danskekloakmestre.dk/kloakmestre/om-danske-kloakmestre/uautoriseret-arbejde',
    checked: '2026-11-28',
  },
  {
    id: 'danske-anlaegsgartnere',
    kind: 'membership',
    name: 'Danske Anlægsgartnere',
    badge: 'Medlem af Danske Anlægsgartnere',
    who: 'Anlægsgartnere, der er medlem af Danske Anlægsgartnere.',
    url: 'https://dag.dk/',
    source: 'https://dag.dk/medlem/garantiordning/',
    checked: '2026-11-28',
  },
];

// Which schemes a trade may claim, by trade profile id (rules/trades/), from each scheme's "who" above
// (issue 48: a carpenter ticked every scheme at once, TEKNIQ's and the painters' among them). The
// building trades may name the general building associations and their guarantees; the trade
// associations only their own trade's; trades outside building (a hairdresser, a garage) none. A trade
// we could not name (the neutral profile) gets the general ones, as an unknown building firm.
const BUILDING_TRADES = [
  'tomrer',
  'snedker',
  'murer',
  'maler',
  'vvs',
  'blikkenslager',
  'elektriker',
  'kloakmester',
  'anlaegsgartner',
  'brolaegger',
  'tagdaekker',
  'taekkemand',
  'glarmester',
  'gulvlaegger',
  'smed',
  'laasesmed',
  'stenhugger',
  'isolator',
  'ventilation',
  'byggefirma',
  'stukkator',
  'fuger',
  'fliselaegger',
  'stillads',
  'kolemontor',
  'solceller',
  'entreprenor',
  'nedrivning',
  'neutral',
] as const;
const INSTALLERS = ['elektriker', 'vvs', 'blikkenslager', 'ventilation', 'solceller', 'kolemontor'] as const;
/** Trades offered a kloak authorisation (rules/authorisations.ts): the ones Danske Kloakmestre takes. */
const KLOAK_TRADES = ['kloakmester', 'entreprenor', 'anlaegsgartner'] as const;

const SCHEME_TRADES: Readonly<Record<GuaranteeSchemeId, readonly string[]>> = {
  'byg-garanti': BUILDING_TRADES,
  'dansk-byggeri': BUILDING_TRADES,
  'dansk-haandvaerk-garanti': BUILDING_TRADES,
  'dansk-haandvaerk': BUILDING_TRADES,
  'tekniq-garanti': INSTALLERS,
  tekniq: INSTALLERS,
  'malermestre-garanti': ['maler'],
  'danske-malermestre': ['maler'],
  'dag-garanti': ['anlaegsgartner', 'gartner'],
  'danske-anlaegsgartnere': ['anlaegsgartner', 'gartner'],
  'laasesmede-garanti': ['laasesmed'],
  'danske-kloakmestre': KLOAK_TRADES,
};

/** The schemes a trade (profile id) may claim, in the list's order; [] for trades outside building. */
export function schemesFor(tradeId: string): readonly GuaranteeSchemeId[] {
  return GUARANTEE_SCHEME_IDS.filter((id) => SCHEME_TRADES[id].includes(tradeId));
}

export function isGuaranteeSchemeId(id: string): id is GuaranteeSchemeId {
  return (GUARANTEE_SCHEME_IDS as readonly string[]).includes(id);
}

export function guaranteeScheme(id: string): GuaranteeScheme | null {
  return GUARANTEE_SCHEMES.find((scheme) => scheme.id === id) ?? null;
}

/** The owner's confirmation, ticked before any scheme is saved (misleading claims are illegal). */
export const SCHEME_CONFIRMATION =
  'Jeg bekræfter, at firmaet er medlem af de valgte foreninger og ordninger, og at oplysningerne er rigtige. Det er ulovlig markedsføring at oplyse et medlemskab, man ikke har.';
