// /admin/tilbud (issue 51): the tilbud with their states, the sums of open tilbud and of those
// accepted this month, a new tilbud for a customer by name and phone or e-mail (from a request it
// starts in Henvendelser, "Giv et tilbud"), and the settings: standard terms, payment, bank, MobilePay.
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QUOTE_MESSAGES } from '../../../../rules/quote-messages';
import { formatOre } from '../../../../rules/quote-money';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';
import { ADMIN_PATHS } from '../../paths';
import { InvoiceList } from './invoice-list';
import { dayLabel, quoteTitle, STATE_LABELS } from './quote-format';
import { QuoteSettingsForm } from './quote-settings';

function messageOf(caught: unknown, fallback: string): string {
  return caught instanceof Error ? caught.message : fallback;
}

function NewQuote() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const email = contact.includes('@') ? contact.trim() : '';
    const phone = email ? '' : contact.trim();
    try {
      const quote = await api.post('/quotes', QUOTE_MESSAGES.createFailed, {
        customerName: name,
        customerEmail: email,
        customerPhone: phone,
      });
      navigate(`${ADMIN_PATHS.quotes}/${quote.id}`);
    } catch (caught) {
      setError(messageOf(caught, QUOTE_MESSAGES.createFailed));
      setBusy(false);
    }
  };
  return (
    <form
      className="card quote-new"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="quote-new-title"
    >
      <h2 id="quote-new-title">Nyt tilbud</h2>
      <p className="field-hint">
        Svar en henvendelse med "Giv et tilbud" under Henvendelser, eller skriv kunden her.
      </p>
      <label className="field">
        <span className="field-label">Kundens navn</span>
        <input
          name="customerName"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className="field">
        <span className="field-label">Telefon eller e-mail</span>
        <input
          name="customerContact"
          autoComplete="off"
          inputMode="email"
          value={contact}
          onChange={(event) => setContact(event.target.value)}
        />
      </label>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="save-bar">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Opretter...' : 'Lav tilbud'}
        </button>
      </div>
    </form>
  );
}

export function QuotesScreen() {
  const list = useResource(() => api.get('/quotes', QUOTE_MESSAGES.loadFailed));
  return (
    <section aria-labelledby="quotes-title">
      <h1 id="quotes-title" tabIndex={-1}>
        Tilbud
      </h1>
      <p className="lead">Dine tilbud og fakturaer.</p>
      {list.data === null ? (
        <LoadState resource={list} />
      ) : (
        <>
          <dl className="card quote-sums">
            <div>
              <dt>Åbne tilbud</dt>
              <dd>
                {formatOre(list.data.openOre)} <span className="field-hint">({list.data.openCount})</span>
              </dd>
            </div>
            <div>
              <dt>Accepteret denne måned</dt>
              <dd>
                {formatOre(list.data.acceptedThisMonthOre)}{' '}
                <span className="field-hint">({list.data.acceptedThisMonthCount})</span>
              </dd>
            </div>
          </dl>
          {list.data.quotes.length === 0 ? (
            <p className="card">Du har ingen tilbud endnu.</p>
          ) : (
            <ul className="quote-list">
              {list.data.quotes.map((quote) => (
                <li key={quote.id} className="card quote-row">
                  <Link to={`${ADMIN_PATHS.quotes}/${quote.id}`} className="quote-row-link">
                    <span className="quote-row-title">{quoteTitle(quote)}</span>
                    <span className={`quote-state quote-state-${quote.state}`}>
                      {quote.replacedById ? 'Erstattet' : STATE_LABELS[quote.state]}
                    </span>
                  </Link>
                  <span className="quote-row-meta">
                    {quote.title ? `${quote.title} · ` : ''}
                    {formatOre(quote.totalOre)} inkl. moms · gælder til {dayLabel(quote.validUntil)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <NewQuote />
      <InvoiceList />
      <QuoteSettingsForm />
    </section>
  );
}
