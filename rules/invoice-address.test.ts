import { describe, expect, it } from 'vitest';
import { isFullAddress } from './invoice-address';

describe('the buyer address a full invoice names', () => {
  it('takes a street, a number and a postcode, on one line or more', () => {
    expect(isFullAddress('Algade 3, 4600 Køge')).toBe(true);
    expect(isFullAddress('Skt. Pauls Gade 12, 2. th.\n8000 Aarhus C')).toBe(true);
    expect(isFullAddress('Vestergade 1B\n4000 Roskilde')).toBe(true);
  });

  it("refuses the postcode alone that a site's request brings, and a street without a postcode", () => {
    expect(isFullAddress('4600')).toBe(false);
    expect(isFullAddress('4600 Køge')).toBe(false);
    expect(isFullAddress('Algade 3')).toBe(false);
    expect(isFullAddress('')).toBe(false);
  });
});
