import { describe, expect, it } from 'vitest';
import { GUARANTEE_SCHEME_IDS, GUARANTEE_SCHEMES, guaranteeScheme, schemesFor } from './guarantee-schemes';
import { TRADE_PROFILES } from './trades';

describe('guarantee schemes and memberships', () => {
  it('has the schemes the issue names, each with who may claim it, its page and a source', () => {
    for (const id of [
      'byg-garanti',
      'tekniq-garanti',
      'malermestre-garanti',
      'dansk-byggeri',
      'tekniq',
      'dansk-haandvaerk',
    ]) {
      expect(guaranteeScheme(id), id).not.toBeNull();
    }
    for (const scheme of GUARANTEE_SCHEMES) {
      expect(scheme.id).toMatch(/^[a-z-]+$/);
      expect(scheme.url, scheme.id).toMatch(/^https:\/\/[^\s]+$/);
      expect(scheme.source, scheme.id).toMatch(/https:\/\//);
      expect(scheme.who.length, scheme.id).toBeGreaterThan(20);
      expect(scheme.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(GUARANTEE_SCHEMES.map((scheme) => scheme.id)).toEqual([...GUARANTEE_SCHEME_IDS]);
    expect(new Set(GUARANTEE_SCHEME_IDS).size).toBe(GUARANTEE_SCHEMES.length);
  });

  it("offers each trade only the schemes it can belong to (issue 48: a carpenter ticked TEKNIQ's)", () => {
    expect(schemesFor('tomrer')).toEqual([
      'byg-garanti',
      'dansk-haandvaerk-garanti',
      'dansk-byggeri',
      'dansk-haandvaerk',
    ]);
    expect(schemesFor('elektriker')).toContain('tekniq');
    expect(schemesFor('elektriker')).not.toContain('danske-malermestre');
    expect(schemesFor('maler')).toContain('malermestre-garanti');
    expect(schemesFor('kloakmester')).toContain('danske-kloakmestre');
    expect(schemesFor('frisor')).toEqual([]);
    // Every scheme is open to some trade with a profile.
    const ids = new Set(TRADE_PROFILES.flatMap((profile) => schemesFor(profile.id)));
    expect([...GUARANTEE_SCHEME_IDS].filter((id) => !ids.has(id))).toEqual([]);
  });
});
