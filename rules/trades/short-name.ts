// The name a site uses in running text: the company's name without its legal form ('ApS', 'A/S',
// 'I/S', 'IVS', …) and without an owner clause ('v/Jens Hansen'). The full legal name belongs in the
// footer and the structured data, not in every other sentence.

// Legal forms as the CVR registry and owners write them, at the end of the name.
const LEGAL_FORM =
  /[\s,.-]*\b(ApS|A\/S|I\/S|K\/S|P\/S|IVS|AMBA|A\.M\.B\.A\.|F\.M\.B\.A\.|SMBA|S\.M\.B\.A\.|Holding ApS|Aps|APS|a\/s|i\/s)\.?\s*$/u;
// 'Tømrer Hansen v/Jens Hansen', 'Hansen ved Jens Hansen'
const OWNER_CLAUSE = /\s+(v\/|ved\s+)\s*\S.*$/iu;
// '& Co.' at the end: 'Glarmester Nielsen & Co. A/S' is 'Glarmester Nielsen' in running text (a
// bare 'Nielsen & Co.' keeps it, or nothing would be left but a surname).
const AND_COMPANY = /(\s*&\s*|\s+og\s+)co\.?$/iu;

/** 'Hansen Tømrer- og Snedkerforretning ApS' → 'Hansen Tømrer- og Snedkerforretning'. */
export function shortCompanyName(name: string): string {
  const full = name.replace(/\s+/g, ' ').trim();
  let short = full.replace(OWNER_CLAUSE, '');
  for (let i = 0; i < 2; i++) short = short.replace(LEGAL_FORM, '');
  const withoutCo = short.replace(AND_COMPANY, '');
  if (withoutCo !== short && withoutCo.trim().split(/\s+/).length >= 2) short = withoutCo;
  short = short.replace(/[\s,.&-]+$/u, '').trim();
  return short === '' ? full : short;
}
