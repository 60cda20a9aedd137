import { describe, expect, it } from 'vitest';
import { findTradeProfile, NEUTRAL_PROFILE } from './index';

function id(industryCode: string | null, industryDesc: string, companyName: string): string {
  return findTradeProfile({ industryCode, industryDesc, companyName }).id;
}

describe('findTradeProfile', () => {
  it('takes the trade a company name names over a shared code (issue 23)', () => {
    expect(id('433400', 'Malerforretninger og glarmestre', 'Glarmester Nielsen & Co. A/S')).toBe(
      'glarmester',
    );
    expect(id('433400', 'Malerforretninger og glarmestre', 'Malerfirmaet Hansen')).toBe('maler');
    // A name naming neither of the code's trades leaves the first the registry names.
    expect(id('433400', 'Malerforretninger og glarmestre', 'Nielsen & Søn ApS')).toBe('maler');
    expect(id('432200', 'VVS- og blikkenslagerforretninger', 'Hansens Blikkenslageri')).toBe('blikkenslager');
    expect(id('432200', 'VVS- og blikkenslagerforretninger', 'Eksempel VVS & Blik ApS')).toBe('vvs');
    expect(id('432200', 'VVS- og blikkenslagerforretninger', 'Holm ApS')).toBe('vvs');
    expect(id('439100', 'Tagdækning', 'Tækkemand Ole Lund')).toBe('taekkemand');
    expect(id('439100', 'Tagdækning', 'Vestjysk Tag ApS')).toBe('tagdaekker');
  });

  it('takes the trade a company name names over a generic code (issue 23)', () => {
    expect(id('439990', 'Anden bygge- og anlægsvirksomhed i.a.n.', 'Kloakmester Jens Holm ApS')).toBe(
      'kloakmester',
    );
    expect(id('412000', 'Opførelse af nye bygninger', 'Tømrermester Bent Olsen')).toBe('tomrer');
    expect(id('439990', 'Anden bygge- og anlægsvirksomhed i.a.n.', 'Holm Byg ApS')).toBe('entreprenor');
    // No code, or one no profile knows, and a description naming no trade: the name decides.
    expect(id(null, 'Anden rådgivning', 'Låsesmeden ApS')).toBe('laasesmed');
    expect(id('960900', 'Anden personlig service i.a.n.', 'Vinduespudser Ole Berg')).toBe('vinduespudser');
    expect(findTradeProfile({ industryDesc: 'Anden rådgivning', companyName: 'Jensen ApS' })).toBe(
      NEUTRAL_PROFILE,
    );
  });

  it('keeps a specific code over a name that names another trade', () => {
    expect(id('433200', 'Tømrer- og bygningssnedkervirksomhed', 'Malerfirmaet Hansen')).toBe('tomrer');
    expect(id('43.32.00', 'Noget andet', '')).toBe('tomrer');
    expect(id('812210', 'Vinduespudsning', 'Smedegaard Service')).toBe('vinduespudser');
  });

  it('reads a description without a code part by part', () => {
    expect(id(null, 'Tømrer- og bygningssnedkervirksomhed', 'Malerfirmaet Hansen')).toBe('tomrer');
    expect(id(null, 'Kloakmester- og anlægsarbejde', 'Kloak & Anlæg Eksempel ApS')).toBe('kloakmester');
    expect(id(null, 'Kloakmester- og anlægsarbejde', 'Holm ApS')).toBe('kloakmester');
    expect(id(null, 'Malerforretninger og glarmestre', 'Glarmester Nielsen & Co. A/S')).toBe('glarmester');
  });

  it('reads a name word by word: the first trade named, the longest stem, no look-alikes', () => {
    const generic = ['439990', 'Anden bygge- og anlægsvirksomhed i.a.n.'] as const;
    expect(id(...generic, 'Låsesmeden Eksempel')).toBe('laasesmed');
    expect(id(...generic, 'Jensen Smed & Låse')).toBe('smed');
    expect(id(...generic, 'Autoriseret Kloakmester Holm')).toBe('kloakmester');
    expect(id(...generic, 'Smedegaard Byg ApS')).toBe('entreprenor');
    // A stem inside a word is no trade: 'Klokkeblomst' holds no 'kloak', 'Holmstag' no 'tag'.
    expect(id(...generic, 'Bymaleriet ApS')).toBe('entreprenor');
  });
});
