// The tilbud and the faktura as a PDF (issue 51 items 3 and 6), drawn with pdfkit in the standard
// Helvetica (WinAnsi covers æ, ø, å, ² and the dashes; pdfkit escapes every string it writes, so a
// customer's text is only ever text). One layout for both, as a Danish craftsman's papers look: the
// company's logo, name, address and CVR at the top, the customer, the lines with unit price, amount
// excl. moms and its moms, the sums with labour apart from materials, then what the document needs
// besides: validity, fradrag and terms for a tilbud; dates, payment and bank for an invoice
// (momsbekendtgørelsen § 58: date, sequential number, seller's CVR, name and address, buyer's name
// and address, what was delivered and when, unit prices excl. moms, rate and moms amount).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Company, Invoice, Quote } from '../../db';
import { formatPhone } from '../../rules/phone';
import { DEDUCTION_SCHEME_LABELS, deductionEstimate } from '../../rules/quote-deduction';
import {
  documentTotals,
  formatOre,
  formatQuantity,
  LINE_KIND_LABELS,
  LINE_UNIT_LABELS,
  type LineKind,
  type LineUnit,
  VAT,
} from '../../rules/quote-money';
import { danishYear } from '../../rules/tax-deduction';
import { companyAddress } from './invoice-issuer';

interface PdfLine {
  kind: LineKind;
  text: string;
  quantityHundredths: number;
  unit: LineUnit;
  unitPriceOre: number;
  deduction: 'craft' | 'service' | null;
}

/** What the layout draws: everything already decided, so the drawing has no rules of its own. */
interface PdfModel {
  title: string;
  /** Label and value pairs under the title: dates, numbers. */
  facts: [string, string][];
  seller: { name: string; address: string; cvr: string; phone: string; email: string; logo: Buffer | null };
  buyer: { name: string; address: string; email: string; phone: string };
  heading: string;
  description: string;
  lines: PdfLine[];
  /** Extra blocks after the sums, each a heading and its text. */
  blocks: [string, string][];
  footer: string;
}

const DATE = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2027-03-02' → '2. marts 2027'. */
function danishDate(isoDay: string): string {
  return DATE.format(new Date(`${isoDay}T12:00:00Z`));
}

function isoDayOf(iso: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Copenhagen' }).format(new Date(iso));
}

/** The logo's PNG when it is one of ours under the storage folder; a logo elsewhere is left out. */
async function logoBytes(company: Company, storageDir: string): Promise<Buffer | null> {
  const prefix = `/media/logos/${company.cvr}/`;
  if (!company.logo?.startsWith(prefix)) return null;
  const name = company.logo.slice(prefix.length);
  if (!/^[\w.-]+\.png$/.test(name)) return null;
  try {
    return await readFile(path.join(storageDir, 'logos', company.cvr, name));
  } catch {
    return null;
  }
}

async function sellerOf(company: Company, storageDir: string): Promise<PdfModel['seller']> {
  return {
    name: company.name,
    address: companyAddress(company),
    cvr: company.cvr,
    phone: company.phone,
    email: company.companyEmail ?? company.email,
    logo: await logoBytes(company, storageDir),
  };
}

export async function quotePdf(
  quote: Quote,
  company: Company,
  storageDir: string,
  now: Date,
): Promise<Buffer> {
  const totals = documentTotals(quote.lines);
  const blocks: [string, string][] = [];
  const estimate = deductionEstimate(totals.deductibleGrossOre, danishYear(new Date(quote.sentAt ?? now)));
  if (estimate) {
    const counts = (['craft', 'service'] as const)
      .filter((scheme) => estimate.countsOre[scheme] > 0)
      .map(
        (scheme) =>
          `${DEDUCTION_SCHEME_LABELS[scheme]}: arbejdsløn ${formatOre(estimate.countsOre[scheme])} inkl. moms.`,
      );
    const saving =
      estimate.savingOre === null
        ? `Beløbsgrænserne for ${estimate.year} er endnu ikke kendt, så vi viser ikke et beløb.`
        : `Anslået skattebesparelse i ${estimate.year}: ca. ${formatOre(estimate.savingOre)} for én person.`;
    blocks.push([
      'Det kan du få fradrag for',
      [...counts, saving, estimate.conditions, `Læs mere: ${estimate.infoUrl}`].join('\n'),
    ]);
  }
  blocks.push(['Betingelser', quote.terms]);
  const number = quote.number ? `Tilbud ${quote.number}` : 'Tilbud (kladde)';
  return renderPdf({
    title: quote.version > 1 ? `${number}, udgave ${quote.version}` : number,
    facts: [
      ['Dato', danishDate(isoDayOf(quote.sentAt ?? quote.updatedAt))],
      ['Gælder til og med', danishDate(quote.validUntil)],
    ],
    seller: await sellerOf(company, storageDir),
    buyer: {
      name: quote.customerName,
      address: quote.customerAddress,
      email: quote.customerEmail,
      phone: formatPhone(quote.customerPhone),
    },
    heading: quote.title,
    description: quote.description,
    lines: quote.lines,
    blocks,
    footer: `${company.name} · CVR ${company.cvr}`,
  });
}

/** The file name (without .pdf) of a faktura or kreditnota: "faktura-12", "kreditnota-13". */
export function invoicePdfName(invoice: Pick<Invoice, 'kind' | 'number'>): string {
  return `${invoice.kind === 'credit' ? 'kreditnota' : 'faktura'}-${invoice.number}`;
}

export async function invoicePdf(invoice: Invoice, company: Company, storageDir: string): Promise<Buffer> {
  const credit = invoice.kind === 'credit';
  const facts: [string, string][] = [
    [credit ? 'Kreditnotadato' : 'Fakturadato', danishDate(invoice.issueDate)],
    ['Leveringsdato', danishDate(invoice.deliveryDate)],
  ];
  if (credit && invoice.creditsInvoiceNumber !== null)
    facts.push(['Vedrører faktura nr.', String(invoice.creditsInvoiceNumber)]);
  if (!credit) facts.push(['Betales senest', danishDate(invoice.dueDate)]);
  const pay: string[] = [];
  if (invoice.bankReg && invoice.bankAccount)
    pay.push(`Bankoverførsel til reg.nr. ${invoice.bankReg}, konto ${invoice.bankAccount}.`);
  if (invoice.mobilepay) pay.push(`MobilePay til ${invoice.mobilepay}.`);
  pay.push(`Skriv fakturanummer ${invoice.number} ved betalingen.`);
  const blocks: [string, string][] = credit
    ? [
        [
          'Kreditnota',
          `Denne kreditnota annullerer faktura nr. ${invoice.creditsInvoiceNumber ?? ''} med de samme linjer og beløb.`,
        ],
      ]
    : [
        [
          'Betaling',
          `Betalingsbetingelser: netto ${invoice.paymentDays} dage, senest ${danishDate(invoice.dueDate)}.\n${pay.join('\n')}`,
        ],
      ];
  // The labour that may count for fradrag, named so the customer can report it (incl. moms).
  const totals = documentTotals(invoice.lines);
  const counts = (['craft', 'service'] as const).filter((scheme) => totals.deductibleGrossOre[scheme] > 0);
  if (!credit && counts.length > 0)
    blocks.push([
      'Fradrag',
      counts
        .map(
          (scheme) =>
            `${DEDUCTION_SCHEME_LABELS[scheme]}: arbejdsløn ${formatOre(totals.deductibleGrossOre[scheme])} inkl. moms.`,
        )
        .concat('Fradraget kræver, at du betaler elektronisk. Indberet det på skat.dk med vores CVR-nummer.')
        .join('\n'),
    ]);
  const seller = await sellerOf(company, storageDir);
  return renderPdf({
    title: `${credit ? 'Kreditnota' : 'Faktura'} nr. ${invoice.number}`,
    facts,
    // The invoice's own snapshot of the seller, not today's company row.
    seller: { ...seller, name: invoice.sellerName, address: invoice.sellerAddress, cvr: invoice.sellerCvr },
    buyer: {
      name: invoice.buyerName,
      address: invoice.buyerAddress,
      email: invoice.buyerEmail,
      phone: formatPhone(invoice.buyerPhone),
    },
    heading: `Leveret: ${invoice.deliveryText}`,
    description: '',
    lines: invoice.lines,
    blocks,
    footer: `${invoice.sellerName} · ${invoice.sellerAddress} · CVR ${invoice.sellerCvr}`,
  });
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c9d1da';
/** Columns of the lines table: text, quantity, unit, unit price, amount excl. moms, moms. */
const COLUMNS = [
  { title: 'Beskrivelse', width: 175, align: 'left' },
  { title: 'Antal', width: 45, align: 'right' },
  { title: 'Enhed', width: 50, align: 'left' },
  { title: 'Enhedspris', width: 75, align: 'right' },
  { title: 'Ekskl. moms', width: 80, align: 'right' },
  { title: 'Moms', width: 70, align: 'right' },
] as const;

type Doc = PDFKit.PDFDocument;
const RIGHT = A4.width - MARGIN;
const CONTENT_WIDTH = RIGHT - MARGIN;

/** The seller, the title with its facts, the customer, the heading and description: answers the y below. */
function drawHeader(doc: Doc, model: PdfModel): number {
  const contentWidth = CONTENT_WIDTH;
  // Header: logo left, the seller right.
  let logoBottom = MARGIN;
  if (model.seller.logo) {
    try {
      doc.image(model.seller.logo, MARGIN, MARGIN, { fit: [160, 60] });
      logoBottom = MARGIN + 60;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the document.
    }
  }
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(model.seller.name, MARGIN + 250, MARGIN, {
      width: contentWidth - 250,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of [
    model.seller.address,
    `CVR ${model.seller.cvr}`,
    model.seller.phone,
    model.seller.email,
  ])
    if (line.trim()) doc.text(line, { width: contentWidth - 250, align: 'right' });
  let y = Math.max(doc.y, logoBottom) + 25;

  // Title and facts left, the customer right.
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(model.title, MARGIN, y, { width: 300 });
  doc.moveDown(0.4).fontSize(10);
  for (const [label, value] of model.facts) {
    const rowY = doc.y;
    doc.font('Helvetica').fillColor(MUTED).text(label, MARGIN, rowY, { width: 120 });
    doc.fillColor(INK).text(value, MARGIN + 120, rowY, { width: 180 });
  }
  const factsBottom = doc.y;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Kunde', MARGIN + 320, y, { width: contentWidth - 320 });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(model.buyer.name, { width: contentWidth - 320 });
  doc.font('Helvetica');
  for (const line of [model.buyer.address, model.buyer.email, model.buyer.phone])
    if (line.trim()) doc.text(line, { width: contentWidth - 320 });
  y = Math.max(doc.y, factsBottom) + 20;

  if (model.heading.trim()) {
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(INK)
      .text(model.heading, MARGIN, y, { width: contentWidth });
    y = doc.y + 4;
  }
  if (model.description.trim()) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(model.description, MARGIN, y, { width: contentWidth });
    y = doc.y + 8;
  }

  return y;
}

/** The lines table from `top`: answers the y below it. */
function drawLines(doc: Doc, model: PdfModel, top: number): number {
  const right = RIGHT;
  let y = top;
  // The lines.
  const headerRow = (top: number) => {
    let x = MARGIN;
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED);
    for (const column of COLUMNS) {
      doc.text(column.title, x, top, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    const bottom = top + 14;
    doc.moveTo(MARGIN, bottom).lineTo(right, bottom).lineWidth(0.7).strokeColor(RULE).stroke();
    return bottom + 5;
  };
  y = headerRow(y + 6);
  const totals = documentTotals(model.lines);
  model.lines.forEach((line, index) => {
    const amounts = totals.lines[index] ?? { netOre: 0, vatOre: 0, grossOre: 0 };
    const kind = line.deduction
      ? `${LINE_KIND_LABELS[line.kind]} · ${DEDUCTION_SCHEME_LABELS[line.deduction].toLowerCase()}`
      : LINE_KIND_LABELS[line.kind];
    doc.font('Helvetica').fontSize(9.5);
    const textHeight = doc.heightOfString(line.text, { width: COLUMNS[0].width - 4 }) + 11;
    if (y + textHeight > A4.height - MARGIN - 40) {
      doc.addPage();
      y = headerRow(MARGIN);
    }
    const cells = [
      line.text,
      formatQuantity(line.quantityHundredths),
      LINE_UNIT_LABELS[line.unit],
      formatOre(line.unitPriceOre, ''),
      formatOre(amounts.netOre, ''),
      formatOre(amounts.vatOre, ''),
    ];
    let x = MARGIN;
    cells.forEach((cell, column) => {
      const spec = COLUMNS[column];
      if (!spec) return;
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor(INK)
        .text(cell, x, y, { width: spec.width - 4, align: spec.align });
      x += spec.width;
    });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(kind, MARGIN, y + textHeight - 10, {
        width: COLUMNS[0].width - 4,
      });
    y += textHeight + 5;
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(right, y - 3)
      .lineWidth(0.3)
      .strokeColor(RULE)
      .stroke();
  });

  return y;
}

/** The sums from `top`: answers the y below them. */
function drawSums(doc: Doc, model: PdfModel, top: number): number {
  const right = RIGHT;
  const contentWidth = CONTENT_WIDTH;
  const totals = documentTotals(model.lines);
  let y = top;
  // The sums: labour apart from the rest, the momsgrundlag, the moms on it, the total.
  if (y > A4.height - MARGIN - 140) {
    doc.addPage();
    y = MARGIN;
  }
  y += 6;
  const sumRow = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    doc.text(label, MARGIN + 200, y, { width: 180, align: 'right' });
    doc.text(value, MARGIN + 385, y, { width: contentWidth - 385, align: 'right' });
    y = doc.y + 3;
  };
  sumRow('Arbejdsløn ekskl. moms', formatOre(totals.labourNetOre));
  sumRow('Materialer, kørsel m.m. ekskl. moms', formatOre(totals.otherNetOre));
  sumRow('I alt ekskl. moms (momsgrundlag)', formatOre(totals.netOre));
  sumRow(`Moms ${VAT.label}`, formatOre(totals.vatOre));
  doc
    .moveTo(MARGIN + 250, y)
    .lineTo(right, y)
    .lineWidth(0.7)
    .strokeColor(INK)
    .stroke();
  y += 5;
  sumRow('I alt inkl. moms', formatOre(totals.totalOre), true);
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      'Momsen er beregnet af momsgrundlaget; momsen pr. linje er vist til orientering og kan afvige med afrunding.',
      MARGIN,
      y + 2,
      { width: contentWidth, align: 'right' },
    );
  y = doc.y + 16;

  return y;
}

/** The text blocks (fradrag, terms, payment) from `top`. */
function drawBlocks(doc: Doc, model: PdfModel, top: number): void {
  const contentWidth = CONTENT_WIDTH;
  let y = top;
  for (const [heading, text] of model.blocks) {
    doc.font('Helvetica').fontSize(9.5);
    const height = doc.heightOfString(text, { width: contentWidth }) + 20;
    if (y + Math.min(height, 120) > A4.height - MARGIN - 30) {
      doc.addPage();
      y = MARGIN;
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(heading, MARGIN, y, { width: contentWidth });
    doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(text, { width: contentWidth });
    y = doc.y + 14;
  }
}

/** The footer and page number on every page. */
function drawFooters(doc: Doc, model: PdfModel): void {
  const right = RIGHT;
  const contentWidth = CONTENT_WIDTH;
  // Footer on every page.
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    // Below the bottom margin: lift it while writing, or pdfkit would start a new page.
    doc.page.margins.bottom = 0;
    const bottom = A4.height - MARGIN;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(model.footer, MARGIN, bottom, { width: contentWidth - 80, lineBreak: false, height: 12 });
    doc.text(`Side ${page - range.start + 1} af ${range.count}`, right - 80, bottom, {
      width: 80,
      align: 'right',
      lineBreak: false,
      height: 12,
    });
  }
}

/** Draws `model` on A4 pages and answers the PDF's bytes. */
function renderPdf(model: PdfModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: model.title, Author: model.seller.name, Creator: 'Mesterside' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const y = drawSums(doc, model, drawLines(doc, model, drawHeader(doc, model)));
  drawBlocks(doc, model, y);
  drawFooters(doc, model);
  doc.end();
  return done;
}
