import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_LINK_PLACEHOLDER,
  ownerLinkHref,
  pageContentTokens,
  paragraphText,
  parseParagraph,
  renderPageContent,
  type Segment,
  safeHref,
  siteHref,
} from './page-content';

describe('parseParagraph', () => {
  it('keeps plain text as one segment', () => {
    expect(parseParagraph('Vi bygger tage.')).toEqual([{ kind: 'text', text: 'Vi bygger tage.' }]);
    expect(parseParagraph('')).toEqual([]);
  });

  it('finds links written [text](href)', () => {
    expect(parseParagraph('Læs [om os](/om-os) eller [ring](tel:+4512345678).')).toEqual([
      { kind: 'text', text: 'Læs ' },
      { kind: 'link', text: 'om os', href: '/om-os' },
      { kind: 'text', text: ' eller ' },
      { kind: 'link', text: 'ring', href: 'tel:+4512345678' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('allows one level of parentheses in the href', () => {
    expect(parseParagraph('[wiki](https://da.wikipedia.org/wiki/Tømrer_(erhverv))')).toEqual([
      { kind: 'link', text: 'wiki', href: 'https://da.wikipedia.org/wiki/Tømrer_(erhverv)' },
    ]);
  });

  it('renders a link with an unsafe href as its plain text', () => {
    expect(parseParagraph('Se [klik](javascript:alert(1)) her')).toEqual([
      { kind: 'text', text: 'Se klik her' },
    ]);
    expect(parseParagraph('[a](data:text/html,x)[b](//evil.example)')).toEqual([
      { kind: 'text', text: 'ab' },
    ]);
  });

  it('leaves text that only looks like a link alone', () => {
    expect(parseParagraph('[ikke et link] (x) og [tomt]()')).toEqual([
      { kind: 'text', text: '[ikke et link] (x) og [tomt]()' },
    ]);
    expect(parseParagraph('[to\nlinjer](/x)')).toEqual([{ kind: 'text', text: '[to\nlinjer](/x)' }]);
  });

  it('reduces a paragraph to plain text', () => {
    expect(paragraphText('Læs [om os](/om-os) og [klik](javascript:x).')).toBe('Læs om os og klik.');
  });

  // Text without brackets, so generated parts cannot form links by accident.
  const plain = fc.string({ minLength: 1 }).filter((s) => !/[[\]()]/.test(s));
  const label = fc.string({ minLength: 1 }).filter((s) => !/[[\]\n]/.test(s) && s.trim() !== '');
  const pathHref = fc
    .array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { maxLength: 3 })
    .map((parts) => `/${parts.join('/')}`);
  const webHref = fc.webUrl().filter((url) => !/[()\s]/.test(url));
  const href = fc.oneof(pathHref, webHref, fc.constantFrom('mailto:a@b.dk', 'tel:+4512345678', '#kontakt'));
  const part = fc.oneof(
    plain.map((text): Segment => ({ kind: 'text', text })),
    fc.record({ kind: fc.constant('link' as const), text: label, href }),
  );

  it('parses what links and text were written from', () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), (parts) => {
        const source = parts.map((p) => (p.kind === 'link' ? `[${p.text}](${p.href})` : p.text)).join('');
        const expected: Segment[] = [];
        for (const p of parts) {
          const last = expected[expected.length - 1];
          if (p.kind === 'text' && last?.kind === 'text') last.text += p.text;
          else expected.push({ ...p });
        }
        expect(parseParagraph(source)).toEqual(expected);
      }),
    );
  });

  it('never yields an unsafe link, an empty segment or two text segments in a row', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const segments = parseParagraph(text);
        segments.forEach((segment, i) => {
          expect(segment.text).not.toBe('');
          if (segment.kind === 'link') expect(safeHref(segment.href)).toBe(segment.href);
          if (segment.kind === 'text') expect(segments[i + 1]?.kind).not.toBe('text');
        });
        if (!text.includes('[')) expect(segments.map((s) => s.text).join('')).toBe(text);
      }),
    );
  });
});

describe('safeHref', () => {
  it('accepts web, mail, phone and relative links', () => {
    for (const href of [
      'https://example.dk/a?b=1#c',
      'http://example.dk',
      'mailto:info@example.dk',
      'tel:+45 12 34 56 78',
      '/om-os',
      'om-os',
      './',
      '../x',
      '#kontakt',
      '?side=2',
      'HTTPS://EXAMPLE.DK',
    ]) {
      expect(safeHref(href)).toBe(href);
    }
    expect(safeHref('  /om-os ')).toBe('/om-os');
  });

  it('rejects script, data and other schemes, protocol-relative and control characters', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://a\u0000b',
      '',
      '   ',
    ]) {
      expect(safeHref(href)).toBeNull();
    }
  });

  it('returns the trimmed input or null, never a scheme outside the allowed four', () => {
    fc.assert(
      fc.property(fc.string(), (href) => {
        const result = safeHref(href);
        if (result === null) return;
        expect(result).toBe(href.trim());
        expect(result.startsWith('//')).toBe(false);
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(result)?.[1]?.toLowerCase();
        if (scheme !== undefined) expect(['http', 'https', 'mailto', 'tel']).toContain(scheme);
      }),
    );
  });
});

describe('siteHref', () => {
  it('makes root paths relative', () => {
    expect(siteHref('/om-os')).toBe('om-os');
    expect(siteHref('/')).toBe('./');
    expect(siteHref('/om-os#kontakt')).toBe('om-os#kontakt');
    expect(siteHref('/#kontakt')).toBe('./#kontakt');
    expect(siteHref('/?a=1')).toBe('./?a=1');
    expect(siteHref('/a/../b')).toBe('b');
    expect(siteHref('/..')).toBe('./');
    expect(siteHref('/tel:1')).toBe('./tel:1');
  });

  it('leaves other links alone', () => {
    for (const href of ['https://example.dk/x', 'mailto:a@b.dk', 'tel:+45', '#kontakt', 'om-os', './']) {
      expect(siteHref(href)).toBe(href);
    }
  });

  // The reason for relative links: under /<cvr>/ and at a subdomain's root, a link written `/x` must
  // reach the same page of the same site.
  it('resolves to the same page under /<cvr>/ and on a subdomain', () => {
    const segment = fc.oneof(
      // Ada, Node's URL parser, keeps a trailing `/.` after a segment holding `:`; stay clear of that.
      fc.stringMatching(/^[a-z0-9-]{1,6}$/),
      fc.constantFrom('.', '..', 'om-os', 'a:b', ''),
    );
    const path = fc
      .tuple(fc.array(segment, { maxLength: 4 }), fc.constantFrom('', '#kontakt', '?a=1', '?a=1#b'))
      .map(([parts, tail]) => `/${parts.join('/')}${tail}`);
    fc.assert(
      fc.property(path, (p) => {
        fc.pre(safeHref(p) !== null);
        const relative = siteHref(p);
        expect(relative.startsWith('/')).toBe(false);
        const onSubdomain = new URL(relative, 'https://hansen.mesterside.dk/').href;
        const onPath = new URL(relative, 'https://mesterside.dk/12345678/').href;
        expect(onSubdomain).toBe(new URL(p, 'https://hansen.mesterside.dk/').href);
        expect(onPath).toBe(
          `https://mesterside.dk/12345678${new URL(p, 'https://x.invalid/').href.slice(17)}`,
        );
      }),
    );
  });
});

describe('renderPageContent: the owner text Markdown subset', () => {
  it('renders the plain paragraphs, links and AI separator of existing content as before', () => {
    expect(
      renderPageContent('Vi bygger tage.\n\n---\n\nLæs [om os](/om-os) eller [ring](tel:+4512345678).'),
    ).toBe(
      '<p>Vi bygger tage.</p>\n<hr>\n<p>Læs <a href="om-os">om os</a> eller <a href="tel:+4512345678">ring</a>.</p>\n',
    );
    expect(renderPageContent('')).toBe('');
  });

  it('renders lists, bold and subheadings, with the page title kept the only h1', () => {
    expect(renderPageContent('## Ydelser\n\n- **Tag**\n- Vinduer\n\n# Stor\n\n#### Lille')).toBe(
      '<h2>Ydelser</h2>\n<ul>\n<li><strong>Tag</strong></li>\n<li>Vinduer</li>\n</ul>\n<h2>Stor</h2>\n<h3>Lille</h3>\n',
    );
  });

  it('shows raw HTML, images and code as text, never as markup', () => {
    const html = renderPageContent(
      '<script>alert(1)</script>\n\nTekst <img src=x onerror=alert(1)> ![billede](https://x.dk/a.png)\n\n    <b>kode</b>',
    );
    expect(html).not.toMatch(/<(script|img|b|pre|code)\b/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('billede');
  });

  it('drops links with unsafe targets, keeping their text', () => {
    const html = renderPageContent(
      '[a](javascript:alert(1)) [b](//evil.example) [c](data:text/html,x) <javascript:alert(2)> [d](vbscript:x)',
    );
    expect(html).not.toContain('<a');
    expect(html).toContain('a b c');
  });

  it('keeps "Text" over a line of dashes a paragraph instead of a heading', () => {
    expect(renderPageContent('Tekst\n---')).toBe('<p>Tekst\n---</p>\n');
  });

  it('escapes quotes in hrefs and keeps phone link text on one line', () => {
    expect(renderPageContent('[x](https://a.dk/?q="><b>)')).not.toContain('"><b>');
    expect(renderPageContent('[12 34 56 78](tel:+4512345678)')).toContain('>12\u00a034\u00a056\u00a078</a>');
  });
});

describe('ownerLinkHref: owner links stay inside the owner’s site', () => {
  it.each([
    ['/kontakt', '#kontakt'],
    ['/kontakt/', '#kontakt'],
    ['/Kontakt', '#kontakt'],
    ['kontakt', '#kontakt'],
    ['/kontakt?emne=tag', '#kontakt'],
    ['/contact', '#kontakt'],
    ['#kontakt', '#kontakt'],
    ['/om-os', 'om-os'],
    ['/', './'],
    ['/#kontakt', './#kontakt'],
    ['https://example.dk/kontakt', 'https://example.dk/kontakt'],
    ['mailto:a@b.dk', 'mailto:a@b.dk'],
    ['javascript:alert(1)', null],
  ])('%s → %s', (href, expected) => {
    expect(ownerLinkHref(href)).toBe(expected);
  });

  it('points a "Bestil tid" link written before booking at the booking placeholder, no other contact link', () => {
    expect(ownerLinkHref('/kontakt', 'Bestil tid')).toBe(BOOKING_LINK_PLACEHOLDER);
    expect(ownerLinkHref('/kontakt', '**Book en tid**')).toBe(BOOKING_LINK_PLACEHOLDER);
    expect(ownerLinkHref('/kontakt', 'Kontakt os')).toBe('#kontakt');
    expect(ownerLinkHref('/kontakt', 'Bestil tid og pris')).toBe('#kontakt');
    expect(ownerLinkHref('/om-os', 'Bestil tid')).toBe('om-os');
    expect(renderPageContent('**[Bestil tid](/kontakt)** – ring')).toContain(
      `href="${BOOKING_LINK_PLACEHOLDER}"`,
    );
  });
});

describe('paragraphText drops the Markdown marks', () => {
  it('for meta descriptions and card subtitles', () => {
    expect(paragraphText('## Vores ydelser')).toBe('Vores ydelser');
    expect(paragraphText('- **Tag** – nyt tag')).toBe('Tag – nyt tag');
    expect(paragraphText('**[Bestil tid](/kontakt)** – ring')).toBe('Bestil tid – ring');
  });
});

describe('renderPageContent over text marked itself breaks on', () => {
  // marked 18 throws on a quote that ends in an empty list item inside a list item.
  const BROKEN = '- Tag\n  > 1.\n  Tag';

  it('still shows every word, and the editor still reads it', () => {
    const html = renderPageContent(BROKEN);
    expect(html.match(/Tag/g)).toHaveLength(2);
    expect(html).toContain('1.');
    expect(html).toContain('<li>');
    expect(pageContentTokens(BROKEN).length).toBeGreaterThan(0);
  });
});
