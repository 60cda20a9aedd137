// The owner's own notes on a request in Henvendelser (issue 51 item 5): text only the owner sees, never
// the customer, never the site. One note per request, replaced when edited.
export const LEAD_NOTE_MAX_CHARS = 2000;

/** The note as stored: trimmed, line ends as \n; null when it is too long. Empty clears it. */
export function normaliseLeadNote(text: string): string | null {
  const note = text.replace(/\r\n?/g, '\n').trim();
  return [...note].length > LEAD_NOTE_MAX_CHARS ? null : note;
}
