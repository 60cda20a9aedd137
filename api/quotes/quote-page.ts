// The customer's tilbud page (issue 51 items 3 and 4), drawn with the branded page (api/public-form/
// branded-page.ts): the company's header and colours, no JavaScript, no cookies, every value escaped.
// It shows the lines with their kind, moms per line and the total, the labour that counts for fradrag
// (with the estimate, or none when the year's amounts are unknown) and its condition, the terms and
// the validity, and the two forms: "Accepter tilbuddet" (name + a tick) and "Afvis" (optional reason).
// `quoteDocumentText` is the exact text of what the customer sees; its hash is the acceptance record.
import { createHash } from 'node:crypto';
import type { Company, Quote } from '../../db';
import { escapeHtml } from '../../rules/escape-html';
import { DEDUCTION_SCHEME_LABELS, deductionEstimate } from '../../rules/quote-deduction';
import {
  documentTotals,
  formatOre,
  formatQuantity,
  LINE_KIND_LABELS,
  LINE_UNIT_LABELS,
} from '../../rules/quote-money';
import { danishYear } from '../../rules/tax-deduction';
import { brandedPage, describedBy, fieldError } from '../public-form/branded-page';

const QUOTE_PAGE_STYLE = `table{width:100%;border-collapse:collapse;margin:0 0 1rem;font-size:.875rem}
th,td{text-align:left;padding:.4rem .2rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
td.n,th.n{text-align:right}td.n{white-space:nowrap}.kind{display:block;font-size:.85rem;color:#4b5563}
tfoot td{font-weight:600}tfoot tr.total td{font-size:1.1rem;border-top:2px solid #1f2937}
.box{border:2px solid var(--p);border-radius:.5rem;padding:.8rem 1rem;margin:0 0 1.25rem}
.answer{margin:1.5rem 0}.tick{display:flex;gap:.6rem;align-items:flex-start}.tick input{width:24px;height:24px;margin-top:.15rem}
.row{margin:0 0 1.25rem}.terms{white-space:pre-line}@media (max-width:30rem){.hide-s{display:none}}`;

function fmtDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
}

function lineRows(quote: Quote): string {
  const totals = documentTotals(quote.lines);
  return quote.lines
    .map((line, index) => {
      const amounts = totals.lines[index] ?? { netOre: 0, vatOre: 0, grossOre: 0 };
      const qty = `${formatQuantity(line.quantityHundredths)} ${LINE_UNIT_LABELS[line.unit]} à ${formatOre(line.unitPriceOre)}`;
      return `<tr><td><span class="kind">${escapeHtml(LINE_KIND_LABELS[line.kind])}</span>${escapeHtml(line.text)}<span class="kind">${escapeHtml(qty)}</span></td><td class="n">${escapeHtml(formatOre(amounts.netOre))}</td><td class="n">${escapeHtml(formatOre(amounts.vatOre))}</td></tr>`;
    })
    .join('\n');
}

function deductionBlock(quote: Quote, now: Date): string {
  const totals = documentTotals(quote.lines);
  const estimate = deductionEstimate(totals.deductibleGrossOre, danishYear(new Date(quote.sentAt ?? now)));
  if (!estimate) return '';
  const counts = (['craft', 'service'] as const)
    .filter((scheme) => estimate.countsOre[scheme] > 0)
    .map(
      (scheme) =>
        `<p>Arbejdsløn der tæller til ${escapeHtml(DEDUCTION_SCHEME_LABELS[scheme].toLowerCase())}: <strong>${escapeHtml(formatOre(estimate.countsOre[scheme]))}</strong> inkl. moms</p>`,
    )
    .join('\n');
  const saving =
    estimate.savingOre === null
      ? `<p>Skattens satser for ${estimate.year} er ikke kendt endnu, så vi viser ikke et skøn over besparelsen.</p>`
      : `<p>Skønnet skattebesparelse i ${estimate.year}: <strong>${escapeHtml(formatOre(estimate.savingOre))}</strong></p>`;
  return `<section class="box" aria-labelledby="fradrag"><h2 id="fradrag">Fradrag</h2>
${counts}
${saving}
<p class="hint">${escapeHtml(estimate.conditions)} <a href="${escapeHtml(estimate.infoUrl)}">Læs mere på skat.dk</a></p></section>`;
}

/** Where the lines' moms, each rounded to the øre, add up to other than the total's: say why. */
function roundingNote(totals: ReturnType<typeof documentTotals>): string {
  const sum = totals.lines.reduce((acc, line) => acc + line.vatOre, 0);
  if (sum === totals.vatOre) return '';
  return '<p class="hint">Momsen er regnet på det samlede beløb; momsen pr. linje er afrundet til hele øre og kan derfor tilsammen afvige med en øre fra totalen.</p>';
}

/** The document the customer reads: heading, lines, totals, fradrag, terms and validity. */
function quoteDocumentHtml(quote: Quote, company: Company, now: Date): string {
  const totals = documentTotals(quote.lines);
  const title = quote.title ? `<p><strong>${escapeHtml(quote.title)}</strong></p>` : '';
  const description = quote.description ? `<p class="terms">${escapeHtml(quote.description)}</p>` : '';
  return `<h1>Tilbud ${escapeHtml(quote.number ?? '')}</h1>
<p>Til ${escapeHtml(quote.customerName)} fra ${escapeHtml(company.name)}, CVR ${escapeHtml(company.cvr)}</p>
${title}${description}
<table><caption class="hp">Tilbuddets linjer</caption>
<thead><tr><th scope="col">Linje</th><th scope="col" class="n">Pris ekskl. moms</th><th scope="col" class="n">Moms</th></tr></thead>
<tbody>
${lineRows(quote)}
</tbody>
<tfoot>
<tr><td>I alt ekskl. moms</td><td class="n" colspan="2">${escapeHtml(formatOre(totals.netOre))}</td></tr>
<tr><td>Moms 25 %</td><td class="n" colspan="2">${escapeHtml(formatOre(totals.vatOre))}</td></tr>
<tr class="total"><td>I alt inkl. moms</td><td class="n" colspan="2">${escapeHtml(formatOre(totals.totalOre))}</td></tr>
</tfoot></table>
${roundingNote(totals)}
${deductionBlock(quote, now)}
<h2>Betingelser</h2>
<p class="terms">${escapeHtml(quote.terms)}</p>
<p>Tilbuddet gælder til og med <strong>${escapeHtml(fmtDate(quote.validUntil))}</strong>.</p>`;
}

/** The SHA-256 of the exact document the customer saw (the acceptance record). */
export function quoteDocumentHash(quote: Quote, company: Company, now: Date): string {
  return createHash('sha256')
    .update(quoteDocumentHtml(quote, company, now))
    .digest('hex');
}

export interface QuotePageForms {
  acceptAction: string;
  declineAction: string;
  honeypot: string;
  values: { name: string; terms: string; reason: string };
  errors: Record<string, string>;
}

function answerForms(forms: QuotePageForms): string {
  const { values, errors } = forms;
  const hp = `<div class="hp" aria-hidden="true"><label>Lad feltet være tomt <input type="text" name="${forms.honeypot}" tabindex="-1" autocomplete="off"></label></div>`;
  return `<section class="answer" aria-labelledby="accepter"><h2 id="accepter">Accepter tilbuddet</h2>
${fieldError('form', errors.form)}
<form method="post" action="${escapeHtml(forms.acceptAction)}">
<div class="row"><label class="field" for="navn">Dit navn</label>
<input type="text" id="navn" name="name" autocomplete="name" maxlength="200" value="${escapeHtml(values.name)}"${describedBy('navn', errors.name)}>
${fieldError('navn', errors.name)}</div>
<div class="row"><div class="tick"><input type="checkbox" id="vilkaar" name="terms" value="ja"${values.terms ? ' checked' : ''}${describedBy('vilkaar', errors.terms)}>
<label for="vilkaar">Jeg har læst tilbuddet og accepterer betingelserne</label></div>
${fieldError('vilkaar', errors.terms)}</div>
${hp}
<button type="submit">Accepter tilbuddet</button>
</form></section>
<section class="answer" aria-labelledby="afvis"><h2 id="afvis">Afvis tilbuddet</h2>
<form method="post" action="${escapeHtml(forms.declineAction)}">
<div class="row"><label class="field" for="grund">Grund (valgfri)</label>
<textarea id="grund" name="reason" rows="3" maxlength="1000"${describedBy('grund', errors.reason)}>${escapeHtml(values.reason)}</textarea>
${fieldError('grund', errors.reason)}</div>
${hp}
<button type="submit" class="plain">Afvis</button>
</form></section>`;
}

/** The open tilbud with its two forms. */
export function quotePage(
  quote: Quote,
  company: Company,
  home: string,
  now: Date,
  forms: QuotePageForms,
): string {
  return brandedPage({
    company,
    home,
    title: `Tilbud ${quote.number ?? ''}`,
    main: `${quoteDocumentHtml(quote, company, now)}\n${answerForms(forms)}`,
    style: QUOTE_PAGE_STYLE,
  });
}

/** A tilbud that is answered, expired or replaced: the document, and a line (and a link) above it. */
export function quoteStatusPage(
  quote: Quote,
  company: Company,
  home: string,
  now: Date,
  status: { heading: string; text: string; link?: { href: string; text: string } },
): string {
  const link = status.link
    ? `<p><a class="button" href="${escapeHtml(status.link.href)}">${escapeHtml(status.link.text)}</a></p>`
    : '';
  return brandedPage({
    company,
    home,
    title: `Tilbud ${quote.number ?? ''}`,
    main: `<div class="note" role="status"><p><strong>${escapeHtml(status.heading)}</strong></p><p>${escapeHtml(status.text)}</p>${link}</div>\n${quoteDocumentHtml(quote, company, now)}`,
    style: QUOTE_PAGE_STYLE,
  });
}
