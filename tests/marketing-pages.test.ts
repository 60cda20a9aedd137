// The marketing site's pages as the front server answers them over HTTP, read as a browser parses
// them (support/html.ts): every route's status, title, meta description and key texts, the header's
// and footer's links, the blog list leading to every post, 'Indlæg ikke fundet' for an unknown post,
// /404 for unknown paths, the trade pages' hero images in both widths; and the size budgets of the
// built files. What only a browser shows (the phone menu, the sticky header, the contact form's
// states, a hero image the srcset picks) is in browser/marketing.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../templates/marketing/blog-posts';
import { FAQ_ITEMS } from '../templates/marketing/faq';
import { FEATURES } from '../templates/marketing/features';
import { CONTACT_EMAIL } from '../templates/marketing/site-info';
import { TRADES } from '../templates/marketing/trades';
import { type HtmlPage, parseHtml } from './support/html';
import { type FrontStack, startTestStack } from './support/stack';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'dist', 'site', 'client');
const TRIAL = 'Start gratis i 3 måneder - ingen binding';

let stack: FrontStack;

beforeAll(async () => {
  stack = await startTestStack({ serve: 'front', env: { PUBLIC_HOST: 'localhost' } });
});

afterAll(async () => {
  await stack?.close();
});

/** GETs `route` as a browser does (following redirects): the final answer and its page. */
async function visit(route: string): Promise<{ response: Response; page: HtmlPage }> {
  const response = await fetch(`${stack.origin}${route}`);
  return { response, page: parseHtml(await response.text()) };
}

/** The one link of `scope` whose text is `name` (a link's accessible name is its text here). */
function linkNamed(page: HtmlPage, scope: string, name: string) {
  const links = page.all(`${scope} a`).filter((a) => a.text().trim() === name);
  expect(links.length, `${scope} link ${name}`).toBeGreaterThan(0);
  return links[0];
}

/** The marketing layout: the header's three links and the footer's pages, trades and e-mail. */
function expectLayout(page: HtmlPage): void {
  expect(linkNamed(page, 'header.mk-header', 'Funktioner')?.attr('href')).toBe('/funktioner');
  expect(linkNamed(page, 'header.mk-header', 'Kontakt')?.attr('href')).toBe('/kontakt');
  expect(linkNamed(page, 'header.mk-header', 'Opret hjemmeside')?.attr('href')).toBe('/onboarding');
  for (const href of [
    '/om',
    '/funktioner',
    '/onboarding',
    '/faq',
    '/blog',
    ...TRADES.map((t) => `/${t.slug}`),
  ]) {
    expect(page.all(`footer a[href="${href}"]`).length, href).toBeGreaterThan(0);
  }
  expect(linkNamed(page, 'footer', 'Ofte stillede spørgsmål')?.attr('href')).toBe('/faq');
  expect(page.one('footer').text()).toContain(CONTACT_EMAIL);
}

describe('marketing pages', () => {
  const pages: { path: string; title: string; texts: string[] }[] = [
    {
      path: '/om',
      title: 'Om Mesterside | Hjemmesider til håndværkere',
      texts: ['Du skal bygge huse, ikke hjemmesider', '249 kr.'],
    },
    { path: '/funktioner', title: 'Funktioner | Mesterside', texts: FEATURES.map((f) => f.title) },
    {
      path: '/faq',
      title: 'Ofte stillede spørgsmål | Mesterside',
      texts: [...FAQ_ITEMS.map((f) => f.question), ...FAQ_ITEMS.map((f) => f.answer)],
    },
    {
      path: '/privacy',
      title: 'Privatlivspolitik | Mesterside',
      texts: [
        'Dataansvarlig',
        'Hvilke oplysninger vi indsamler',
        'Hvad vi bruger oplysningerne til',
        'Hvor oplysningerne opbevares',
        'i EU hos vores cloud-udbydere',
        'Dine rettigheder',
        'Kontakt',
        CONTACT_EMAIL,
      ],
    },
    { path: '/kontakt', title: 'Kontakt | Mesterside', texts: ['Kontakt os', 'Send besked'] },
    { path: '/blog', title: 'Blog for håndværkere | Mesterside', texts: BLOG_POSTS.map((p) => p.title) },
  ];

  for (const { path: route, title, texts } of pages) {
    it(`${route} has its title, texts, header and footer`, async () => {
      const { response, page } = await visit(route);
      expect(response.status).toBe(200);
      expect(response.url).toBe(`${stack.origin}${route}`);
      expect(page.title()).toBe(title);
      const main = page.one('main').text();
      for (const text of texts) expect(main, text).toContain(text);
      expectLayout(page);
    });
  }

  it('/funktioner lists 11 features and /faq 5 questions, each answer in its question', async () => {
    expect((await visit('/funktioner')).page.all('main ol.mk-grid > li')).toHaveLength(11);
    const faq = (await visit('/faq')).page.all('main details');
    expect(faq).toHaveLength(5);
    faq.forEach((details, index) => {
      const item = FAQ_ITEMS[index];
      expect(details.one('summary').text()).toContain(item?.question);
      expect(details.text()).toContain(item?.answer);
    });
  });

  it('every blog post is linked from the list and opens, dated January to March 2025', async () => {
    const list = (await visit('/blog')).page;
    expect(list.all('main h2 a')).toHaveLength(5);
    for (const post of BLOG_POSTS) {
      const href = linkNamed(list, 'main', post.title)?.attr('href');
      expect(href, post.title).toBe(`/blog/${post.id}`);
      const { response, page } = await visit(href ?? '');
      expect(response.status).toBe(200);
      expect(page.title()).toBe(`${post.title} | Mesterside`);
      expect(page.one('h1').text()).toBe(post.title);
      expect(post.date >= '2025-01-01' && post.date <= '2025-03-31').toBe(true);
      const words = page.one('main .mk-prose').text().split(/\s+/).filter(Boolean);
      expect(words.length).toBeGreaterThan(400);
      expectLayout(page);
    }
  });

  it('an unknown blog post shows Indlæg ikke fundet with status 404 at its own address', async () => {
    const response = await fetch(`${stack.origin}/blog/999`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    const page = parseHtml(await response.text());
    expect(page.one('h1').text()).toBe('Indlæg ikke fundet');
    expectLayout(page);
  });

  for (const trade of TRADES) {
    it(`/${trade.slug} has its texts, meta description, start button and hero image`, async () => {
      const { response, page } = await visit(`/${trade.slug}`);
      expect(response.status).toBe(200);
      expect(page.title()).toBe(trade.title);
      expect(page.one('meta[name="description"]').attr('content')).toBe(trade.metaDescription);
      expect(page.one('h1').text()).toBe(trade.h1);
      const main = page.one('main').text();
      for (const text of [
        trade.description,
        ...trade.mainText,
        ...trade.features.map((f) => f.title),
        TRIAL,
      ]) {
        expect(main).toContain(text);
      }
      expect(linkNamed(page, 'main', 'Start din hjemmeside nu')?.attr('href')).toBe('/onboarding');
      const image = page.one(`img[src="/images/examples/${trade.image}-1200.webp"]`);
      expect(image.attr('alt')).toBe(trade.imageAlt);
      // Every candidate the srcset offers is served as the screenshot in the width it claims.
      const candidates = (image.attr('srcset') ?? '').split(',').map((entry) => entry.trim().split(/\s+/));
      expect(candidates.map(([, width]) => width)).toEqual(['600w', '1200w']);
      for (const [src, width] of [[image.attr('src'), '1200w'], ...candidates]) {
        const answer = await fetch(`${stack.origin}${src}`);
        expect(answer.status, src).toBe(200);
        expect(answer.headers.get('content-type'), src).toBe('image/webp');
        const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
        expect(`${meta.width}w`, src).toBe(width);
      }
      expectLayout(page);
    });
  }

  it('the trade pages’ button leads to the onboarding, in the same layout', async () => {
    const { response, page } = await visit('/onboarding');
    expect(response.status).toBe(200);
    expect(page.one('h1').text()).toBe('Opret din hjemmeside');
    expectLayout(page);
  });

  it('an unknown path and an unknown trade show the 404 page there, with its texts and a link home', async () => {
    // Issue 49 (newer than the spec's "redirect to /404"): status 404 at the address asked for.
    for (const route of ['/findes-ikke', '/tandlaege-hjemmeside', '/blog/ikke-et-tal/mere']) {
      const { response, page } = await visit(route);
      expect(response.url, route).toBe(`${stack.origin}${route}`);
      expect(response.redirected, route).toBe(false);
      expect(response.status).toBe(404);
      expect(page.one('h1').text()).toBe('404 fejl');
      expect(page.one('main').text()).toContain('Siden blev ikke fundet');
      expect(linkNamed(page, 'main', 'Gå til forsiden')?.attr('href')).toBe('/');
    }
    expect((await fetch(`${stack.origin}/`)).status).toBe(200);
  });
});

describe('marketing build budgets', () => {
  const routes = [
    // The landing page as prerendered for a fresh install; with live company cards it is checked in
    // generator/landing.test.ts.
    '',
    'om',
    'funktioner',
    'faq',
    'privacy',
    'kontakt',
    'blog',
    ...BLOG_POSTS.map((p) => `blog/${p.id}`),
    'blog/ikke-fundet',
    ...TRADES.map((t) => t.slug),
  ];
  const htmlOf = (route: string) => readFileSync(path.join(CLIENT_DIR, route, 'index.html'), 'utf8');

  it('every page stays within 50 KB of HTML+CSS and 5 KB of JavaScript, with nothing external', () => {
    for (const route of [...routes, '404']) {
      const html = route === '404' ? readFileSync(path.join(CLIENT_DIR, '404.html'), 'utf8') : htmlOf(route);
      const cssLinks = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
        (m) => m[1] as string,
      );
      const css = cssLinks.reduce((sum, href) => sum + statSync(path.join(CLIENT_DIR, href)).size, 0);
      expect(Buffer.byteLength(html) + css, route).toBeLessThanOrEqual(50 * 1024);
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      const external = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] as string);
      const js =
        inline.reduce((sum, m) => sum + Buffer.byteLength(m[1] as string), 0) +
        external.reduce((sum, src) => sum + statSync(path.join(CLIENT_DIR, src)).size, 0);
      expect(js, route).toBeLessThanOrEqual(5 * 1024);
      // No third-party resources: every src and stylesheet is on our own host.
      expect(html, route).not.toMatch(/<(?:script|img|iframe)[^>]+src="(?:https?:)?\/\//);
      for (const link of html.match(/<link\b[^>]*>/g) ?? []) {
        if (!/rel="canonical"/.test(link)) expect(link, route).not.toMatch(/href="(?:https?:)?\/\//);
      }
      expect(html, route).not.toMatch(/fonts\.googleapis|@import/);
    }
  });

  it('every image has its size and alt text, and images after the first load lazily', () => {
    for (const route of routes) {
      const images = [...htmlOf(route).matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
      images.forEach((img, index) => {
        expect(img, route).toMatch(/\swidth="\d+"/);
        expect(img, route).toMatch(/\sheight="\d+"/);
        expect(img, route).toMatch(/\salt="[^"]+"/);
        if (index > 0) expect(img, route).toMatch(/\sloading="lazy"/);
      });
    }
  });

  it('the example screenshots are committed in both widths, with an Open Graph JPEG, and small', async () => {
    const dir = path.join(ROOT, 'templates', 'public', 'images', 'examples');
    const files = new Set(readdirSync(dir));
    for (const trade of TRADES) {
      for (const [suffix, width, height, maxKb] of [
        ['-600.webp', 600, 375, 40],
        ['-1200.webp', 1200, 750, 80],
        ['-og.jpg', 1200, 630, 100],
      ] as const) {
        const name = `${trade.image}${suffix}`;
        expect(files.has(name), name).toBe(true);
        const meta = await sharp(path.join(dir, name)).metadata();
        expect([meta.width, meta.height], name).toEqual([width, height]);
        expect(readFileSync(path.join(dir, name)).length, name).toBeLessThan(maxKb * 1024);
      }
    }
  });
});
