import { describe, expect, it } from 'vitest';
import {
  AUTHORISATION_TRADES,
  AUTHORISATION_TYPES,
  AUTHORISATIONS,
  authorisationLine,
  authorisationRegisterLink,
  authorisationStatus,
  authorisationsFor,
  normaliseAuthorisationNumber,
} from './authorisations';
import { TRADE_PROFILES } from './trades';

describe('authorisations', () => {
  it('offers el, VVS and kloak to the trades that need them, and nothing to a painter', () => {
    expect(authorisationsFor('elektriker')).toEqual(['el']);
    expect(authorisationsFor('vvs')).toContain('vvs');
    expect(authorisationsFor('vvs')).toContain('gas');
    expect(authorisationsFor('kloakmester')).toContain('kloak');
    expect(authorisationsFor('maler')).toEqual([]);
    expect(authorisationsFor('neutral')).toEqual([]);
  });

  it('names only trades that have a profile', () => {
    const ids = new Set(TRADE_PROFILES.map((profile) => profile.id));
    for (const id of AUTHORISATION_TRADES) expect(ids.has(id), id).toBe(true);
  });

  it('reads an authorisation number as digits, whatever the owner typed around them', () => {
    expect(normaliseAuthorisationNumber('12345')).toBe('12345');
    expect(normaliseAuthorisationNumber(' 12 345 ')).toBe('12345');
    expect(normaliseAuthorisationNumber('aut. nr. 12345')).toBe('12345');
    expect(normaliseAuthorisationNumber('Nr. 4711')).toBe('4711');
    expect(normaliseAuthorisationNumber('12')).toBeNull();
    expect(normaliseAuthorisationNumber('12345678901')).toBeNull();
    expect(normaliseAuthorisationNumber('ABC123')).toBeNull();
    expect(normaliseAuthorisationNumber('')).toBeNull();
  });

  it('writes the line the site shows, and says whose statement it is', () => {
    expect(authorisationLine('el', '12345')).toBe('Autoriseret el-installatør, aut. nr. 12345');
    expect(authorisationStatus(false)).toBe('oplyst af firmaet');
    expect(authorisationStatus(true)).not.toMatch(/verificeret/);
    for (const type of AUTHORISATION_TYPES) expect(AUTHORISATIONS[type].title).not.toMatch(/verificeret/i);
  });

  it('links to the public register searched for the company', () => {
    expect(authorisationRegisterLink('99000707')).toBe(
      'https://www.sik.dk/registre/autorisationsregister?search_index=99000707',
    );
  });
});
