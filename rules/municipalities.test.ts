import { describe, expect, it } from 'vitest';
import {
  MUNICIPALITIES,
  MUNICIPALITIES_CHECKED,
  MUNICIPALITIES_SOURCE,
  MUNICIPALITY_CODES,
  municipality,
} from './municipalities';
import { isKnownPostcode, municipalitiesForPostcode } from './postcodes';

describe('municipalities', () => {
  it('lists the 98 municipalities once each, by official code', () => {
    expect(MUNICIPALITIES).toHaveLength(98);
    expect(new Set(MUNICIPALITY_CODES).size).toBe(98);
    expect(new Set(MUNICIPALITIES.map((m) => m.name)).size).toBe(98);
    for (const code of MUNICIPALITY_CODES) expect(code).toMatch(/^0[1-8]\d\d$/);
    const regions = MUNICIPALITIES.reduce<Record<string, number>>((counts, m) => {
      counts[m.region] = (counts[m.region] ?? 0) + 1;
      return counts;
    }, {});
    expect(regions).toEqual({
      Hovedstaden: 29,
      Sjælland: 17,
      Syddanmark: 22,
      Midtjylland: 19,
      Nordjylland: 11,
    });
  });

  it('names its source and the day it was read', () => {
    expect(MUNICIPALITIES_SOURCE).toContain('PostNord');
    expect(MUNICIPALITIES_CHECKED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('names them as Danes say them', () => {
    expect(municipality('0101')).toMatchObject({ name: 'København', officialName: 'Københavns Kommune' });
    expect(municipality('0751')?.name).toBe('Aarhus');
    expect(municipality('0480')?.name).toBe('Nordfyn');
    expect(municipality('0400')?.officialName).toBe('Bornholms Regionskommune');
    expect(municipality('9999')).toBeNull();
  });

  it('finds the municipalities a postcode reaches', () => {
    expect(municipalitiesForPostcode('8000')).toEqual(['0751']);
    expect(municipalitiesForPostcode('5000')).toEqual(['0461']);
    expect(municipalitiesForPostcode('4000')).toContain('0265');
    expect(municipalitiesForPostcode('3700')).toEqual(['0400']);
    expect(municipalitiesForPostcode('1060')).toEqual(['0101']);
    expect([...municipalitiesForPostcode('2000')].sort()).toEqual(['0101', '0147']);
    expect(municipalitiesForPostcode(' 6700 ')).toEqual(['0561']);
  });

  it('knows no postcode that does not exist', () => {
    expect(municipalitiesForPostcode('0000')).toEqual([]);
    expect(municipalitiesForPostcode('9999')).toEqual([]);
    expect(isKnownPostcode('1075')).toBe(false);
    expect(isKnownPostcode('7100')).toBe(true);
  });
});
