// The lines of a draft tilbud (issue 51) as the owner types them: kind, text, quantity, unit and price
// excl. moms, with the quick entry that keeps a tilbud to a few taps on a phone. A new tilbud starts
// with an Arbejdsløn line at the owner's Timepris and an empty Materialer line; "+ Arbejdsløn" and
// the others add a line of that kind at the last price used for it here (labour: the Timepris), right
// after the last line of its kind; Enter in a line's price adds the next line of the same kind. A line
// left entirely empty (no text, no price) is left out when the draft is saved, never refused.
import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { QuoteJson } from '../../../../contracts/quotes';
import {
  DEDUCTION_SCHEME_LABELS,
  type documentTotals,
  formatOre,
  formatQuantity,
  LINE_KIND_LABELS,
  LINE_KINDS,
  LINE_UNIT_LABELS,
  LINE_UNITS,
  type LineKind,
  type LineUnit,
  parseHundredths,
  QUOTE_LIMITS,
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

type Schemes = readonly ('craft' | 'service')[];

let nextKey = 1;

const DEFAULT_UNIT: Readonly<Record<LineKind, LineUnit>> = {
  labour: 'hours',
  materials: 'pieces',
  driving: 'km',
  other: 'fixed',
};

function defaultDeduction(kind: LineKind, schemes: Schemes): LineForm['deduction'] {
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

/** One line of the draft: kind, unit, text, quantity, price, the fradrag tick, and its sum. */
export function LineRow(props: {
  line: LineForm;
  /** Its place, 0 first, to name its "Fjern" for a screen reader. */
  index: number;
  check: ReturnType<typeof parsedLine> | undefined;
  amounts: ReturnType<typeof documentTotals>['lines'][number] | undefined;
  schemes: Schemes;
  /** Focus the text field once, when the line was just added. */
  focus: boolean;
  onChange(change: Partial<LineForm>): void;
  onRemove(): void;
  /** Enter in the price: the next line of the same kind. */
  onNext(): void;
}) {
  const { line, check, amounts, schemes, focus, onChange, onRemove, onNext } = props;
  const textRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) textRef.current?.focus();
  }, [focus]);
  // An empty line is left out when saving: no red marks on it.
  const ignored = isEmptyLine(line);
  const onPriceKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onNext();
  };
  return (
    <li className="quote-line">
      <div className="quote-field-row">
        <label className="field">
          <span className="field-label">Type</span>
          <select
            value={line.kind}
            onChange={(event) => {
              const kind = event.target.value as LineKind;
              onChange({ kind, unit: DEFAULT_UNIT[kind], deduction: defaultDeduction(kind, schemes) });
            }}
          >
            {LINE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {LINE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Enhed</span>
          <select value={line.unit} onChange={(event) => onChange({ unit: event.target.value as LineUnit })}>
            {LINE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {LINE_UNIT_LABELS[unit]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="field">
        <span className="field-label">Tekst</span>
        <input
          ref={textRef}
          value={line.text}
          maxLength={QUOTE_LIMITS.lineText}
          onChange={(event) => onChange({ text: event.target.value })}
        />
      </label>
      <div className="quote-field-row">
        <label className="field">
          <span className="field-label">Antal</span>
          <input
            inputMode="decimal"
            value={line.quantity}
            aria-invalid={ignored || check?.quantityOk ? undefined : true}
            onChange={(event) => onChange({ quantity: event.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">Pris, kr.</span>
          <input
            inputMode="decimal"
            value={line.price}
            aria-invalid={ignored || check?.priceOk ? undefined : true}
            onChange={(event) => onChange({ price: event.target.value })}
            onKeyDown={onPriceKey}
          />
        </label>
      </div>
      {line.kind === 'labour' && schemes.length > 0 ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={line.deduction !== null}
            onChange={(event) => onChange({ deduction: event.target.checked ? (schemes[0] ?? null) : null })}
          />{' '}
          Giver {DEDUCTION_SCHEME_LABELS[schemes[0] ?? 'craft'].toLowerCase()}
        </label>
      ) : null}
      <p className="quote-line-sum" aria-live="polite">
        {formatOre(amounts?.netOre ?? 0)} · moms {formatOre(amounts?.vatOre ?? 0)}
        <button
          type="button"
          className="button button-ghost"
          aria-label={`Fjern linje ${props.index + 1}`}
          onClick={onRemove}
        >
          Fjern
        </button>
      </p>
    </li>
  );
}
