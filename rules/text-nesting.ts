// How deep quotes and lists can nest in a page's text, read without a Markdown parser so the admin's
// page schema (contracts/pages.ts) can refuse text nested past MAX_TEXT_NESTING at save (issue 23
// item 6: `> ` nested 15,000 deep was saved, then every publish of the site overflowed the stack).
//
// It is an upper bound of what CommonMark (and the renderer, rules/markdown-bounds.ts) reads: a line
// can be inside at most one container per `>` or list marker at its start, plus one per two columns of
// indentation (a list item's content starts at least two columns in). Lines without markers continue
// what earlier lines opened and open nothing, so the deepest line bounds the text.

/** A list marker at `i`: `-`, `*`, `+`, or 1–9 digits and `.`/`)`, then a space, a tab or the line end. */
function listMarkerLength(line: string, i: number): number {
  const char = line[i];
  let end = i;
  if (char === '-' || char === '*' || char === '+') end = i + 1;
  else {
    while (end < line.length && end - i < 9 && line[end] !== undefined && /[0-9]/.test(line[end] as string))
      end++;
    if (end === i || (line[end] !== '.' && line[end] !== ')')) return 0;
    end++;
  }
  const after = line[end];
  return after === undefined || after === ' ' || after === '\t' ? end - i : 0;
}

/** The deepest nesting of quotes and lists any line of `text` can be in (an upper bound). */
export function textNestingDepth(text: string): number {
  let deepest = 0;
  for (const line of text.split(/\r\n?|\n/)) {
    let markers = 0;
    let columns = 0;
    let i = 0;
    for (;;) {
      const char = line[i];
      if (char === ' ') {
        columns++;
        i++;
      } else if (char === '\t') {
        columns += 4;
        i++;
      } else if (char === '>') {
        markers++;
        i++;
        // The one space after a marker belongs to it.
        if (line[i] === ' ') i++;
      } else {
        const length = listMarkerLength(line, i);
        if (length === 0) break;
        markers++;
        i += length;
        if (line[i] === ' ') i++;
      }
    }
    deepest = Math.max(deepest, markers + Math.floor(columns / 2));
  }
  return deepest;
}
