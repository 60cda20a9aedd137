// /admin/tilbud/:id (issue 51): one tilbud. A draft is edited here with quick line entry (kind, text,
// quantity, unit, price excl. moms), moms and total computed live by the same rules the API and the
// PDF use (rules/quote-money.ts), and the labour that counts for fradrag. "Send tilbud" locks it and
// gives it its number; a sent tilbud is read-only with "Ret og send igen"; an accepted one gets
// "Lav faktura". "Send tilbud" mails the customer the link and the PDF.
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { QuoteJson } from '../../../../contracts/quotes';
import { QUOTE_MESSAGES } from '../../../../rules/quote-messages';
import {
  DEDUCTION_SCHEME_LABELS,
  documentTotals,
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
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';
import { ADMIN_PATHS } from '../../paths';
import { dayLabel, quoteIdOf, quoteTitle, STATE_LABELS } from './quote-format';

interface LineForm {
  key: number;
  kind: LineKind;
  text: string;
  quantity: string;
  unit: LineUnit;
  price: string;
  deduction: 'craft' | 'service' | null;
}

let nextKey = 1;

const DEFAULT_UNIT: Readonly<Record<LineKind, LineUnit>> = {
  labour: 'hours',
  materials: 'pieces',
  driving: 'km',
  other: 'fixed',
};

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

function emptyLine(kind: LineKind, schemes: readonly ('craft' | 'service')[]): LineForm {
  return {
    key: nextKey++,
    kind,
    text: '',
    quantity: '1',
    unit: DEFAULT_UNIT[kind],
    price: '',
    deduction: kind === 'labour' && schemes.length === 1 ? (schemes[0] ?? null) : null,
  };
}

function parsedLine(line: LineForm) {
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
function LineRow(props: {
  line: LineForm;
  check: ReturnType<typeof parsedLine> | undefined;
  amounts: ReturnType<typeof documentTotals>['lines'][number] | undefined;
  schemes: readonly ('craft' | 'service')[];
  onChange(change: Partial<LineForm>): void;
  onRemove(): void;
}) {
  const { line, check, amounts, schemes, onChange, onRemove } = props;
  return (
    <li className="quote-line">
      <div className="quote-field-row">
        <label className="field">
          <span className="field-label">Type</span>
          <select
            value={line.kind}
            onChange={(event) => {
              const kind = event.target.value as LineKind;
              onChange({
                kind,
                unit: DEFAULT_UNIT[kind],
                deduction: emptyLine(kind, schemes).deduction,
              });
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
            aria-invalid={check?.quantityOk ? undefined : true}
            onChange={(event) => onChange({ quantity: event.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">Pris, kr.</span>
          <input
            inputMode="decimal"
            value={line.price}
            aria-invalid={check?.priceOk ? undefined : true}
            onChange={(event) => onChange({ price: event.target.value })}
          />
        </label>
      </div>
      {line.kind === 'labour' && schemes.length > 0 ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={line.deduction !== null}
            onChange={(event) =>
              onChange({
                deduction: event.target.checked ? (schemes[0] ?? null) : null,
              })
            }
          />{' '}
          Giver {DEDUCTION_SCHEME_LABELS[schemes[0] ?? 'craft'].toLowerCase()}
        </label>
      ) : null}
      <p className="quote-line-sum" aria-live="polite">
        {formatOre(amounts?.netOre ?? 0)} · moms {formatOre(amounts?.vatOre ?? 0)}
        <button type="button" className="button button-ghost" onClick={onRemove}>
          Fjern
        </button>
      </p>
    </li>
  );
}

/** One labelled field of the draft's customer, task or terms. */
function DraftField(props: {
  name: string;
  label: string;
  type?: string;
  multiline?: boolean;
  value: string;
  onChange(value: string): void;
}) {
  const { name, label, value, onChange } = props;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is one of the two branches below
    <label className="field">
      <span className="field-label">{label}</span>
      {props.multiline ? (
        <textarea
          name={name}
          rows={name === 'terms' ? 6 : 3}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          name={name}
          type={props.type ?? 'text'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </label>
  );
}

/** The draft's buttons: save, send, the PDF, delete. */
function DraftActions(props: {
  quoteId: string;
  busy: 'save' | 'send' | null;
  onSend(): void;
  onRemove(): void;
}) {
  const { quoteId, busy, onSend, onRemove } = props;
  return (
    <div className="save-bar">
      <button type="submit" className="button button-secondary" disabled={busy !== null}>
        {busy === 'save' ? 'Gemmer...' : 'Gem kladde'}
      </button>
      <button type="button" className="button" disabled={busy !== null} onClick={onSend}>
        {busy === 'send' ? 'Sender...' : 'Send tilbud'}
      </button>
      <a className="button button-ghost" href={`/api/quotes/${quoteId}/pdf`} target="_blank" rel="noreferrer">
        Se PDF
      </a>
      <button type="button" className="button button-ghost" onClick={onRemove}>
        Slet kladde
      </button>
    </div>
  );
}

function Draft(props: { quote: QuoteJson; onSaved(next: QuoteJson): void }) {
  const { quote } = props;
  const navigate = useNavigate();
  const [customer, setCustomer] = useState({
    customerName: quote.customerName,
    customerEmail: quote.customerEmail,
    customerPhone: quote.customerPhone,
    customerAddress: quote.customerAddress,
    title: quote.title,
    description: quote.description,
    validUntil: quote.validUntil,
    terms: quote.terms,
  });
  const [lines, setLines] = useState<LineForm[]>(() =>
    quote.lines.length > 0 ? quote.lines.map(toLineForm) : [emptyLine('labour', quote.deductionSchemes)],
  );
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);
  const parsed = useMemo(() => lines.map(parsedLine), [lines]);
  const totals = useMemo(() => documentTotals(parsed), [parsed]);
  const setLine = (key: number, change: Partial<LineForm>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));

  const save = async (): Promise<QuoteJson | null> => {
    if (parsed.some((line) => !line.quantityOk || !line.priceOk)) {
      setNotice({ ok: false, text: QUOTE_MESSAGES.lineFieldInvalid });
      return null;
    }
    const body = {
      ...customer,
      lines: parsed.map(({ quantityOk: _q, priceOk: _p, ...line }) => line),
    };
    const saved = await api.put(`/quotes/${quote.id}`, QUOTE_MESSAGES.saveFailed, body);
    props.onSaved(saved);
    return saved;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('save');
    setNotice(null);
    try {
      if (await save()) setNotice({ ok: true, text: QUOTE_MESSAGES.saved });
    } catch (caught) {
      setNotice({ ok: false, text: caught instanceof Error ? caught.message : QUOTE_MESSAGES.saveFailed });
    } finally {
      setBusy(null);
    }
  };
  const send = async () => {
    setBusy('send');
    setNotice(null);
    try {
      if (!(await save())) return;
      props.onSaved(await api.post(`/quotes/${quote.id}/send`, QUOTE_MESSAGES.sendFailed));
    } catch (caught) {
      setNotice({ ok: false, text: caught instanceof Error ? caught.message : QUOTE_MESSAGES.sendFailed });
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    await api.delete(`/quotes/${quote.id}`, QUOTE_MESSAGES.saveFailed);
    navigate(ADMIN_PATHS.quotes);
  };

  const field = (
    name: keyof typeof customer,
    label: string,
    options: { type?: string; multiline?: boolean } = {},
  ) => (
    <DraftField
      name={name}
      label={label}
      {...options}
      value={customer[name]}
      onChange={(value) => setCustomer({ ...customer, [name]: value })}
    />
  );

  return (
    <form className="quote-editor" onSubmit={(event) => void submit(event)}>
      <fieldset className="card">
        <legend>Kunde</legend>
        {field('customerName', 'Navn')}
        <div className="quote-field-row">
          {field('customerPhone', 'Telefon', { type: 'tel' })}
          {field('customerEmail', 'E-mail', { type: 'email' })}
        </div>
        {field('customerAddress', 'Adresse (hvor arbejdet udføres)', { multiline: true })}
      </fieldset>
      <fieldset className="card">
        <legend>Opgaven</legend>
        {field('title', 'Overskrift')}
        {field('description', 'Beskrivelse', { multiline: true })}
      </fieldset>
      <fieldset className="card quote-lines">
        <legend>Linjer (priser ekskl. moms)</legend>
        <ol>
          {lines.map((line, index) => (
            <LineRow
              key={line.key}
              line={line}
              check={parsed[index]}
              amounts={totals.lines[index]}
              schemes={quote.deductionSchemes}
              onChange={(change) => setLine(line.key, change)}
              onRemove={() => setLines((current) => current.filter((item) => item.key !== line.key))}
            />
          ))}
        </ol>
        {lines.length < QUOTE_LIMITS.lines ? (
          <p className="quote-add">
            {LINE_KINDS.map((kind) => (
              <button
                key={kind}
                type="button"
                className="button button-secondary"
                onClick={() => setLines((current) => [...current, emptyLine(kind, quote.deductionSchemes)])}
              >
                + {LINE_KIND_LABELS[kind]}
              </button>
            ))}
          </p>
        ) : null}
        <Totals totals={totals} estimate={quote.deduction} />
      </fieldset>
      <fieldset className="card">
        <legend>Vilkår</legend>
        {field('validUntil', 'Gælder til og med', { type: 'date' })}
        {field('terms', 'Betingelser', { multiline: true })}
      </fieldset>
      {notice ? (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <DraftActions
        quoteId={quote.id}
        busy={busy}
        onSend={() => void send()}
        onRemove={() => void remove()}
      />
    </form>
  );
}

function Totals(props: { totals: ReturnType<typeof documentTotals>; estimate: QuoteJson['deduction'] }) {
  const { totals, estimate } = props;
  return (
    <div className="quote-totals" aria-live="polite">
      <dl>
        <div>
          <dt>Arbejdsløn ekskl. moms</dt>
          <dd>{formatOre(totals.labourNetOre)}</dd>
        </div>
        <div>
          <dt>Materialer m.m. ekskl. moms</dt>
          <dd>{formatOre(totals.otherNetOre)}</dd>
        </div>
        <div>
          <dt>Moms 25 %</dt>
          <dd>{formatOre(totals.vatOre)}</dd>
        </div>
        <div className="quote-total">
          <dt>I alt inkl. moms</dt>
          <dd>{formatOre(totals.totalOre)}</dd>
        </div>
      </dl>
      {totals.deductibleGrossOre.craft + totals.deductibleGrossOre.service > 0 ? (
        <p className="field-hint">
          Arbejdsløn med fradrag:{' '}
          {formatOre(totals.deductibleGrossOre.craft + totals.deductibleGrossOre.service)} inkl. moms.{' '}
          {/* The saving is the API's, from the last save: the fradrag table stays on the server. */}
          {estimate === null
            ? null
            : estimate.savingOre === null
              ? `Beløbsgrænserne for ${estimate.year} er ikke kendt endnu.`
              : `Kundens skattebesparelse i ${estimate.year}: ca. ${formatOre(estimate.savingOre)} (én person, ved sidste gem).`}
        </p>
      ) : null}
    </div>
  );
}

function Locked(props: { quote: QuoteJson; onChange(next: QuoteJson): void }) {
  const { quote } = props;
  const navigate = useNavigate();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(
    quote.state === 'sent' && quote.seenAt === null ? { ok: true, text: QUOTE_MESSAGES.sentLocked } : null,
  );
  const [deliveryDate, setDeliveryDate] = useState(() => new Date().toISOString().slice(0, 10));
  const revise = async () => {
    try {
      const next = await api.post(`/quotes/${quote.id}/revise`, QUOTE_MESSAGES.reviseFailed);
      navigate(`${ADMIN_PATHS.quotes}/${next.id}`);
    } catch (caught) {
      setNotice({ ok: false, text: caught instanceof Error ? caught.message : QUOTE_MESSAGES.reviseFailed });
    }
  };
  const invoice = async () => {
    try {
      const made = await api.post(`/quotes/${quote.id}/invoice`, QUOTE_MESSAGES.invoiceFailed, {
        deliveryDate,
      });
      props.onChange({ ...quote, invoiceId: made.id });
      setNotice({ ok: true, text: QUOTE_MESSAGES.invoiceMade(made.number) });
    } catch (caught) {
      setNotice({ ok: false, text: caught instanceof Error ? caught.message : QUOTE_MESSAGES.invoiceFailed });
    }
  };
  return (
    <div className="quote-locked">
      <div className="card">
        <p>
          <strong>{quote.customerName}</strong>
          {quote.customerAddress ? <> · {quote.customerAddress}</> : null}
        </p>
        {quote.title ? <h2>{quote.title}</h2> : null}
        <ul className="quote-locked-lines">
          {quote.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sent tilbud's lines never change or move
            <li key={index}>
              <span>
                {line.text} <span className="field-hint">({LINE_KIND_LABELS[line.kind]})</span>
              </span>
              <span>
                {formatQuantity(line.quantityHundredths)} {LINE_UNIT_LABELS[line.unit]} ×{' '}
                {formatOre(line.unitPriceOre)} = {formatOre(line.amounts.netOre)}
              </span>
            </li>
          ))}
        </ul>
        <p>
          Moms {formatOre(quote.vatOre)} · <strong>I alt {formatOre(quote.totalOre)} inkl. moms</strong>
        </p>
        <p className="field-hint">Gælder til og med {dayLabel(quote.validUntil)}.</p>
        {quote.acceptedAt ? (
          <p>
            Accepteret af {quote.acceptedName} {dayLabel(quote.acceptedAt.slice(0, 10))}.
          </p>
        ) : null}
        {quote.declinedAt ? (
          <div className="quote-declined">
            <p>{QUOTE_MESSAGES.declinedOn(dayLabel(quote.declinedAt.slice(0, 10)))}</p>
            <p>
              {quote.declineReason
                ? `${QUOTE_MESSAGES.declineReason} ${quote.declineReason}`
                : QUOTE_MESSAGES.noDeclineReason}
            </p>
          </div>
        ) : null}
      </div>
      {notice ? (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <div className="save-bar">
        <a
          className="button button-secondary"
          href={`/api/quotes/${quote.id}/pdf`}
          target="_blank"
          rel="noreferrer"
        >
          Se PDF
        </a>
        {quote.state !== 'accepted' && !quote.replacedById ? (
          <button type="button" className="button button-secondary" onClick={() => void revise()}>
            Ret og send igen
          </button>
        ) : null}
        {quote.state === 'accepted' && !quote.invoiceId ? (
          <>
            <label className="field">
              <span className="field-label">Arbejdet udført (leveringsdato)</span>
              <input
                type="date"
                value={deliveryDate}
                onChange={(event) => setDeliveryDate(event.target.value)}
              />
            </label>
            <button type="button" className="button" onClick={() => void invoice()}>
              Lav faktura
            </button>
          </>
        ) : null}
        {quote.invoiceId ? (
          <a
            className="button button-secondary"
            href={`/api/invoices/${quote.invoiceId}/pdf`}
            target="_blank"
            rel="noreferrer"
          >
            Se faktura (PDF)
          </a>
        ) : null}
      </div>
    </div>
  );
}

export function QuoteEditorScreen() {
  const id = quoteIdOf(useParams()['*']);
  const resource = useResource(() => api.get(`/quotes/${id}`, QUOTE_MESSAGES.loadFailed));
  // A new version opens at its own address: load it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the address names another tilbud
  useEffect(() => {
    void resource.reload();
  }, [id]);
  const quote = resource.data;
  return (
    <section aria-labelledby="quote-title">
      <p>
        <Link to={ADMIN_PATHS.quotes}>← Alle tilbud</Link>
      </p>
      {quote === null || quote.id !== id ? (
        <LoadState resource={resource} />
      ) : (
        <>
          <h1 id="quote-title" tabIndex={-1}>
            {quoteTitle(quote)}{' '}
            <span className={`quote-state quote-state-${quote.state}`}>
              {quote.replacedById ? 'Erstattet' : STATE_LABELS[quote.state]}
            </span>
          </h1>
          {quote.state === 'draft' ? (
            <Draft key={quote.id} quote={quote} onSaved={resource.setData} />
          ) : (
            <Locked key={quote.id} quote={quote} onChange={resource.setData} />
          )}
        </>
      )}
    </section>
  );
}
