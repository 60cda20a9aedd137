// One line of a draft tilbud (issue 51) as the owner types it: kind, unit, text, quantity and price
// excl. moms, with the quick entry that keeps a tilbud to a few taps on a phone (quote-line-form.ts):
// a line just added takes the focus in its text, and Enter in its price adds the next line of the
// same kind. A line left entirely empty is not marked as wrong: it is left out when saving.
import { type KeyboardEvent, useEffect, useRef } from 'react';
import {
  DEDUCTION_SCHEME_LABELS,
  type documentTotals,
  formatOre,
  LINE_KIND_LABELS,
  LINE_KINDS,
  LINE_UNIT_LABELS,
  LINE_UNITS,
  type LineKind,
  type LineUnit,
  QUOTE_LIMITS,
} from '../../../../rules/quote-money';
import {
  DEFAULT_UNIT,
  defaultDeduction,
  isEmptyLine,
  type LineForm,
  type parsedLine,
  type Schemes,
} from './quote-line-form';

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

/** "+ Arbejdsløn", "+ Materialer", …: a line of that kind (quote-line-form.ts, withAddedLine). */
export function AddLineButtons(props: { onAdd(kind: LineKind): void }) {
  return (
    <p className="quote-add">
      {LINE_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          className="button button-secondary"
          onClick={() => props.onAdd(kind)}
        >
          + {LINE_KIND_LABELS[kind]}
        </button>
      ))}
    </p>
  );
}
