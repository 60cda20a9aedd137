import { describe, expect, it } from 'vitest';
import { shortCompanyName } from './short-name';

describe('shortCompanyName', () => {
  it.each([
    ['Hansen Tømrer- og Snedkerforretning ApS', 'Hansen Tømrer- og Snedkerforretning'],
    ['Tømrer Hansen v/Jens Hansen', 'Tømrer Hansen'],
    ['Eksempel VVS & Blik ApS', 'Eksempel VVS & Blik'],
    ['Glarmester Nielsen & Co. A/S', 'Glarmester Nielsen'],
    ['Glarmester Nielsen & Co A/S', 'Glarmester Nielsen'],
    ['Nielsen & Co. A/S', 'Nielsen & Co'],
    ['Murermester Eksempel & Søn', 'Murermester Eksempel & Søn'],
    ['Hansen og Co', 'Hansen og Co'],
    ['Tømrer Hansen og Co.', 'Tømrer Hansen'],
    ['Blogco ApS', 'Blogco'],
    ['ApS', 'ApS'],
  ])('%s → %s', (name, short) => {
    expect(shortCompanyName(name)).toBe(short);
  });
});
