// The owner's fakturaer and kreditnotaer (issue 51 item 6) on the Tilbud screen: each with its PDF and
// "Send faktura" (the customer gets a mail with a link to the invoice's page and the PDF; once sent it
// is never changed, a mistake is a kreditnota), and the CSV for the bookkeeper. Lazy with the screen.
import { useState } from 'react';
import { INVOICE_MESSAGES } from '../../../../rules/invoice-messages';
import { formatOre } from '../../../../rules/quote-money';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { LoadState } from '../../components/load-state';
import { dayLabel } from './quote-format';

type InvoiceRow = Awaited<ReturnType<typeof loadInvoices>>['invoices'][number];

function loadInvoices() {
  return api.get('/invoices', INVOICE_MESSAGES.sendFailed);
}

function InvoiceItem({ invoice, onSent }: { invoice: InvoiceRow; onSent: (sent: InvoiceRow) => void }) {
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const credit = invoice.kind === 'credit';
  const name = `${credit ? 'Kreditnota' : 'Faktura'} nr. ${invoice.number}`;
  const send = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const sent = await api.post(`/invoices/${invoice.id}/send`, INVOICE_MESSAGES.sendFailed);
      onSent(sent);
      const text = credit
        ? INVOICE_MESSAGES.creditSent(sent.buyerEmail)
        : INVOICE_MESSAGES.sent(sent.buyerEmail);
      setStatus({ text, error: false });
    } catch (caught) {
      setStatus({
        text: caught instanceof Error ? caught.message : INVOICE_MESSAGES.sendFailed,
        error: true,
      });
    }
    setBusy(false);
  };
  return (
    <li className="card quote-row">
      <span className="quote-row-title">
        {name} · {invoice.buyerName}
      </span>
      <span className="quote-row-meta">
        {formatOre(invoice.totalOre)} inkl. moms · {dayLabel(invoice.issueDate)}
        {credit && invoice.creditsInvoiceNumber !== null
          ? ` · vedrører faktura nr. ${invoice.creditsInvoiceNumber}`
          : ''}
        {invoice.sentAt ? ` · sendt ${dayLabel(invoice.sentAt.slice(0, 10))}` : ' · ikke sendt'}
      </span>
      <div className="save-bar">
        <a
          className="button button-secondary"
          href={`/api/invoices/${invoice.id}/pdf`}
          target="_blank"
          rel="noreferrer"
        >
          Se {name} (PDF)
        </a>
        <button type="button" className="button" disabled={busy} onClick={() => void send()}>
          {busy
            ? 'Sender...'
            : `${invoice.sentAt ? 'Send igen' : 'Send'} ${credit ? 'kreditnota' : 'faktura'}`}
        </button>
      </div>
      {status ? (
        <p className={status.error ? 'form-error' : 'form-success'} role={status.error ? 'alert' : 'status'}>
          {status.text}
        </p>
      ) : null}
    </li>
  );
}

export function InvoiceList() {
  const list = useResource(loadInvoices);
  const replace = (sent: InvoiceRow) =>
    list.setData((current) => ({
      invoices: (current?.invoices ?? []).map((row) =>
        row.id === sent.id ? { ...row, sentAt: sent.sentAt } : row,
      ),
    }));
  return (
    <section className="invoice-list" aria-labelledby="invoices-title">
      <h2 id="invoices-title">Fakturaer</h2>
      <p className="field-hint">{INVOICE_MESSAGES.notBookkeeping}</p>
      <p>
        <a className="button button-secondary" href="/api/invoices/export.csv" download>
          {INVOICE_MESSAGES.exportCsv}
        </a>
      </p>
      {list.data === null ? (
        <LoadState resource={list} />
      ) : list.data.invoices.length === 0 ? (
        <p className="card">Du har ingen fakturaer endnu. Lav en fra et accepteret tilbud.</p>
      ) : (
        <ul className="quote-list">
          {list.data.invoices.map((invoice) => (
            <InvoiceItem key={invoice.id} invoice={invoice} onSent={replace} />
          ))}
        </ul>
      )}
    </section>
  );
}
