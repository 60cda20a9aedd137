// The demo registry: fictional companies only (every CVR fails the modulus-11 check), one per trade,
// none colliding with the seeded demo companies, and the not-found message for anything else.
import { describe, expect, it } from 'vitest';
import { createDemoRegistry, DEMO_REGISTRY_COMPANIES, DEMO_TRADES } from '../../api/onboarding/demo-registry';
import { AppError } from '../../lib/errors';
import { isValidCvr } from '../../rules/cvr';
import { MESSAGES } from '../../rules/messages';
import { DEMO_COMPANIES } from '../../scripts/seed/demo-companies';

const WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1];
function passesModulus11(cvr: string): boolean {
  const sum = [...cvr].reduce((total, digit, index) => total + Number(digit) * (WEIGHTS[index] ?? 0), 0);
  return sum % 11 === 0;
}

describe('demo CVR registry', () => {
  const cvrs = DEMO_REGISTRY_COMPANIES.map(({ company }) => company.cvr);

  it('knows the check it relies on: a real-looking CVR passes modulus 11', () => {
    // 2·1+7·0+6·0+5·0+4·0+3·0+2·0+1·9 = 11
    expect(passesModulus11('10000009')).toBe(true);
  });

  it('uses only valid-looking CVRs that fail modulus 11, unique, and not the seeded ones', () => {
    const seeded = new Set(DEMO_COMPANIES.map(({ company }) => company.cvr));
    expect(new Set(cvrs).size).toBe(cvrs.length);
    for (const cvr of cvrs) {
      expect(isValidCvr(cvr), cvr).toBe(true);
      expect(passesModulus11(cvr), cvr).toBe(false);
      expect(seeded.has(cvr), cvr).toBe(false);
      expect(['12345678', '87654321', '11223344']).not.toContain(cvr);
    }
  });

  it('has at least one company per trade, marked fictional, with every field filled', () => {
    for (const trade of DEMO_TRADES) {
      expect(
        DEMO_REGISTRY_COMPANIES.some((entry) => entry.trade === trade),
        trade,
      ).toBe(true);
    }
    const towns = new Set(DEMO_REGISTRY_COMPANIES.map(({ company }) => company.city));
    expect(towns.size).toBe(DEMO_REGISTRY_COMPANIES.length);
    for (const { company } of DEMO_REGISTRY_COMPANIES) {
      expect(company.name).toContain('Eksempel');
      expect(company.email).toMatch(/^[^@\s]+@[^@\s]+\.example$/);
      expect(company.zipcode).toMatch(/^\d{4}$/);
      for (const field of ['address', 'city', 'phone', 'industrydesc', 'companydesc', 'startdate'] as const) {
        expect(company[field], `${company.cvr} ${field}`).not.toBe('');
      }
    }
  });

  it('answers a known CVR with a copy and an unknown one with the not-found message', async () => {
    const registry = createDemoRegistry();
    const first = DEMO_REGISTRY_COMPANIES[0]?.company;
    const found = await registry.lookup(first?.cvr ?? '');
    expect(found).toEqual(first);
    found.name = 'Ændret';
    expect((await registry.lookup(first?.cvr ?? '')).name).toBe(first?.name);

    for (const cvr of ['12345678', '99999999']) {
      const error = await registry.lookup(cvr).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('not_found');
      expect((error as AppError).message).toBe(MESSAGES.cvrNotFound);
    }
  });
});
