// Håndværkerfradrag and servicefradrag (issue 42 item 3): this year's ceilings per person, one row
// per year with its source, and which work of each trade qualifies. The amounts change every year
// and the list of work changes with the law, so a year the table does not cover shows no figure at
// all: `deductionForYear` answers null and the site's block says nothing (a stale amount is worse than
// none). `tax-deduction.test.ts` fails from 1 January of a year the table lacks, so the table is
// brought up to date before a customer could read last year's figure.
//
// What qualifies 2025–2027 ("grøn istandsættelse", reinstated from 1 January 2025, and the widened
// servicefradrag): energy-saving work on an existing home (windows and outer doors, insulation,
// heating installations, heat pumps, solar cells, chimney repair), and services in the home
// (cleaning, window cleaning, ordinary garden work, tree felling, gutter cleaning, burglar alarms,
// repair of white goods). Labour only, never materials; paid electronically; an invoice that names
// the labour apart from the materials.

export interface DeductionYear {
  year: number;
  /** Ceiling per person over 18 for håndværksydelser (grøn istandsættelse), kr. */
  craftCeilingKr: number;
  /** Ceiling per person over 18 for serviceydelser, kr. */
  serviceCeilingKr: number;
  /** Where the amounts were read. */
  source: string;
  /** The day they were read (ISO date). */
  checked: string;
}

export const DEDUCTION_YEARS: readonly DeductionYear[] = [
  {
    year: 2025,
    craftCeilingKr: 8_600,
    serviceCeilingKr: 17_500,
    source:
      'https://bsrev.dk/da/se-om-du-kan-faa-haandvaerker-og-servicefradrag (loven vedtaget 30.1.2025); https://bolius.dk/her-er-servicefradraget-og-haandvaerkerfradraget-for-2025-2027-28556',
    checked: '2026-11-28',
  },
  {
    year: 2026,
    craftCeilingKr: 9_000,
    serviceCeilingKr: 18_300,
    source:
      'https://www.aeldresagen.dk/viden-og-raadgivning/vaerd-at-vide/h/haandvaerkerfradrag (sidst redigeret 14.01.2026); https://skat.dk/borger/fradrag/servicefradrag/generelle-betingelser (2025–2026 ceilings, as cited by a 2026 tax model: 9.000 + 18.300 kr.)',
    checked: '2026-11-28',
  },
];

/**
 * Skattestyrelsen's page on the green håndværkerfradrag 2025–2027 (the work that qualifies; its
 * conditions page beside it: electronic payment, labour only). Not skat.aspx?oid=1040: that older
 * page still opens with "Håndværkerfradraget blev afskaffet pr. 1. april 2022" (read 2026-11-28),
 * which would tell a customer the opposite of the block.
 */
export const DEDUCTION_INFO_URL = 'https://skat.dk/borger/fradrag/servicefradrag/haandvaerkerfradrag';

/** The calendar year in Denmark at `now` (a site published at 23:30 on 31 December is still that year). */
export function danishYear(now: Date): number {
  return Number(
    new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Copenhagen' }).format(now),
  );
}

/** The row for `year`, or null when the table does not cover it (then no figure may be shown). */
export function deductionForYear(year: number): DeductionYear | null {
  return DEDUCTION_YEARS.find((row) => row.year === year) ?? null;
}

/** The row for the Danish year at `now` (injectable clock), or null. */
export function currentDeduction(now: Date): DeductionYear | null {
  return deductionForYear(danishYear(now));
}

type DeductionKind = 'craft' | 'service';

export interface DeductionWork {
  kind: DeductionKind;
  /** What qualifies, as a customer reads it after "Du kan få fradrag for arbejdslønnen til …". */
  work: string;
}

// Which work of a trade qualifies, by trade profile id (rules/trades/). A trade missing here has no
// work on the lists, and its site shows no block (a painter's or a carpenter's kitchen does not
// qualify since 2022). Worded from Skattestyrelsen's list for 2025–2027 as the sources above give it.
const DEDUCTION_WORK: Readonly<Record<string, readonly DeductionWork[]>> = {
  vvs: [
    {
      kind: 'craft',
      work: 'varmepumper, radiatorer, termostatventiler, gulvvarme, cirkulationspumper, fjernvarmeunits og eftersyn af varmeanlæg',
    },
  ],
  elektriker: [
    { kind: 'craft', work: 'solceller, varmepumper og styring af varmeanlæg' },
    { kind: 'service', work: 'installation af tyverialarm og reparation af hårde hvidevarer' },
  ],
  tomrer: [
    {
      kind: 'craft',
      work: 'udskiftning af vinduer og yderdøre og isolering af loft, tag, ydervægge og gulve',
    },
  ],
  snedker: [{ kind: 'craft', work: 'udskiftning af vinduer og yderdøre' }],
  glarmester: [{ kind: 'craft', work: 'udskiftning af ruder, vinduer og terrassedøre med glas' }],
  murer: [{ kind: 'craft', work: 'isolering af ydervægge og hulmure og reparation af skorsten' }],
  isolator: [{ kind: 'craft', work: 'isolering af loft, tag, ydervægge, hulmure, gulve og krybekældre' }],
  tagdaekker: [
    { kind: 'craft', work: 'isolering af tag og loft' },
    { kind: 'service', work: 'rensning af tagrender' },
  ],
  blikkenslager: [{ kind: 'service', work: 'rensning af tagrender' }],
  anlaegsgartner: [
    { kind: 'service', work: 'almindeligt havearbejde, træfældning, anlæg af ny græsplæne og snerydning' },
  ],
  gartner: [
    { kind: 'service', work: 'almindeligt havearbejde, træfældning, anlæg af ny græsplæne og snerydning' },
  ],
  rengoring: [{ kind: 'service', work: 'almindelig rengøring i hjemmet' }],
  vinduespudser: [{ kind: 'service', work: 'vinduespudsning, indvendigt og udvendigt' }],
  laasesmed: [{ kind: 'service', work: 'installation af tyverialarm' }],
  solceller: [
    { kind: 'craft', work: 'installation, reparation og udskiftning af solceller, også med batteri' },
  ],
  kolemontor: [{ kind: 'craft', work: 'installation, reparation og eftersyn af varmepumper' }],
  byggefirma: [
    {
      kind: 'craft',
      work: 'udskiftning af vinduer og yderdøre og isolering af loft, tag, ydervægge og gulve',
    },
  ],
};

/** The qualifying work of a trade (profile id), or [] when none of its work qualifies. */
export function deductionWork(tradeId: string): readonly DeductionWork[] {
  return DEDUCTION_WORK[tradeId] ?? [];
}

/** Trade profile ids with qualifying work (for the admin's hint and the tests). */
export const DEDUCTION_TRADES: readonly string[] = Object.keys(DEDUCTION_WORK);

/** '9.000 kr.' */
export function formatKroner(amount: number): string {
  return `${amount.toLocaleString('da-DK')} kr.`;
}

export interface DeductionBlock {
  year: number;
  items: readonly { kind: DeductionKind; work: string; ceilingKr: number }[];
}

/**
 * What the site's håndværkerfradrag block says for a trade at `now`: the qualifying work with this
 * year's ceiling for each kind, or null when none of the trade's work qualifies or the table does not
 * cover this year (the block is then left out whole, never shown with an old figure).
 */
export function deductionBlock(tradeId: string, now: Date): DeductionBlock | null {
  const work = deductionWork(tradeId);
  const row = currentDeduction(now);
  if (work.length === 0 || row === null) return null;
  return {
    year: row.year,
    items: work.map((item) => ({
      ...item,
      ceilingKr: item.kind === 'craft' ? row.craftCeilingKr : row.serviceCeilingKr,
    })),
  };
}
