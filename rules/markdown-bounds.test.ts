// Owner text that once stalled or broke publishing (issue 23 items 5 and 6) renders in time linear
// in its length, at a bounded depth, and stays safe.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_CONTENT_CHARS, MAX_TEXT_NESTING } from './limits';
import { paragraphText, renderPageContent } from './page-content';

/** `unit` repeated to `chars` characters. */
function repeated(unit: string, chars: number): string {
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
}

const SHAPES: Record<string, (chars: number) => string> = {
  'star a underscore': (chars) => repeated('*a_', chars),
  'double star underscore': (chars) => repeated('**_', chars),
  'underscore a star': (chars) => repeated('_a*', chars),
  'mixed runs': (chars) => repeated('_a**b__c*', chars),
  'unclosed bold': (chars) => repeated('**a', chars),
  'open brackets': (chars) => repeated('[', chars),
  'open links': (chars) => repeated('[a](', chars),
  backticks: (chars) => repeated('`', chars),
  'backtick runs of every length': (chars) => {
    let text = '';
    for (let k = 1; text.length < chars; k++) text += `${'`'.repeat(k)}a`;
    return text.slice(0, chars);
  },
  'less-than signs': (chars) => repeated('<', chars),
  'stars around one letter': (chars) => `${'*'.repeat(chars / 2 - 1)}a${'*'.repeat(chars / 2)}`,
  'nested emphasis': (chars) => `${repeated('*a **b ', chars / 2)}${repeated(' c** d*', chars / 2)}`,
  'links in emphasis': (chars) => repeated('[a *b](c) *', chars),
};

/**
 * Milliseconds of CPU this thread has used. The unit project runs two test threads in one process, so
 * the process's CPU (process.cpuUsage) counts the other thread's tests too: a run measured that way
 * once had 1,875 characters take 5.9 ms and 15,000 take 208 ms. Linux keeps each thread's own time on
 * the CPU, in nanoseconds, in /proc/thread-self/schedstat; elsewhere the process's CPU has to do.
 */
function threadCpuMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  }
}

/** CPU milliseconds of the fastest of a few runs: the machine is shared, so wall time is noisy. */
function cpuMs(run: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const start = threadCpuMs();
    run();
    best = Math.min(best, threadCpuMs() - start);
  }
  return best;
}

/** Tags a rendered owner text may hold; anything else would be markup from the owner. */
const ALLOWED_TAG = /^<\/?(p|em|strong|a|ul|ol|li|h2|h3|blockquote|hr|br)( href="[^"<>]*")?\s*\/?>$/;

function expectSafe(html: string): void {
  for (const tag of html.match(/<[^>]*>?/g) ?? []) expect(tag).toMatch(ALLOWED_TAG);
}

describe('owner text renders in time linear in its length (issue 23 item 5)', () => {
  // 8 times the text may take about 8 times as long; a quadratic renderer takes about 64 times.
  // (Half the page limit keeps each test short on a shared machine; before the fix 12,000
  // characters of `*a_` took 2.7 s.)
  const LARGE = MAX_PAGE_CONTENT_CHARS / 2;
  const SMALL = LARGE / 8;
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`${name}: ${LARGE} characters take at most ~8× the time of ${SMALL}`, () => {
      const small = shape(SMALL);
      const large = shape(LARGE);
      expect(large.length).toBe(LARGE);
      renderPageContent(small); // warm up the compiler
      const smallMs = cpuMs(() => {
        renderPageContent(small);
        paragraphText(small);
      });
      const largeMs = cpuMs(() => {
        renderPageContent(large);
        paragraphText(large);
      });
      // Generous for noise and fixed costs; a quadratic path is far above it.
      expect(largeMs).toBeLessThan(Math.max(smallMs, 5) * 24);
      expect(largeMs).toBeLessThan(1000);
      expectSafe(renderPageContent(large));
    });
  }

  it('the text from the issue, *a_ × 10,000, renders at once and shows its marks as text', () => {
    const text = '*a_'.repeat(10_000);
    const start = threadCpuMs();
    const html = renderPageContent(text);
    expect(html.startsWith('<p>*a_*a_')).toBe(true);
    expect(paragraphText(text)).toBe(text);
    expect(threadCpuMs() - start).toBeLessThan(1000);
  });
});

describe('emphasis still reads as CommonMark does', () => {
  it.each([
    ['*a*', '<p><em>a</em></p>\n'],
    ['**Tag** – nyt tag', '<p><strong>Tag</strong> – nyt tag</p>\n'],
    ['***a***', '<p><em><strong>a</strong></em></p>\n'],
    ['snake_case_word og a*b*c', '<p>snake_case_word og a<em>b</em>c</p>\n'],
    ['*a **b** c*', '<p><em>a <strong>b</strong> c</em></p>\n'],
    ['**foo*bar*baz**', '<p><strong>foo<em>bar</em>baz</strong></p>\n'],
    ['foo***bar***baz', '<p>foo<em><strong>bar</strong></em>baz</p>\n'],
    ['*foo**bar*', '<p><em>foo**bar</em></p>\n'],
    ['__foo, __bar__, baz__', '<p><strong>foo, <strong>bar</strong>, baz</strong></p>\n'],
    ['*(*a*)*', '<p><em>(<em>a</em>)</em></p>\n'],
    ['\\*a\\* og ** a **', '<p>*a* og ** a **</p>\n'],
    ['*[a*](/om-os)*', '<p><em><a href="om-os">a*</a></em></p>\n'],
    ['*a `b*` c*', '<p><em>a b* c</em></p>\n'],
    [
      '**[Kontakt os](/kontakt)** – ring',
      '<p><strong><a href="#kontakt">Kontakt os</a></strong> – ring</p>\n',
    ],
    ['- **Tag**\n- *Vinduer*', '<ul>\n<li><strong>Tag</strong></li>\n<li><em>Vinduer</em></li>\n</ul>\n'],
    ['## **Ydelser** _her_', '<h2><strong>Ydelser</strong> <em>her</em></h2>\n'],
    ['Pris: 5*3 = 15 kr', '<p>Pris: 5*3 = 15 kr</p>\n'],
    // A character reference stays one: it is shown as a star, never read as a mark.
    ['&#42;a&#42;', '<p>&#42;a&#42;</p>\n'],
    ['**a<b>c**', '<p><strong>a&lt;b&gt;c</strong></p>\n'],
  ])('%j', (text, html) => {
    expect(renderPageContent(text)).toBe(html);
  });

  it('emphasis nested past the limit shows its marks instead of nesting further', () => {
    const html = renderPageContent(`${'*'.repeat(5000)}a${'*'.repeat(5000)}`);
    expect(html.match(/<strong>/g)?.length ?? 0).toBeLessThanOrEqual(8);
    expect(html).toContain('*');
    expect(html).toContain('a');
    expectSafe(html);
  });
});

describe('quotes and lists nested past the limit render as text (issue 23 item 6)', () => {
  it.each([
    ['quotes', '> '],
    ['lists', '- '],
    ['numbered lists', '1. '],
    ['quotes in lists', '- > '],
  ])('%s nested 15,000 deep render, the excess as text', (_name, unit) => {
    const text = `${unit.repeat(15_000)}bund`.slice(-MAX_PAGE_CONTENT_CHARS);
    const html = renderPageContent(text);
    expect(html).toContain('bund');
    const opened = html.match(/<(blockquote|ul|ol)>/g)?.length ?? 0;
    expect(opened).toBeLessThanOrEqual(MAX_TEXT_NESTING);
    expectSafe(html);
  });

  it('nesting within the limit renders as before', () => {
    expect(renderPageContent('> Citat\n> > svar')).toBe(
      '<blockquote>\n<p>Citat</p>\n<blockquote>\n<p>svar</p>\n</blockquote>\n</blockquote>\n',
    );
    expect(renderPageContent('- a\n  - b\n    - c')).toBe(
      '<ul>\n<li>a<ul>\n<li>b<ul>\n<li>c</li>\n</ul>\n</li>\n</ul>\n</li>\n</ul>\n',
    );
  });
});
