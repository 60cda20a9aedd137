// What a test reads of a document the product hands a customer: a PDF's text as a reader would copy
// it (pdf-parse), and what html-validate's recommended rules find wrong in a page (none is the aim).
import { HtmlValidate } from 'html-validate';
import { PDFParse } from 'pdf-parse';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  // The pages' titles carry the company's name, which may be long.
  rules: { 'long-title': 'off' },
});

/** Each problem html-validate finds in `html`, as `rule: message`. */
export async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
}
