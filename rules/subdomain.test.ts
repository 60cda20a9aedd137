import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidSubdomain,
  pickSubdomain,
  RESERVED_SUBDOMAINS,
  SUBDOMAIN_MAX_LENGTH,
  subdomainFromName,
} from './subdomain';

const VALID = /^[a-z0-9]{1,30}$/;
const companyName = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom(...'abcæøåÆØÅ 1&.-'), maxLength: 45 }),
  fc.constantFrom('www', 'API', 'Admin ApS', '', 'Blog', 'x'.repeat(40)),
);

describe('subdomainFromName', () => {
  it('follows the spec example', () => {
    expect(subdomainFromName('Tømrerfirmaet Ølstykke ApS')).toBe('toemrerfirmaetoelstykkeaps');
  });

  it('removes everything but a-z and 0-9', () => {
    expect(subdomainFromName('Hansen & Søn VVS-Service I/S')).toBe('hansensoenvvsserviceis');
    expect(subdomainFromName('Murer 2000')).toBe('murer2000');
    // The spec removes other letters rather than folding them: only æ, ø and å are spelled out.
    expect(subdomainFromName('Café Åen')).toBe('cafaaen');
    expect(subdomainFromName('A\u030Arhus Tag')).toBe('aarhustag');
  });

  it('cuts to 30 characters', () => {
    expect(SUBDOMAIN_MAX_LENGTH).toBe(30);
    const name = 'Jensens Tømrer og Snedkerforretning ApS';
    expect(subdomainFromName(name)).toBe('jensenstoemrerogsnedkerforretn');
    expect(subdomainFromName(name)).toHaveLength(30);
  });

  it('falls back to "firma" when nothing usable is left', () => {
    expect(subdomainFromName('')).toBe('firma');
    expect(subdomainFromName('!!! ---')).toBe('firma');
  });
});

describe('pickSubdomain', () => {
  it('uses the base when free', () => {
    expect(pickSubdomain('Murer Hansen', ['tomrerhansen'])).toBe('murerhansen');
  });

  it('adds a numeric suffix from 2', () => {
    expect(pickSubdomain('Murer Hansen', ['murerhansen'])).toBe('murerhansen2');
    expect(pickSubdomain('Murer Hansen', ['murerhansen', 'murerhansen2'])).toBe('murerhansen3');
  });

  it('cuts the base so the suffix fits in 30 characters', () => {
    const base = 'a'.repeat(30);
    expect(pickSubdomain(base, [base])).toBe(`${'a'.repeat(29)}2`);
    const taken = [base, ...Array.from({ length: 8 }, (_, i) => `${'a'.repeat(29)}${i + 2}`)];
    expect(pickSubdomain(base, taken)).toBe(`${'a'.repeat(28)}10`);
  });

  it('treats reserved names as taken', () => {
    expect(RESERVED_SUBDOMAINS.has('www')).toBe(true);
    expect(pickSubdomain('WWW', [])).toBe('www2');
    expect(pickSubdomain('Admin', [])).toBe('admin2');
    expect(pickSubdomain('NS', ['ns'])).toBe('ns3');
  });

  it('compares with taken names case-insensitively', () => {
    expect(pickSubdomain('Murer', ['MURER'])).toBe('murer2');
  });

  it('never returns a taken or reserved name, and always a valid subdomain', () => {
    fc.assert(
      fc.property(companyName, fc.array(fc.string({ maxLength: 10 })), fc.nat(12), (name, noise, clashes) => {
        const base = subdomainFromName(name);
        const near = Array.from({ length: clashes }, (_, i) => {
          const suffix = String(i + 2);
          return base.slice(0, SUBDOMAIN_MAX_LENGTH - suffix.length) + suffix;
        });
        const taken = [...noise, base, ...near];
        const result = pickSubdomain(name, taken);
        expect(taken).not.toContain(result);
        expect(RESERVED_SUBDOMAINS.has(result)).toBe(false);
        expect(result).toMatch(VALID);
        expect(isValidSubdomain(result)).toBe(true);
      }),
    );
  });

  it('returns the base itself whenever it is free', () => {
    fc.assert(
      fc.property(companyName, (name) => {
        const base = subdomainFromName(name);
        fc.pre(!RESERVED_SUBDOMAINS.has(base));
        expect(pickSubdomain(name, [])).toBe(base);
      }),
    );
  });
});

describe('isValidSubdomain', () => {
  it('accepts 1 to 30 characters of a-z and 0-9 only', () => {
    expect(isValidSubdomain('a')).toBe(true);
    expect(isValidSubdomain('firma123')).toBe(true);
    expect(isValidSubdomain('a'.repeat(30))).toBe(true);
    expect(isValidSubdomain('a'.repeat(31))).toBe(false);
    expect(isValidSubdomain('')).toBe(false);
    expect(isValidSubdomain('Firma')).toBe(false);
    expect(isValidSubdomain('my-firm')).toBe(false);
    expect(isValidSubdomain('tømrer')).toBe(false);
  });
});
