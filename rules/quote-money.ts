// The money of a tilbud and a faktura (issue 51): lines, moms and totals in whole øre, never floats.
// Pure and shared by the API, the PDF and the admin's live sums, so the figure the owner sees while
// typing is the figure the customer is sent and the invoice is booked with.
//
// - An amount is an integer number of øre. A quantity is an integer number of hundredths (1,5 timer
//   is 150), so a line's amount is quantity × unit price / 100, rounded once to the øre.
// - Moms is 25 % (momsloven § 33). Each line shows its own moms for the reader, but the moms the
//   customer pays is computed once, on the document's momsgrundlag (the sum of the lines excl.
//   moms), and rounded to the øre: momsbekendtgørelsen § 58, stk. 1, nr. 7-9 asks for "afgifts-
//   grundlaget", "gældende afgiftssats" and "det afgiftsbeløb, der skal betales" for the invoice,
//   and OIOUBL's TaxTotal likewise takes the moms per rate on the taxable total (a RoundingAmount
//   exists only to reconcile per-line sums with it). So the line moms may sum to an øre more or less
//   than the total moms; the total is the one that counts, and the PDF says so.
// - Rounding is half away from zero (kaufmännisch, as the Danish bookkeeping tools do), which keeps a
//   kreditnota the exact negative of its invoice.

/** Moms on everything we invoice: 25 % (momsloven § 33, stk. 1). */
export const VAT = {
  /** In hundredths of a percent, to stay in integers: 2500 = 25 %. */
  rateBasisPoints: 2500,
  label: '25 %',
  source:
    'https://elov.dk/momsbekendtgorelsen/kapitel/12/ (§ 58, stk. 1, nr. 7-9: afgiftsgrundlag, sats og det afgiftsbeløb, der skal betales); https://oioubl-demo.nemhandel.dk/oioubl/invoice.TaxTotal.html (moms per sats på grundlaget, RoundingAmount)',
  checked: '2026-12-07',
} as const;

export const LINE_KINDS = ['labour', 'materials', 'driving', 'other'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const LINE_KIND_LABELS: Readonly<Record<LineKind, string>> = {
  labour: 'Arbejdsløn',
  materials: 'Materialer',
  driving: 'Kørsel',
  other: 'Andet',
};

export const LINE_UNITS = ['hours', 'pieces', 'm2', 'm', 'km', 'fixed'] as const;
export type LineUnit = (typeof LINE_UNITS)[number];

export const LINE_UNIT_LABELS: Readonly<Record<LineUnit, string>> = {
  hours: 'timer',
  pieces: 'stk.',
  m2: 'm²',
  m: 'm',
  km: 'km',
  fixed: 'fast pris',
};

export type DeductionScheme = 'craft' | 'service';

/** Here rather than in quote-deduction.ts: the admin's editor names the schemes without loading the
 *  fradrag table (tax-deduction.ts), whose chunk would be one more name in the entry's preload list. */
export const DEDUCTION_SCHEME_LABELS: Readonly<Record<DeductionScheme, string>> = {
  craft: 'Håndværkerfradrag',
  service: 'Servicefradrag',
};

/** The limits of one document; the API refuses past them with rules/quote-messages.ts. */
export const QUOTE_LIMITS = {
  lines: 50,
  lineText: 300,
  /** 10.000,00 in hundredths. */
  quantityHundredths: 1_000_000,
  /** 1.000.000,00 kr. in øre: quantity × price stays far below 2^53. */
  unitPriceOre: 100_000_000,
  customerName: 120,
  customerContact: 200,
  address: 300,
  title: 120,
  description: 4_000,
  terms: 4_000,
} as const;

export interface MoneyLine {
  kind: LineKind;
  /** Hundredths: 150 is 1,5. */
  quantityHundredths: number;
  unitPriceOre: number;
  /** Whether this labour counts for håndværker- or servicefradrag (only labour lines may). */
  deduction?: 'craft' | 'service' | null;
}

/** `numerator / denominator` rounded half away from zero, exact for integers below 2^53. */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0)
    throw new RangeError('divideRounded takes safe integers and a positive denominator');
  const sign = numerator < 0 ? -1 : 1;
  const size = Math.abs(numerator);
  const whole = Math.floor(size / denominator);
  const rest = size - whole * denominator;
  return sign * (rest * 2 >= denominator ? whole + 1 : whole);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The rate as its smallest fraction (25 % = 1/4), so the largest document stays in safe integers. */
const VAT_SHARE = (() => {
  const divisor = gcd(VAT.rateBasisPoints, 10_000);
  return { numerator: VAT.rateBasisPoints / divisor, denominator: 10_000 / divisor };
})();

/** The moms of an amount excl. moms, to the øre. */
export function vatOf(netOre: number): number {
  return divideRounded(netOre * VAT_SHARE.numerator, VAT_SHARE.denominator);
}

export interface LineAmounts {
  /** Quantity × unit price, excl. moms. */
  netOre: number;
  /** 25 % of the line, shown beside it (the document's moms is computed on the total). */
  vatOre: number;
  grossOre: number;
}

export function lineAmounts(line: Pick<MoneyLine, 'quantityHundredths' | 'unitPriceOre'>): LineAmounts {
  const netOre = divideRounded(line.quantityHundredths * line.unitPriceOre, 100);
  const vatOre = vatOf(netOre);
  return { netOre, vatOre, grossOre: netOre + vatOre };
}

export interface DocumentTotals {
  lines: LineAmounts[];
  /** Momsgrundlaget: the sum of the lines excl. moms. */
  netOre: number;
  /** 25 % of netOre, rounded once: the moms the customer pays. */
  vatOre: number;
  /** What the customer pays. */
  totalOre: number;
  /** Labour apart from materials (excl. moms), as the invoice names it for fradrag. */
  labourNetOre: number;
  /** Everything that is not labour (materials, driving, other), excl. moms. */
  otherNetOre: number;
  /** The labour that counts for fradrag per scheme, incl. moms (the deduction is given on that). */
  deductibleGrossOre: { craft: number; service: number };
}

export function documentTotals(lines: readonly MoneyLine[]): DocumentTotals {
  const amounts = lines.map(lineAmounts);
  const netOre = amounts.reduce((sum, line) => sum + line.netOre, 0);
  const vatOre = vatOf(netOre);
  let labourNetOre = 0;
  const deductibleNet = { craft: 0, service: 0 };
  lines.forEach((line, index) => {
    const net = amounts[index]?.netOre ?? 0;
    if (line.kind !== 'labour') return;
    labourNetOre += net;
    if (line.deduction) deductibleNet[line.deduction] += net;
  });
  return {
    lines: amounts,
    netOre,
    vatOre,
    totalOre: netOre + vatOre,
    labourNetOre,
    otherNetOre: netOre - labourNetOre,
    deductibleGrossOre: {
      craft: deductibleNet.craft + vatOf(deductibleNet.craft),
      service: deductibleNet.service + vatOf(deductibleNet.service),
    },
  };
}

const GROUPED = new Intl.NumberFormat('da-DK', { useGrouping: true, maximumFractionDigits: 0 });

/** Øre as Danish money: 123450 → '1.234,50 kr.', -5 → '-0,05 kr.'. Built from integers, no floats. */
export function formatOre(ore: number, unit = ' kr.'): string {
  const sign = ore < 0 ? '-' : '';
  const size = Math.abs(ore);
  const kroner = Math.floor(size / 100);
  const rest = String(size % 100).padStart(2, '0');
  return `${sign}${GROUPED.format(kroner)},${rest}${unit}`;
}

/** Hundredths as a Danish quantity: 150 → '1,5', 200 → '2', 125 → '1,25'. */
export function formatQuantity(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = Math.abs(hundredths % 100);
  const head = `${hundredths < 0 && whole === 0 ? '-' : ''}${GROUPED.format(whole)}`;
  if (rest === 0) return head;
  return `${head},${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * A Danish number the owner typed ('1,5', '1.234,50', '12.5', '3') as hundredths, or null when it is
 * not one with at most two decimals. A dot followed by exactly three digits is a thousands separator
 * ('1.234'); otherwise a lone dot is read as the decimal mark, since phones offer it.
 */
export function parseHundredths(text: string): number | null {
  let value = text.trim().replace(/\s|kr\.?$/gi, '');
  if (value === '') return null;
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(value)) value = value.replace(/\./g, '');
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const whole = Number(match[2]);
  const fraction = Number((match[3] ?? '').padEnd(2, '0') || '0');
  const result = whole * 100 + fraction;
  if (!Number.isSafeInteger(result)) return null;
  return match[1] === '-' ? -result : result;
}
