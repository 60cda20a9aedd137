import { describe, expect, it } from 'vitest';
import { acceptedEncodings, etagMatches } from './negotiation';

describe('acceptedEncodings', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['gzip, deflate, br', ['br', 'gzip']],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['BR', ['br']],
    ['br;q=0, gzip', ['gzip']],
    ['br; q=0.0, gzip;q=0', []],
    ['gzip;q=1, br;q=0.5', ['gzip', 'br']],
    ['br;q=0.8, gzip;q=0.8', ['br', 'gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0', []],
    ['gzip, *;q=0', ['gzip']],
    ['identity', []],
    ['x-gzip', ['gzip']],
    ['br;q=nonsense', []],
  ])('%s', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe('etagMatches', () => {
  it('compares weakly against a list', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abc-br"', '"abc"')).toBe(false);
    expect(etagMatches('abc', '"abc"')).toBe(false);
  });
});
