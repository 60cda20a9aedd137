// A draft tilbud's lines as the owner types them (issue 51), pure: the text fields of a line, the
// start of a new tilbud (Arbejdsløn at the owner's Timepris and an empty Materialer line), the line
// "+ Arbejdsløn" and the others add (at the last price typed for that kind, after the last line of
// its kind), the empty line left out when saving, and the parse into the API's øre and hundredths.
import type { QuoteJson } from '../../../../contracts/quotes';
import {
  formatOre,
  formatQuantity,
  LINE_KIND_LABELS,
  type LineKind,
  type LineUnit,
  parseHundredths,
} from '../../../../rules/quote-money';

export interface LineForm {
  key: number;
  kind: LineKind;
  text: string;
  quantity: string;
  unit: LineUnit;
  price: string;
  deduction: 'craft' | 'service' | null;
}

export type Schemes = readonly ('craft' | 'service')[];

let nextKey = 1;

export const DEFAULT_UNIT: Readonly<Record<LineKind, LineUnit>> = {
  labour: 'hours',
  materials: 'pieces',
  driving: 'km',
  other: 'fixed',
};

export function defaultDeduction(kind: LineKind, schemes: Schemes): LineForm['deduction'] {
  return kind === 'labour' && schemes.length === 1 ? (schemes[0] ?? null) : null;
}

function toLineForm(line: QuoteJson['lines'][number]): LineForm {
  return {
    key: nextKey++,
    kind: line.kind,
    text: line.text,
    quantity: formatQuantity(line.quantityHundredths),
    unit: line.unit,
    price: formatOre(line.unitPriceOre, ''),
    deduction: line.deduction,
  };
}

function newLine(kind: LineKind, schemes: Schemes, price: string, text = ''): LineForm {
  return {
    key: nextKey++,
    kind,
    text,
    quantity: '1',
    unit: DEFAULT_UNIT[kind],
    price,
    deduction: defaultDeduction(kind, schemes),
  };
}

/** The Timepris as the price field shows it: '' while not set. */
function rateText(hourlyRateOre: number): string {
  return hourlyRateOre > 0 ? formatOre(hourlyRateOre, '') : '';
}

/** A draft's lines as saved, or a new tilbud's start: Arbejdsløn at the Timepris and empty Materialer. */
export function startingLines(quote: QuoteJson, hourlyRateOre: number): LineForm[] {
  if (quote.lines.length > 0) return quote.lines.map(toLineForm);
  const rate = rateText(hourlyRateOre);
  return [
    newLine('labour', quote.deductionSchemes, rate, rate ? LINE_KIND_LABELS.labour : ''),
    newLine('materials', quote.deductionSchemes, ''),
  ];
}

/**
 * `lines` with a new line of `kind` at the last price typed for that kind (labour without one: the
 * Timepris), placed after `afterKey` or else after the last line of its kind (at the end if none).
 */
export function withAddedLine(
  lines: readonly LineForm[],
  kind: LineKind,
  schemes: Schemes,
  hourlyRateOre: number,
  afterKey?: number,
): { lines: LineForm[]; added: LineForm } {
  const sameKind = lines.filter((line) => line.kind === kind);
  const lastPrice = [...sameKind].reverse().find((line) => line.price.trim() !== '')?.price;
  const added = newLine(kind, schemes, lastPrice ?? (kind === 'labour' ? rateText(hourlyRateOre) : ''));
  const anchor = afterKey ?? sameKind.at(-1)?.key;
  const at = anchor === undefined ? -1 : lines.findIndex((line) => line.key === anchor);
  const next = [...lines];
  next.splice(at === -1 ? next.length : at + 1, 0, added);
  return { lines: next, added };
}

/** Nothing typed that would go on the tilbud: no text and no price. */
export function isEmptyLine(line: LineForm): boolean {
  return line.text.trim() === '' && line.price.trim() === '';
}

export function parsedLine(line: LineForm) {
  const quantityHundredths = parseHundredths(line.quantity);
  const unitPriceOre = parseHundredths(line.price);
  return {
    kind: line.kind,
    text: line.text.trim(),
    quantityHundredths: quantityHundredths ?? 0,
    unit: line.unit,
    unitPriceOre: unitPriceOre ?? 0,
    deduction: line.kind === 'labour' ? line.deduction : null,
    quantityOk: quantityHundredths !== null && quantityHundredths > 0,
    priceOk: unitPriceOre !== null && unitPriceOre >= 0,
  };
}
