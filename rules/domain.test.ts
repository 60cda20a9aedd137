import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../tests/support/lane';
import {
  domainTwin,
  isValidWebsiteUrl,
  normalizeCustomDomain,
  normalizeHost,
  normalizeWebsiteUrl,
  websiteUrlMessage,
} from './domain';

describe('normalizeCustomDomain', () => {
  it('adds https:// when no scheme is given', () => {
    expect(normalizeCustomDomain('www.firma.dk')).toEqual({
      hostname: 'www.firma.dk',
      url: 'https://www.firma.dk',
    });
    expect(normalizeCustomDomain('  firma.dk  ')).toEqual({ hostname: 'firma.dk', url: 'https://firma.dk' });
  });

  it('keeps only the hostname, lowercased, and always uses https', () => {
    expect(normalizeCustomDomain('HTTP://WWW.Firma.DK:8080/om-os?x=1#top')).toEqual({
      hostname: 'www.firma.dk',
      url: 'https://www.firma.dk',
    });
    expect(normalizeCustomDomain('https://firma.dk.')?.hostname).toBe('firma.dk');
  });

  it('converts a Danish IDN hostname to punycode', () => {
    const result = normalizeCustomDomain('tømrer.dk');
    expect(result?.hostname).toBe('xn--tmrer-vua.dk');
    expect(result?.url).toBe('https://xn--tmrer-vua.dk');
  });

  it("ignores a hostname without a dot (the spec's Validation rules)", () => {
    expect(normalizeCustomDomain('firma')).toBeNull();
    expect(normalizeCustomDomain('https://firma/')).toBeNull();
  });

  it('rejects empty input, other schemes, IP addresses and local names', () => {
    for (const input of [
      '',
      '   ',
      'ftp://firma.dk',
      'javascript:alert(1)',
      'mailto:info@firma.dk',
      'info@firma.dk',
      'https://user:pw@firma.dk',
      '192.168.1.10',
      'http://10.0.0.1:8080',
      '[::1]',
      'https://[2001:db8::1]/',
      'localhost',
      'localhost:3000',
      'app.localhost',
      'firma.dk..',
      '.dk',
      'firma..dk',
      'firma.1',
      'firma.d',
      '-firma.dk',
      'firma-.dk',
      'fir_ma.dk',
      'firma .dk',
      'https://',
    ]) {
      expect(normalizeCustomDomain(input), input).toBeNull();
    }
  });

  it('only ever returns a dotted, lowercase https hostname', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.domain()), (input) => {
        const result = normalizeCustomDomain(input);
        if (result === null) return;
        expect(result.hostname).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
        expect(result.url).toBe(`https://${result.hostname}`);
      }),
      // fast-check's webUrl() takes most of the time (16 ms a case, the rule 0.015 ms).
      { numRuns: propertyRuns(100) },
    );
  });

  it('accepts every generated domain name', () => {
    fc.assert(
      fc.property(fc.domain(), (domain) => {
        // fc.domain() may produce single-letter or numeric-looking TLDs, which this rule rejects.
        fc.pre(/\.[a-z]{2,}$/.test(domain));
        // A generated 'xn--' label is usually not valid punycode, which URL rightly refuses.
        fc.pre(!/(^|\.)xn--/.test(domain));
        expect(normalizeCustomDomain(domain)?.hostname).toBe(domain.toLowerCase());
      }),
    );
  });
});

describe('isValidWebsiteUrl', () => {
  it('accepts http(s) addresses with a dotted hostname, scheme optional', () => {
    expect(isValidWebsiteUrl('www.firma.dk')).toBe(true);
    expect(isValidWebsiteUrl('http://firma.dk/kontakt')).toBe(true);
    expect(isValidWebsiteUrl('https://tømrer.dk')).toBe(true);
  });

  it('rejects what the custom domain rule rejects', () => {
    expect(isValidWebsiteUrl('firma')).toBe(false);
    expect(isValidWebsiteUrl('ftp://firma.dk')).toBe(false);
    expect(isValidWebsiteUrl('')).toBe(false);
    expect(isValidWebsiteUrl('127.0.0.1')).toBe(false);
  });
});

describe('normalizeWebsiteUrl', () => {
  it('keeps scheme, path and query but drops the fragment', () => {
    expect(normalizeWebsiteUrl('firma.dk')).toBe('https://firma.dk/');
    expect(normalizeWebsiteUrl('http://Firma.dk/om?x=1#top')).toBe('http://firma.dk/om?x=1');
    expect(normalizeWebsiteUrl('firma')).toBeNull();
  });
});

describe('websiteUrlMessage', () => {
  it('words the message exactly as the spec', () => {
    expect(websiteUrlMessage()).toBe('Indtast venligst en gyldig webadresse (f.eks. www.ditfirma.dk)');
    expect(websiteUrlMessage('murer.dk')).toBe('Indtast venligst en gyldig webadresse (f.eks. murer.dk)');
  });
});

describe('normalizeHost', () => {
  it('lowercases and strips the port and trailing dot', () => {
    expect(normalizeHost('Firma.DK')).toBe('firma.dk');
    expect(normalizeHost('hansen.mesterside.dk:8080')).toBe('hansen.mesterside.dk');
    expect(normalizeHost('firma.dk.')).toBe('firma.dk');
    expect(normalizeHost('localhost:3000')).toBe('localhost');
  });

  it('handles bracketed IPv6 with a port', () => {
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
    expect(normalizeHost('[2001:DB8::1]')).toBe('[2001:db8::1]');
  });

  it('converts Unicode hostnames to punycode', () => {
    expect(normalizeHost('tømrer.dk')).toBe('xn--tmrer-vua.dk');
    expect(normalizeHost('hansen.mestersíde.dk')).toBe(new URL('http://hansen.mestersíde.dk').hostname);
  });

  it('returns an empty string for garbage', () => {
    for (const input of [
      '',
      '   ',
      'a b',
      'firma.dk/path',
      'user@firma.dk',
      'firma.dk:99999',
      'firma.dk:x',
      ':80',
    ]) {
      expect(normalizeHost(input), input).toBe('');
    }
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.domain()), (host) => {
        const once = normalizeHost(host);
        expect(normalizeHost(once)).toBe(once);
      }),
    );
  });
});

describe('domainTwin', () => {
  it.each([
    ['www.eksempel.dk', 'eksempel.dk'],
    ['eksempel.dk', 'www.eksempel.dk'],
    ['www.xn--tmrer-vua.dk', 'xn--tmrer-vua.dk'],
  ])('%s ↔ %s', (domain, twin) => {
    expect(domainTwin(domain)).toBe(twin);
    expect(domainTwin(twin)).toBe(domain);
  });
});
