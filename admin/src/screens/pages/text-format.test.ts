import { describe, expect, it } from 'vitest';
import { PAGE_MESSAGES } from '../../../../rules/messages';
import { renderPageContent } from '../../../../rules/page-content';
import {
  activeFormats,
  checkLinkAddress,
  insertLink,
  linkDraft,
  type TextSelection,
  toggleBold,
  toggleHeading,
  toggleList,
} from './text-format';

// A text with its selection written in it: `«` and `»` around a selection, `|` for a caret.
function sel(marked: string): TextSelection {
  const caret = marked.indexOf('|');
  if (caret !== -1) return { text: marked.replace('|', ''), start: caret, end: caret };
  const start = marked.indexOf('«');
  const end = marked.indexOf('»') - 1;
  return { text: marked.replace('«', '').replace('»', ''), start, end };
}

function show({ text, start, end }: TextSelection): string {
  if (start === end) return `${text.slice(0, start)}|${text.slice(start)}`;
  return `${text.slice(0, start)}«${text.slice(start, end)}»${text.slice(end)}`;
}

const html = (selection: TextSelection) => renderPageContent(selection.text).trim();

describe('toggleBold', () => {
  it('wraps the selected word, and a second press unwraps it', () => {
    const once = toggleBold(sel('Vi er «tømrere» i Aarhus'));
    expect(show(once)).toBe('Vi er **«tømrere»** i Aarhus');
    expect(html(once)).toBe('<p>Vi er <strong>tømrere</strong> i Aarhus</p>');
    expect(show(toggleBold(once))).toBe('Vi er «tømrere» i Aarhus');
  });

  it('unwraps when the selection includes the marks', () => {
    expect(show(toggleBold(sel('Vi er «**tømrere**» i Aarhus')))).toBe('Vi er «tømrere» i Aarhus');
  });

  it('keeps spaces around the selection outside the marks', () => {
    const result = toggleBold(sel('Vi er« tømrere »i Aarhus'));
    expect(result.text).toBe('Vi er **tømrere** i Aarhus');
    expect(html(result)).toContain('<strong>tømrere</strong>');
  });

  it('makes the word at the caret bold, and unwraps a bold word at the caret', () => {
    const once = toggleBold(sel('Vi er tøm|rere i Aarhus'));
    expect(show(once)).toBe('Vi er **tøm|rere** i Aarhus');
    expect(show(toggleBold(once))).toBe('Vi er tøm|rere i Aarhus');
  });

  it('writes a placeholder to type over when the caret touches no word', () => {
    const result = toggleBold(sel('Vi er | i Aarhus'));
    expect(show(result)).toBe('Vi er **«fed tekst»** i Aarhus');
    expect(show(toggleBold(result))).toBe('Vi er «fed tekst» i Aarhus');
  });

  it('moves punctuation outside the marks when a letter follows, so the bold still renders', () => {
    const result = toggleBold(sel('Ring «nu.»Vi svarer'));
    expect(result.text).toBe('Ring **nu**.Vi svarer');
    expect(html(result)).toBe('<p>Ring <strong>nu</strong>.Vi svarer</p>');
    // Before a space the punctuation may stay inside.
    expect(toggleBold(sel('Ring «nu!» Vi svarer')).text).toBe('Ring **nu!** Vi svarer');
  });

  it('joins bold words inside a larger selection into one bold span', () => {
    const result = toggleBold(sel('«Vi er **tømrere** i» Aarhus'));
    expect(result.text).toBe('**Vi er tømrere i** Aarhus');
    expect(html(result)).toBe('<p><strong>Vi er tømrere i</strong> Aarhus</p>');
  });

  it('bolds each line of a selection over several lines, after list and heading marks', () => {
    const result = toggleBold(sel('## «Tag\n- Vinduer\n\n- Døre»'));
    expect(result.text).toBe('## **Tag**\n- **Vinduer**\n\n- **Døre**');
    expect(html(result)).toContain('<h2><strong>Tag</strong></h2>');
    expect(show(toggleBold(result))).toBe('## «Tag\n- Vinduer\n\n- Døre»');
  });

  it('keeps surrounding text and bold elsewhere on the line untouched', () => {
    expect(toggleBold(sel('**Fast** pris og «hurtig» levering')).text).toBe(
      '**Fast** pris og **hurtig** levering',
    );
  });
});

describe('toggleHeading', () => {
  it('toggles `## ` on the caret line', () => {
    const once = toggleHeading(sel('Intro\nVores ser|vice\nTekst'));
    expect(show(once)).toBe('Intro\n## Vores ser|vice\nTekst');
    expect(html(once)).toBe('<p>Intro</p>\n<h2>Vores service</h2>\n<p>Tekst</p>');
    expect(show(toggleHeading(once))).toBe('Intro\nVores ser|vice\nTekst');
  });

  it('puts the caret after the marks on an empty line', () => {
    expect(show(toggleHeading(sel('Intro\n|')))).toBe('Intro\n## |');
  });

  it('removes any heading level, and replaces a list marker', () => {
    expect(toggleHeading(sel('### Lille|')).text).toBe('Lille');
    expect(toggleHeading(sel('- Punkt|')).text).toBe('## Punkt');
  });
});

describe('toggleList', () => {
  it('turns the selected lines into list lines and back', () => {
    const once = toggleList(sel('Vi laver:\n«Tage\nVinduer»'));
    expect(show(once)).toBe('Vi laver:\n- «Tage\n- Vinduer»');
    expect(html(once)).toBe('<p>Vi laver:</p>\n<ul>\n<li>Tage</li>\n<li>Vinduer</li>\n</ul>');
    expect(show(toggleList(once))).toBe('Vi laver:\n«Tage\nVinduer»');
  });

  it('leaves a blank line after a new list, so the next paragraph stays outside it', () => {
    const result = toggleList(sel('«Tage\nVinduer»\nRing i dag'));
    expect(result.text).toBe('- Tage\n- Vinduer\n\nRing i dag');
    expect(html(result)).toBe('<ul>\n<li>Tage</li>\n<li>Vinduer</li>\n</ul>\n<p>Ring i dag</p>');
  });

  it('skips blank lines and ignores a line the selection only touches at its start', () => {
    expect(toggleList(sel('«Tage\n\nVinduer\n»Døre')).text).toBe('- Tage\n\n- Vinduer\n\nDøre');
  });

  it('completes a partly marked list before it unmarks one', () => {
    expect(toggleList(sel('«- Tage\nVinduer»')).text).toBe('- Tage\n- Vinduer');
  });

  it('works on the caret line and replaces heading marks', () => {
    expect(show(toggleList(sel('## Ta|ge')))).toBe('- Ta|ge');
  });
});

describe('activeFormats', () => {
  it('reports what the selection is in', () => {
    expect(activeFormats(sel('## **Fed|**'))).toEqual({ bold: true, heading: true, list: false });
    expect(activeFormats(sel('- «Tage\n- Vinduer»'))).toEqual({ bold: false, heading: false, list: true });
    expect(activeFormats(sel('Ingen| ting'))).toEqual({ bold: false, heading: false, list: false });
  });
});

describe('links', () => {
  it('makes the selected words a link to the address', () => {
    const selection = sel('Se «vores priser» her');
    const draft = linkDraft(selection);
    expect(draft.label).toBe('vores priser');
    const result = insertLink(selection, draft, 'https://firma.dk/priser');
    expect(show(result)).toBe('Se [vores priser](https://firma.dk/priser)| her');
    expect(html(result)).toBe('<p>Se <a href="https://firma.dk/priser">vores priser</a> her</p>');
  });

  it('edits the link the caret is in', () => {
    const selection = sel('Se [vores pri|ser](https://firma.dk/(gl)) her');
    const draft = linkDraft(selection);
    expect(draft).toMatchObject({ label: 'vores priser', href: 'https://firma.dk/(gl)' });
    expect(insertLink(selection, { ...draft, label: 'priser' }, 'https://firma.dk/ny').text).toBe(
      'Se [priser](https://firma.dk/ny) her',
    );
  });

  it('shows the address when there is no text, and escapes brackets and parentheses', () => {
    expect(insertLink(sel('Ring | nu'), linkDraft(sel('Ring | nu')), 'tel:+4512345678').text).toBe(
      'Ring [+4512345678](tel:+4512345678) nu',
    );
    const result = insertLink(sel('«[Tilbud]»'), linkDraft(sel('«[Tilbud]»')), 'https://da.wiki/T_(x)');
    expect(result.text).toBe('[\\[Tilbud\\]](https://da.wiki/T_%28x%29)');
    expect(html(result)).toBe('<p><a href="https://da.wiki/T_%28x%29">[Tilbud]</a></p>');
  });

  it('accepts http(s), mailto, tel, site paths and the short forms an owner types', () => {
    expect(checkLinkAddress(' https://firma.dk/a?b=1 ')).toEqual({
      ok: true,
      href: 'https://firma.dk/a?b=1',
    });
    expect(checkLinkAddress('http://localhost:3000')).toEqual({ ok: true, href: 'http://localhost:3000' });
    expect(checkLinkAddress('firma.dk')).toEqual({ ok: true, href: 'https://firma.dk' });
    expect(checkLinkAddress('www.tømrer-jensen.dk/om')).toEqual({
      ok: true,
      href: 'https://www.tømrer-jensen.dk/om',
    });
    expect(checkLinkAddress('info@firma.dk')).toEqual({ ok: true, href: 'mailto:info@firma.dk' });
    expect(checkLinkAddress('mailto:info@firma.dk')).toEqual({ ok: true, href: 'mailto:info@firma.dk' });
    expect(checkLinkAddress('12 34 56 78')).toEqual({ ok: true, href: 'tel:12345678' });
    expect(checkLinkAddress('tel:+4512345678')).toEqual({ ok: true, href: 'tel:+4512345678' });
    expect(checkLinkAddress('/kontakt')).toEqual({ ok: true, href: '/kontakt' });
  });

  it('refuses other schemes and what is no address, in Danish', () => {
    expect(checkLinkAddress('  ')).toEqual({ ok: false, message: PAGE_MESSAGES.linkAddressRequired });
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      'java\tscript:alert(1)',
      'https:evil',
      'ftp://firma.dk',
      'hej med dig',
      'firma',
      'mailto:ikke-en-email',
      'tel:ring',
    ]) {
      expect(checkLinkAddress(bad), bad).toEqual({ ok: false, message: PAGE_MESSAGES.linkAddressInvalid });
    }
  });

  it('writes links the renderer keeps for every address it accepts', () => {
    for (const typed of ['firma.dk', 'info@firma.dk', '12 34 56 78', '/kontakt', 'https://a.dk/x_(y)']) {
      const check = checkLinkAddress(typed);
      if (!check.ok) throw new Error(typed);
      const selection = sel('«Klik»');
      expect(html(insertLink(selection, linkDraft(selection), check.href)), typed).toMatch(/^<p><a href=/);
    }
  });
});
