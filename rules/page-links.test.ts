import { describe, expect, it } from 'vitest';
import { renderPageContent } from './page-content';
import { retargetPageLinks } from './page-links';

describe('retargetPageLinks', () => {
  it('points every form of link to the old address at the new one', () => {
    const text = [
      'Se [priserne](/priser) og [tagpriser](/priser#tag) eller [side 2](/priser?side=2 "titel").',
      '[Relativt](priser), [i spidse](</priser>) og [med skråstreg](/priser/).',
      '',
      '[p]: /priser',
    ].join('\n');
    expect(retargetPageLinks(text, 'priser', 'vores-priser')).toBe(
      [
        'Se [priserne](/vores-priser) og [tagpriser](/vores-priser#tag) eller [side 2](/vores-priser?side=2 "titel").',
        '[Relativt](vores-priser), [i spidse](</vores-priser>) og [med skråstreg](/vores-priser/).',
        '',
        '[p]: /vores-priser',
      ].join('\n'),
    );
  });

  it('leaves other pages, other sites and plain words alone', () => {
    const text =
      'Om [tag](/tag-og-facade), [tagpap](/tagpap), [ude](https://firma.dk/tag), [kontakt](/kontakt) og ordet tag.';
    expect(retargetPageLinks(text, 'tag', 'tage')).toBe(text);
    expect(retargetPageLinks(text, 'tag', 'tag')).toBe(text);
  });

  it('renders the new link where the old one was', () => {
    const before = renderPageContent('Læs [om os](/om-os).');
    const after = renderPageContent(retargetPageLinks('Læs [om os](/om-os).', 'om-os', 'om-firmaet'));
    expect(after).toBe(before.replace('href="om-os"', 'href="om-firmaet"'));
  });
});
