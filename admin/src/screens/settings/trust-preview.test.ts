import { describe, expect, it } from 'vitest';
import type { TrustSettingsBody } from '../../../../contracts/trust';
import { trustPreviewBody } from './trust-preview';

const FILLED: TrustSettingsBody = {
  authorisation: { type: 'el', number: '12345' },
  schemes: ['tekniq-garanti'],
  schemesConfirmed: true,
  deductionShown: true,
  area: { mode: 'municipalities', codes: ['0101'] },
  emergency: { enabled: true, phone: '70 20 30 40', hours: 'always' },
};

describe('the Troværdighed preview while the owner types (issue 49)', () => {
  it('previews a complete form as it is', () => {
    expect(trustPreviewBody(FILLED)).toEqual(FILLED);
  });

  it('leaves out an authorisation whose number is empty or half typed, and keeps the rest', () => {
    for (const number of ['', '1', '12a']) {
      expect(trustPreviewBody({ ...FILLED, authorisation: { type: 'el', number } })).toEqual({
        ...FILLED,
        authorisation: null,
      });
    }
  });

  it('leaves out schemes not yet confirmed, an empty kommune list and a døgnvagt without its phone', () => {
    expect(
      trustPreviewBody({
        ...FILLED,
        schemesConfirmed: false,
        area: { mode: 'municipalities', codes: [] },
        emergency: { enabled: true, phone: '', hours: 'always' },
      }),
    ).toEqual({
      ...FILLED,
      schemes: [],
      schemesConfirmed: false,
      area: { mode: 'none' },
      emergency: { enabled: false, phone: '', hours: 'always' },
    });
  });
});
