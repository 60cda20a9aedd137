// Under each request in Henvendelser (issue 51 item 5), in the lazy leads chunk: the request's tilbud
// with their state (Kladde, Sendt, Set, Accepteret, Afvist, Udløbet), each a link to it, and the
// owner's own note (never shown to the customer). An accepted tilbud says the next step: "Opgaven er
// udført" on the request, which leads into the review request.
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { LeadJson } from '../../../../contracts/leads';
import { INVOICE_MESSAGES } from '../../../../rules/invoice-messages';
import { LEAD_NOTE_MAX_CHARS } from '../../../../rules/lead-notes';
import { QUOTE_MESSAGES } from '../../../../rules/quote-messages';
import { formatOre } from '../../../../rules/quote-money';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { ADMIN_PATHS } from '../../paths';
import { quoteTitle, STATE_LABELS } from '../quotes/quote-format';

function LeadQuotes({ lead }: { lead: LeadJson }) {
  const list = useResource(() =>
    api.get(`/quotes?leadId=${encodeURIComponent(lead.id)}` as '/quotes', QUOTE_MESSAGES.loadFailed),
  );
  const quotes = list.data?.quotes ?? [];
  if (quotes.length === 0) return null;
  const accepted = quotes.some((quote) => quote.state === 'accepted');
  return (
    <div className="lead-quotes">
      <h4>Tilbud</h4>
      <ul>
        {quotes.map((quote) => (
          <li key={quote.id}>
            <Link to={`${ADMIN_PATHS.quotes}/${quote.id}`}>{quoteTitle(quote)}</Link>:{' '}
            <span className={`quote-state quote-state-${quote.state}`}>
              {quote.replacedById ? 'Erstattet' : STATE_LABELS[quote.state]}
            </span>{' '}
            · {formatOre(quote.totalOre)} inkl. moms
          </li>
        ))}
      </ul>
      {accepted && !lead.handledAt ? (
        <p className="field-hint">
          Tilbuddet er accepteret. Tryk "Opgaven er udført", når arbejdet er gjort, og bed kunden om en
          anmeldelse.
        </p>
      ) : null}
    </div>
  );
}

function LeadNote({ lead, onChange }: { lead: LeadJson; onChange(next: LeadJson): void }) {
  const [text, setText] = useState(lead.note);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const id = `lead-note-${lead.id}`;
  const tooLong = [...text].length > LEAD_NOTE_MAX_CHARS;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return setStatus({ text: INVOICE_MESSAGES.noteTooLong, error: true });
    try {
      onChange(await api.patch(`/leads/${lead.id}`, INVOICE_MESSAGES.noteSaveFailed, { note: text }));
      setStatus({ text: INVOICE_MESSAGES.noteSaved, error: false });
    } catch (caught) {
      setStatus({
        text: caught instanceof Error ? caught.message : INVOICE_MESSAGES.noteSaveFailed,
        error: true,
      });
    }
  };
  return (
    <form className="lead-note" onSubmit={(event) => void save(event)}>
      <label className="field" htmlFor={id}>
        <span className="field-label">Din note (kun du kan se den)</span>
      </label>
      <textarea
        id={id}
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={status ? `${id}-status` : undefined}
      />
      <button type="submit" className="button button-secondary">
        Gem note
      </button>
      {status ? (
        <p
          id={`${id}-status`}
          className={status.error ? 'form-error' : 'form-success'}
          role={status.error ? 'alert' : 'status'}
        >
          {status.text}
        </p>
      ) : null}
    </form>
  );
}

export function LeadExtras(props: { lead: LeadJson; onChange(next: LeadJson): void }) {
  return (
    <>
      {props.lead.spam ? null : <LeadQuotes lead={props.lead} />}
      <LeadNote lead={props.lead} onChange={props.onChange} />
    </>
  );
}
