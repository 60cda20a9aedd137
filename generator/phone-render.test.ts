// Issue 49 item 13: a phone number typed without spaces ('33445566', '+4570203040') is shown on the
// site the Danish way, in pairs ('33 44 55 66'), everywhere the site shows it — the hero's Ring
// button, the Kontakt section, the call bar, the trust block's døgnvagt — while every tel: link keeps
// the digits (+45…). Rendered with the built templates (`npm run build` first; `npm test` does).
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SITES } from '../tests/fixtures/sites';
import { loadSiteRenderer } from './astro-renderer';
import type { SiteModel } from './site-model';

/** The electrician's homepage with both numbers as an owner may type them: no spaces at all. */
function typedAsDigits(): SiteModel {
  const model = structuredClone(FIXTURE_SITES.el) as SiteModel;
  model.company.phone = '33445566';
  if (model.trust?.emergency) model.trust.emergency.phone = '+4570203040';
  return model;
}

let html = '';

beforeAll(async () => {
  const renderer = await loadSiteRenderer();
  const model = typedAsDigits();
  const [home] = model.pages;
  html = await renderer.renderPage({ site: model, page: home ?? null });
});

/** What a visitor reads: tags, scripts and JSON-LD out, no-break spaces as spaces. */
function text(source: string): string {
  return source
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\s\u00a0]+/g, ' ');
}

describe('phone numbers on the site (issue 49)', () => {
  it('are shown in pairs wherever the page shows them, never as typed', () => {
    const visible = text(html);
    expect(visible).toContain('33 44 55 66');
    expect(visible).toContain('70 20 30 40');
    expect(visible).not.toMatch(/33445566|4570203040|70203040/);
    // Every place: the Kontakt section, the call bar and the døgnvagt in the trust block.
    expect(html.match(/33\u00a044\u00a055\u00a066/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(html.match(/70\u00a020\u00a030\u00a040/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });

  it('keep the digits in every tel: link', () => {
    const links = [...html.matchAll(/href="tel:([^"]*)"/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(new Set(links)).toEqual(new Set(['+4533445566', '+4570203040']));
  });
});
