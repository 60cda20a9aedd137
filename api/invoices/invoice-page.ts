// The customer's page of a faktura or kreditnota (issue 51 item 6), at invoicePagePath(cvr, token):
// a page of the company's site (api/public-form/branded-page.ts: its header and colours, no
// JavaScript, no cookies, nothing from elsewhere) with everything the PDF has, read from the invoice's
// own snapshot: seller, buyer, dates, lines, moms, total, labour apart from materials, how to pay.
// GET only: nothing here changes anything. Every value goes through the one escaper.
import type { Company, Invoice } from '../../db';
import { danishShortDate } from '../../rules/danish-date';
import { escapeHtml } from '../../rules/escape-html';
import { documentTotals, formatOre, formatQuantity, LINE_UNIT_LABELS } from '../../rules/quote-money';
import { brandedPage } from '../public-form/branded-page';

const STYLE = `table{width:100%;border-collapse:collapse;font-size:.95rem}th,td{text-align:left;padding:.45rem .3rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
td.n,th.n{text-align:right}.sums td.n{white-space:nowrap}table.lines{font-size:.85rem;table-layout:fixed}table.lines th:first-child{width:31%}table.lines td,table.lines th{padding:.4rem .2rem}table.lines td:first-child{overflow-wrap:anywhere}.sums td{border:0;padding:.2rem .3rem}.sums tr.total td{font-weight:700;font-size:1.1rem;border-top:2px solid #1f2937}
dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem .8rem;margin:0 0 1rem}dt{font-weight:600}dd{margin:0}
.parties{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));margin:0 0 1rem}.parties h2,.pay h2{font-size:1rem;margin:0 0 .2rem}
.parties p{margin:0;white-space:pre-line}.line-text{white-space:pre-line}.pay{margin-top:1.25rem}`;

const text = (value: string) => escapeHtml(value);

function facts(invoice: Invoice): string {
  const credit = invoice.kind === 'credit';
  const rows: [string, string][] = [
    [credit ? 'Kreditnotadato' : 'Fakturadato', danishShortDate(invoice.issueDate)],
    ['Leveringsdato', danishShortDate(invoice.deliveryDate)],
  ];
  if (credit && invoice.creditsInvoiceNumber !== null)
    rows.push(['Vedrører faktura nr.', String(invoice.creditsInvoiceNumber)]);
  if (!credit) rows.push(['Betales senest', danishShortDate(invoice.dueDate)]);
  return `<dl>${rows.map(([term, value]) => `<dt>${text(term)}</dt><dd>${text(value)}</dd>`).join('')}</dl>`;
}

function parties(invoice: Invoice): string {
  const buyer = [invoice.buyerName, invoice.buyerAddress].filter(Boolean).join('\n');
  const seller = [invoice.sellerName, invoice.sellerAddress, `CVR ${invoice.sellerCvr}`].join('\n');
  return `<div class="parties"><section><h2>Fra</h2><p>${text(seller)}</p></section><section><h2>Til</h2><p>${text(buyer)}</p></section></div>`;
}

function lines(invoice: Invoice): string {
  const rows = invoice.lines
    .map(
      (line) =>
        `<tr><td class="line-text">${text(line.text)}</td><td class="n">${text(`${formatQuantity(line.quantityHundredths)} ${LINE_UNIT_LABELS[line.unit]}`)}</td><td class="n">${text(formatOre(line.unitPriceOre))}</td><td class="n">${text(formatOre(line.netOre))}</td></tr>`,
    )
    .join('');
  return `<table class="lines"><caption class="hp">Linjer</caption><thead><tr><th scope="col">Beskrivelse</th><th scope="col" class="n">Antal</th><th scope="col" class="n">Pris ekskl. moms</th><th scope="col" class="n">Beløb ekskl. moms</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function sums(invoice: Invoice): string {
  const totals = documentTotals(invoice.lines);
  const rows: [string, string, string?][] = [
    ['I alt ekskl. moms', formatOre(invoice.netOre)],
    ['Heraf arbejdsløn ekskl. moms', formatOre(totals.labourNetOre)],
    ['Heraf materialer m.m. ekskl. moms', formatOre(totals.otherNetOre)],
    ['Moms 25 %', formatOre(invoice.vatOre)],
    [
      invoice.kind === 'credit' ? 'Krediteres i alt' : 'At betale i alt',
      formatOre(invoice.totalOre),
      'total',
    ],
  ];
  return `<table class="sums"><caption class="hp">Beløb</caption><tbody>${rows
    .map(
      ([label, amount, kind]) =>
        `<tr${kind ? ` class="${kind}"` : ''}><th scope="row">${text(label)}</th><td class="n">${text(amount)}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

function payment(invoice: Invoice): string {
  if (invoice.kind === 'credit')
    return `<section class="pay"><h2>Kreditnota</h2><p>Denne kreditnota annullerer faktura nr. ${text(String(invoice.creditsInvoiceNumber ?? ''))} med de samme linjer og beløb.</p></section>`;
  const ways: string[] = [];
  if (invoice.bankReg && invoice.bankAccount)
    ways.push(`Bankoverførsel til reg.nr. ${invoice.bankReg}, konto ${invoice.bankAccount}.`);
  if (invoice.mobilepay) ways.push(`MobilePay til ${invoice.mobilepay}.`);
  ways.push(`Skriv fakturanummer ${invoice.number} ved betalingen.`);
  const terms = `Netto ${invoice.paymentDays} dage, senest ${danishShortDate(invoice.dueDate)}.`;
  return `<section class="pay"><h2>Betaling</h2><p>${text(terms)}</p>${ways.map((way) => `<p>${text(way)}</p>`).join('')}</section>`;
}

/** The page of `invoice`; `pdfHref` is the same link's PDF. */
export function invoicePage(company: Company, home: string, invoice: Invoice, pdfHref: string): string {
  const title = `${invoice.kind === 'credit' ? 'Kreditnota' : 'Faktura'} nr. ${invoice.number}`;
  const main = [
    `<h1>${text(title)}</h1>`,
    facts(invoice),
    parties(invoice),
    `<p><strong>Leveret:</strong> ${text(invoice.deliveryText)}</p>`,
    lines(invoice),
    sums(invoice),
    payment(invoice),
    `<p><a class="button" href="${escapeHtml(pdfHref)}">Hent som PDF</a></p>`,
  ].join('\n');
  return brandedPage({ company, home, title, main, style: STYLE });
}
