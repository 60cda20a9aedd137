// THE escaper for text put into HTML outside the Astro templates (which escape on their own): the
// review pages, the branded pages of the public forms, the mails' HTML and the page text's Markdown.
// All five characters that can end a text node or an attribute value (either quote) are replaced,
// so one call is right in both places. Tested once, with hostile input: rules/escape-html.test.ts
// and tests/api/public-form.test.ts (the branded page).

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}
