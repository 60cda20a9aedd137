// Håndværkerfradrag and servicefradrag (issue 42 item 3, issue 48 item 7): the years the law's list
// of work covers, this year's ceilings per person (one row per year with its source), and which work
// of each trade qualifies. The amounts are indexed every year (personskattelovens § 20), so a year the
// law covers but whose amounts are not in the table yet shows the scheme and the work without any
// figure, never last year's; a year the law does not cover shows no block at all. A table that is due
// (60 days before such a year) or stale shows in /api/health, the operator view and the test output
// (`rules/fact-freshness.ts`); no test fails on a date.
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

/**
 * The years the current law gives the lists below for: the green håndværkerfradrag and the widened
 * servicefradrag were passed on 30 January 2025 for 2025–2027 ("i perioden 01.01.2025 – 31.12.2027").
 */
export const DEDUCTION_LAW = {
  firstYear: 2025,
  lastYear: 2027,
  source:
    'https://bsrev.dk/da/se-om-du-kan-faa-haandvaerker-og-servicefradrag ("I årene 2025-2027", loven vedtaget 30.1.2025); https://www.aeldresagen.dk/viden-og-raadgivning/vaerd-at-vide/h/haandvaerkerfradrag ("i perioden 01.01.2025 – 31.12.2027")',
  checked: '2026-12-07',
} as const;

// 2027: the indexed ceilings ("Beløbsgrænser … der reguleres efter personskattelovens § 20", 2027
// edition) were not found in any source searchable on 2026-12-07, so 2027 has no row yet: sites show
// the work that qualifies without a figure until it is added.
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
 * What a krone of deduction is worth in tax: the fradrag is ligningsmæssigt, so its value is about
 * 26 % (kommuneskat and kirkeskat less the 8 % arbejdsmarkedsbidrag's share), the same each year to
 * within a point. It is given on the labour incl. moms, never the materials (issue 51's estimate).
 */
export const DEDUCTION_VALUE = {
  /** In hundredths of a percent: 2600 = 26 %. */
  rateBasisPoints: 2600,
  source:
    'https://cura-teknisk-landsforbund-prod.kru.so/faa-viden-og-inspiration/teknikerenplus/artikler/du-kan-spare-tusindvis-af-kroner-nu-er-det-tid-til-at-faa-styr-paa-vaerdifulde-fradrag ("Håndværkerfradragets værdi er på cirka 26 procent … 3.000 kroner … sparer du cirka 780 kroner i skat ifølge Skattestyrelsen"); http://tagogfacade.dk/…/haandvaerkerfradrag ("Der gives kun fradrag for arbejdsløn inkl. moms")',
  checked: '2026-12-07',
} as const;

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

/** Whether the law's list of work covers `year`. */
export function deductionLawCovers(year: number): boolean {
  return year >= DEDUCTION_LAW.firstYear && year <= DEDUCTION_LAW.lastYear;
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
  /** Whether this year's ceilings are in the table; false: the block names no figure and no year. */
  amountsKnown: boolean;
  /** This year's ceiling for the kind, or null when the year's amounts are not in the table. */
  items: readonly { kind: DeductionKind; work: string; ceilingKr: number | null }[];
}

/**
 * What the site's håndværkerfradrag block says for a trade at `now`: the qualifying work with this
 * year's ceiling for each kind; the work without a figure when the law covers the year but its
 * amounts are not in the table yet; null when none of the trade's work qualifies or the law does not
 * cover this year (the block is then left out whole, never shown with an old figure).
 */
export function deductionBlock(tradeId: string, now: Date): DeductionBlock | null {
  const work = deductionWork(tradeId);
  const year = danishYear(now);
  if (work.length === 0 || !deductionLawCovers(year)) return null;
  const row = deductionForYear(year);
  return {
    year,
    amountsKnown: row !== null,
    items: work.map((item) => ({
      ...item,
      ceilingKr: row === null ? null : item.kind === 'craft' ? row.craftCeilingKr : row.serviceCeilingKr,
    })),
  };
}

/** When the table needs its next update, for `rules/fact-freshness.ts`. */
export interface DeductionFreshness {
  /** 1 January (Danish time) of the first year from now whose block would lack a figure or a list. */
  dueYear: number;
  /** Why: the year's amounts are missing, or the law's list ends before it. */
  reason: 'amounts' | 'law';
}

/**
 * The first year, from this Danish year on, the table cannot answer whole: one the law covers without
 * its amounts, or the first past the law's last year (its list may be extended or end; look it up).
 */
export function deductionDue(now: Date): DeductionFreshness {
  for (let year = danishYear(now); ; year += 1) {
    if (!deductionLawCovers(year)) return { dueYear: year, reason: 'law' };
    if (deductionForYear(year) === null) return { dueYear: year, reason: 'amounts' };
  }
}
