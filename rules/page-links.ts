// A page's new address keeps the links to it working (issue 40): when a save renames a page (its
// slug comes from its name), every link to the old address in the site's page text is pointed at the
// new one, in the same transaction (api/services/pages.ts). Only the link's address changes; the rest
// of each text stays exactly as stored. The forms a text links to a page of its own site with:
// `[tekst](/priser)`, `(/priser#afsnit)`, `(/priser?x)`, `(<priser>)`, the relative `(priser)`, and a
// reference definition `[p]: /priser`.

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `markdown` with its links to the page at `/<from>` pointing at `/<to>` instead. */
export function retargetPageLinks(markdown: string, from: string, to: string): string {
  if (from === '' || from === to || !markdown.includes(from)) return markdown;
  const slug = escapeRegExp(from);
  // What may follow the address: the link's end, an anchor, a query, a title, a trailing slash.
  const end = '(?=[)#?>/\\s]|$)';
  return markdown
    .replace(new RegExp(`(\\]\\(\\s*<?)(/?)${slug}${end}`, 'g'), `$1$2${to}`)
    .replace(new RegExp(`^( {0,3}\\[[^\\]\\n]+\\]:[ \\t]*<?)(/?)${slug}${end}`, 'gm'), `$1$2${to}`);
}
