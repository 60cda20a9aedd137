import { describe, expect, it } from 'vitest';
import { checkLinkAddress, pageTargets } from './link-address';
import { MESSAGES } from './messages';
import { ownerLinkHref } from './page-content';
import { PAGE_MESSAGES } from './page-messages';

const PAGES = pageTargets([
  { pageName: 'Forside', slug: 'forside', type: 'homepage' },
  { pageName: 'Priser', slug: 'priser', type: 'page' },
  { pageName: 'Om os', slug: 'om-os', type: 'page' },
]);

describe('checkLinkAddress', () => {
  it('accepts web, mail, phone, path and page addresses, as the hrefs they stand for', () => {
    expect(checkLinkAddress('firma.dk')).toEqual({ ok: true, href: 'https://firma.dk' });
    expect(checkLinkAddress(' https://www.firma.dk/side ')).toEqual({
      ok: true,
      href: 'https://www.firma.dk/side',
    });
    expect(checkLinkAddress('www.firma.dk')).toEqual({ ok: true, href: 'https://www.firma.dk' });
    expect(checkLinkAddress('www.tømrer-jensen.dk/om')).toEqual({
      ok: true,
      href: 'https://www.tømrer-jensen.dk/om',
    });
    expect(checkLinkAddress('https://a.dk/x_(y)?b=1#c')).toEqual({
      ok: true,
      href: 'https://a.dk/x_(y)?b=1#c',
    });
    expect(checkLinkAddress('info@firma.dk')).toEqual({ ok: true, href: 'mailto:info@firma.dk' });
    expect(checkLinkAddress('mailto:info@firma.dk')).toEqual({ ok: true, href: 'mailto:info@firma.dk' });
    expect(checkLinkAddress('12 34 56 78')).toEqual({ ok: true, href: 'tel:12345678' });
    expect(checkLinkAddress('+45 12 34 56 78')).toEqual({ ok: true, href: 'tel:+4512345678' });
    expect(checkLinkAddress('tel:+4512345678')).toEqual({ ok: true, href: 'tel:+4512345678' });
    expect(checkLinkAddress('/kontakt')).toEqual({ ok: true, href: '/kontakt' });
    expect(checkLinkAddress('#kontakt')).toEqual({ ok: true, href: '#kontakt' });
  });

  it('finds a page of the site by its name or address', () => {
    // Issue 40: "priser" was refused although the site has a page of that name.
    expect(checkLinkAddress('priser', PAGES)).toEqual({ ok: true, href: '/priser' });
    expect(checkLinkAddress('Om os', PAGES)).toEqual({ ok: true, href: '/om-os' });
    expect(checkLinkAddress('/priser', PAGES)).toEqual({ ok: true, href: '/priser' });
    expect(checkLinkAddress('Forside', PAGES)).toEqual({ ok: true, href: '/' });
    expect(checkLinkAddress('priser')).toEqual({ ok: false, message: PAGE_MESSAGES.linkAddressInvalid });
  });

  it('refuses a web address without a real host name, in Danish', () => {
    for (const bad of [
      'www.google',
      'https://www.google',
      'http://localhost:3000',
      'firma.localhost',
      'https://192.168.1.1/x',
      '10.0.0.1',
      'navn@www.google',
      'mailto:navn@localhost.dk.localhost',
    ]) {
      expect(checkLinkAddress(bad), bad).toEqual({ ok: false, message: MESSAGES.invalidWebsiteUrl() });
    }
    expect(MESSAGES.invalidWebsiteUrl()).toBe(
      'Indtast venligst en gyldig webadresse (f.eks. www.ditfirma.dk)',
    );
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
      '/\\evil.example',
      'https:evil',
      'ftp://firma.dk',
      'hej med dig',
      'firma',
      'mailto:ikke-en-email',
      'tel:ring',
      '#',
    ]) {
      expect(checkLinkAddress(bad), bad).toEqual({ ok: false, message: PAGE_MESSAGES.linkAddressInvalid });
    }
  });

  it('accepts only hrefs the site keeps as links', () => {
    for (const typed of [
      'firma.dk',
      'info@firma.dk',
      '12 34 56 78',
      '/kontakt',
      '#kontakt',
      'priser',
      'https://a.dk/x_(y)',
    ]) {
      const check = checkLinkAddress(typed, PAGES);
      if (!check.ok) throw new Error(typed);
      expect(ownerLinkHref(check.href), typed).not.toBeNull();
    }
  });
});
