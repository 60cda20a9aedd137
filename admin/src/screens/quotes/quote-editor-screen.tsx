// /admin/tilbud/:id (issue 51): one tilbud. A draft is edited here with quick line entry (kind, text,
// quantity, unit, price excl. moms: quote-lines.tsx), moms and total computed live by the same rules
// the API and the PDF use (rules/quote-money.ts), and the labour that counts for fradrag. "Send tilbud" locks it and
// gives it its number; a sent tilbud is read-only with "Ret og send igen"; an accepted one gets
// "Lav faktura". "Send tilbud" mails the customer the link and the PDF; a customer with only a phone
// number gets the SMS text to copy (sms-box.tsx), kept on the sent tilbud.
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { QuoteJson, SentQuoteJson } from '../../../../contracts/quotes';
import { copenhagenDay } from '../../../../rules/ai-limit';
import { QUOTE_MESSAGES } from '../../../../rules/quote-messages';
import {
  documentTotals,
  formatOre,
  formatQuantity,
  LINE_KIND_LABELS,
  LINE_UNIT_LABELS,
  type LineKind,
  QUOTE_LIMITS,
} from '../../../../rules/quote-money';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';
import { ADMIN_PATHS } from '../../paths';
import { dayLabel, quoteIdOf, quoteTitle, STATE_LABELS } from './quote-format';
import { isEmptyLine, type LineForm, parsedLine, startingLines, withAddedLine } from './quote-line-form';
import { AddLineButtons, LineRow } from './quote-lines';
import { SmsBox } from './sms-box';

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

function Draft(props: { quote: QuoteJson; hourlyRateOre: number; onSaved(next: SentQuoteJson): void }) {
  const { quote, hourlyRateOre } = props;
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
  const [lines, setLines] = useState<LineForm[]>(() => startingLines(quote, hourlyRateOre));
  // The line just added, whose text field takes the focus.
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);
  const parsed = useMemo(() => lines.map(parsedLine), [lines]);
  const totals = useMemo(() => documentTotals(parsed), [parsed]);
  const setLine = (key: number, change: Partial<LineForm>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const addLine = (kind: LineKind, afterKey?: number) => {
    if (lines.length >= QUOTE_LIMITS.lines) return;
    const next = withAddedLine(lines, kind, quote.deductionSchemes, hourlyRateOre, afterKey);
    setLines(next.lines);
    setFocusKey(next.added.key);
  };

  const save = async (): Promise<QuoteJson | null> => {
    // A line with nothing typed is left out, not refused.
    const kept = parsed.filter((_line, index) => !isEmptyLine(lines[index] as LineForm));
    if (kept.some((line) => !line.quantityOk || !line.priceOk)) {
      setNotice({ ok: false, text: QUOTE_MESSAGES.lineFieldInvalid });
      return null;
    }
    const body = {
      ...customer,
      lines: kept.map(({ quantityOk: _q, priceOk: _p, ...line }) => line),
    };
    const saved = await api.put(`/quotes/${quote.id}`, QUOTE_MESSAGES.saveFailed, body);
    props.onSaved({ ...saved, smsText: null });
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
        {field('customerPhone', 'Telefon', { type: 'tel' })}
        {field('customerEmail', 'E-mail', { type: 'email' })}
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
              index={index}
              check={parsed[index]}
              amounts={totals.lines[index]}
              schemes={quote.deductionSchemes}
              focus={line.key === focusKey}
              onChange={(change) => setLine(line.key, change)}
              onRemove={() => setLines((current) => current.filter((item) => item.key !== line.key))}
              onNext={() => addLine(line.kind, line.key)}
            />
          ))}
        </ol>
        {lines.length < QUOTE_LIMITS.lines ? <AddLineButtons onAdd={addLine} /> : null}
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

function Locked(props: { quote: SentQuoteJson; onChange(next: SentQuoteJson): void }) {
  const { quote } = props;
  const navigate = useNavigate();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(
    quote.state === 'sent' && quote.seenAt === null ? { ok: true, text: QUOTE_MESSAGES.sentLocked } : null,
  );
  // Today in Denmark: between midnight and 01.00 (02.00 in summer) the UTC date is still yesterday.
  const [deliveryDate, setDeliveryDate] = useState(() => copenhagenDay(new Date()));
  // A full invoice names the buyer's address (momsloven): a request brings only a postcode.
  const [address, setAddress] = useState(quote.customerAddress);
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
        customerAddress: address,
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
      {quote.smsText ? <SmsBox text={quote.smsText} phone={quote.customerPhone} /> : null}
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
              <span className="field-label">Kundens adresse på fakturaen</span>
              <textarea
                value={address}
                rows={2}
                maxLength={300}
                autoComplete="street-address"
                onChange={(event) => setAddress(event.target.value)}
              />
            </label>
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
  // The Timepris a new draft's Arbejdsløn starts at; a draft opens without it if it cannot be had.
  const settings = useResource(() => api.get('/quotes/settings', QUOTE_MESSAGES.settingsLoadFailed));
  const settled = settings.data !== null || settings.error !== null;
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
      {quote === null || quote.id !== id || (quote.state === 'draft' && !settled) ? (
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
            <Draft
              key={quote.id}
              quote={quote}
              hourlyRateOre={settings.data?.hourlyRateOre ?? 0}
              onSaved={resource.setData}
            />
          ) : (
            <Locked key={quote.id} quote={quote} onChange={resource.setData} />
          )}
        </>
      )}
    </section>
  );
}
