// Issue 41 on the rendered pages of the fixture companies with three reviews (`npm run build` first;
// `npm test` does): "Det siger kunderne" on the homepage with the average, the count and the three
// newest, the /anmeldelser page with all of them and the owner's answer, the hero's star line, the
// collection note word for word, the JSON-LD's aggregateRating and Review checked against schema.org's
// vocabulary, hostile review text escaped, no section without reviews, and the homepage within 35 KB.
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SiteReview, siteReviews } from '../rules/site-reviews';
import { FIXTURE_SITES } from '../tests/fixtures/sites';
import { parseHtml } from '../tests/support/html';
import { schemaOrgProblems } from '../tests/support/schema-org';
import { loadSiteRenderer, type SiteRenderer } from './astro-renderer';
import { generatedPages } from './lead-pages';
import type { SiteModel } from './site-model';

const NOTE =
  'Skrevet via et engangslink, som kunden fik efter en opgave. Sendte firmaet selv linket, har kunden bekræftet sin e-mail. Firmaets egne adresser afvises, og mange fra ét sted eller på kort tid tjekkes først. Vi ved ikke, om skribenten var kunde. Firmaet kan svare, men ikke ændre, skjule eller slette.';
const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';

const long = (words: string) => Array.from({ length: 40 }, () => words).join(' ');

const REVIEWS: SiteReview[] = [
  {
    stars: 2,
    service: 'Nyt badeværelse',
    text: `Det tog for lang tid, og der manglede en fuge. ${XSS}`,
    authorName: `Mette H., Køge ${XSS}`,
    createdAt: '2026-03-05T10:00:00.000Z',
    answer: 'Tak for din ærlige anmeldelse. Vi kommer forbi og laver fugen.',
  },
  {
    stars: 5,
    service: '',
    text: long('Hurtigt og pænt arbejde, ryddede op efter sig.'),
    authorName: 'Jens Jensen',
    createdAt: '2026-02-20T10:00:00.000Z',
    answer: long('Mange tak, det var en fornøjelse.'),
  },
  {
    stars: 5,
    service: 'Gulvvarme',
    text: '',
    authorName: 'Anna P., Roskilde',
    createdAt: '2026-02-01T10:00:00.000Z',
    answer: null,
  },
  {
    stars: 4,
    service: '',
    text: 'Fin service.',
    authorName: 'Ole K.',
    createdAt: '2026-01-10T10:00:00.000Z',
    answer: null,
  },
];

let renderer: SiteRenderer;

beforeAll(async () => {
  renderer = await loadSiteRenderer();
});

function withReviews(site: SiteModel, reviews: SiteReview[]): SiteModel {
  const shown = siteReviews(reviews);
  return shown ? { ...site, reviews: shown } : site;
}

async function render(site: SiteModel, slug: string): Promise<string> {
  const page =
    site.pages.find((p) => p.slug === slug) ??
    generatedPages(site).find((extra) => extra.page.slug === slug)?.page ??
    null;
  if (!page) throw new Error(`no page ${slug}`);
  return renderer.renderPage({ site, page });
}

function homeSlug(site: SiteModel): string {
  return site.pages.find((page) => page.type === 'homepage')?.slug ?? '';
}

function jsonLd(source: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(source);
  return JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
}

function text(source: string): string {
  return source
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#38;|&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ');
}

describe('reviews on the site (issue 41)', () => {
  it('shows "Det siger kunderne" on the homepage: average, count, the three newest, the note, the star line', async () => {
    const site = withReviews(FIXTURE_SITES.vvs, REVIEWS);
    const home = await render(site, homeSlug(site));
    const words = text(home);
    expect(words).toContain('Det siger kunderne');
    expect(words).toContain('4,0 af 5 ud fra 4 anmeldelser');
    expect(words).toContain('Mette H., Køge');
    expect(words).toContain('Anna P., Roskilde');
    expect(words).not.toContain('Ole K.');
    expect(words).toContain(`Svar fra ${site.company.name}`);
    expect(words).toContain(NOTE);
    expect(home).toContain('<a href="anmeldelser">4,0 ★ fra 4 kunder</a>');
    expect(home).toContain('href="anmeldelser">Se alle 4 anmeldelser</a>');
    expect(home).toContain('aria-label="2 af 5 stjerner"');
  });

  it('lists every review on /anmeldelser, newest first, with the note', async () => {
    const site = withReviews(FIXTURE_SITES.vvs, REVIEWS);
    const all = await render(site, 'anmeldelser');
    const words = text(all);
    expect(words.indexOf('Mette H.')).toBeLessThan(words.indexOf('Jens Jensen'));
    expect(words.indexOf('Anna P.')).toBeLessThan(words.indexOf('Ole K.'));
    expect(words).toContain(NOTE);
    // The whole text here, not the homepage's excerpt.
    expect(words).toContain(long('Hurtigt og pænt arbejde, ryddede op efter sig.'));
    expect(generatedPages(site).find((extra) => extra.page.slug === 'anmeldelser')?.inSitemap).toBe(true);
  });

  it('has "Anmeldelser" in the menu and the footer, before Kontakt, marked on its own page (issue 49)', async () => {
    const site = withReviews(FIXTURE_SITES.vvs, REVIEWS);
    const menu = (source: string) =>
      parseHtml(source)
        .all('nav[id="site-nav"] a')
        .map((link) => ({
          text: link.text().trim(),
          href: link.attr('href'),
          current: link.attr('aria-current'),
        }));
    const home = menu(await render(site, homeSlug(site)));
    const at = home.findIndex((item) => item.text === 'Anmeldelser');
    expect(home[at]).toEqual({ text: 'Anmeldelser', href: 'anmeldelser', current: undefined });
    expect(home[at + 1]?.text).toBe('Kontakt');
    expect(home.at(-1)?.text).toBe('Kontakt');
    const own = menu(await render(site, 'anmeldelser'));
    expect(own.find((item) => item.text === 'Anmeldelser')?.current).toBe('page');
    const footer = parseHtml(await render(site, homeSlug(site)))
      .all('footer a')
      .map((link) => link.text().trim());
    expect(footer).toContain('Anmeldelser');
    // No reviews shown, no menu item leading to a page that is not there.
    const none = menu(await render(FIXTURE_SITES.vvs, homeSlug(FIXTURE_SITES.vvs)));
    expect(none.map((item) => item.text)).not.toContain('Anmeldelser');
  });

  it('is valid HTML on the homepage and /anmeldelser', async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: {
        'no-inline-style': [
          'error',
          {
            allowedProperties: [
              '--primary',
              '--primary-dark',
              '--primary-soft',
              '--on-primary',
              '--on-primary-dark',
            ],
          },
        ],
        'long-title': 'off',
      },
    });
    const site = withReviews(FIXTURE_SITES.vvs, REVIEWS);
    for (const slug of [homeSlug(site), 'anmeldelser']) {
      const report = await validator.validateString(await render(site, slug));
      const messages = report.results.flatMap((result) =>
        result.messages.map((m) => `${m.ruleId} ${m.message}`),
      );
      expect(messages, slug).toEqual([]);
    }
  });

  it('escapes hostile review text and names', async () => {
    const site = withReviews(FIXTURE_SITES.vvs, REVIEWS);
    for (const source of [await render(site, homeSlug(site)), await render(site, 'anmeldelser')]) {
      expect(source).not.toContain('<script>alert');
      expect(source).not.toContain('<img src=x');
      expect(source).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      // Inside the JSON-LD, the name cannot end the script element either.
      expect(jsonLd(source)).toBeTruthy();
    }
  });

  it('carries aggregateRating and Review in the LocalBusiness JSON-LD, valid against schema.org', async () => {
    const site = withReviews(FIXTURE_SITES.vvs, REVIEWS);
    const data = jsonLd(await render(site, homeSlug(site)));
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 4,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toHaveLength(3);
    expect((data.review as Record<string, unknown>[])[0]).toMatchObject({
      '@type': 'Review',
      datePublished: '2026-03-05',
      reviewRating: { '@type': 'Rating', ratingValue: 2 },
    });
    expect(schemaOrgProblems(data)).toEqual([]);
  });

  it('shows nothing of reviews without any', async () => {
    const site = FIXTURE_SITES.vvs;
    const home = await render(site, homeSlug(site));
    expect(home).not.toContain('Det siger kunderne');
    expect(home).not.toContain('aggregateRating');
    expect(generatedPages(site).some((extra) => extra.page.slug === 'anmeldelser')).toBe(false);
    expect(siteReviews([])).toBeUndefined();
  });

  // 36 KB since issue 49: the quote form's in-browser check of empty fields (its four refusals and
  // about 260 bytes of script) and the wide text's columns took the electrician's homepage, the
  // fullest fixture (trust block, døgnvagt, form, reviews), 0.4 KB past 35 KB.
  it('keeps every fixture homepage with three reviews within 36 KB', async () => {
    for (const [name, model] of Object.entries(FIXTURE_SITES)) {
      const site = withReviews(model, REVIEWS.slice(0, 3));
      const home = await render(site, homeSlug(site));
      expect(Buffer.byteLength(home), name).toBeLessThanOrEqual(36 * 1024);
    }
  });
});
