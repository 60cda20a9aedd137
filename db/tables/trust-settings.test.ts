// The trust settings repository on both dialects: defaults without a row, a save and a read back,
// the operator's check surviving only an unchanged authorisation, the list of numbers to check.
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { deleteCompany, insertCompany } from './companies';
import {
  DEFAULT_TRUST_SETTINGS,
  getTrustSettings,
  listAuthorisationsToCheck,
  listCheckedAuthorisations,
  listCheckedSchemes,
  listSchemesToCheck,
  markAuthorisationChecked,
  saveTrustSettings,
  setSchemeChecked,
  type TrustSettingsInput,
  unmarkAuthorisationChecked,
} from './trust-settings';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));

const input = (changes: Partial<TrustSettingsInput> = {}): TrustSettingsInput => ({
  authorisation: { type: 'el', number: '12345' },
  schemes: ['tekniq-garanti', 'tekniq'],
  deductionShown: true,
  area: { mode: 'municipalities', codes: ['0101', '0147', '0157'] },
  emergency: { enabled: true, phone: '70 20 30 40', hours: 'always' },
  ...changes,
});

describeEachDialect('trust settings repository', (use) => {
  it('has the defaults before anything is saved, and reads back what was saved', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Eksempel El' });
    expect(await getTrustSettings(db, '11111111')).toEqual(DEFAULT_TRUST_SETTINGS);
    const saved = await saveTrustSettings(db, '11111111', input(), at(0));
    expect(saved).toEqual({
      authorisation: { type: 'el', number: '12345', enteredAt: at(0).toISOString(), checkedAt: null },
      schemes: ['tekniq-garanti', 'tekniq'],
      schemesConfirmedAt: at(0).toISOString(),
      schemesChecked: [],
      deductionShown: true,
      area: { mode: 'municipalities', codes: ['0101', '0147', '0157'] },
      emergency: { enabled: true, phone: '70 20 30 40', hours: 'always' },
    });
    expect(await getTrustSettings(db, '11111111')).toEqual(saved);
    const radius = await saveTrustSettings(
      db,
      '11111111',
      input({ authorisation: null, schemes: [], deductionShown: false, area: { mode: 'radius', km: 40 } }),
      at(1),
    );
    expect(radius).toMatchObject({
      authorisation: null,
      schemes: [],
      schemesConfirmedAt: null,
      deductionShown: false,
      area: { mode: 'radius', km: 40 },
    });
  });

  it('keeps the operator check while the authorisation is unchanged, and drops it when it changes', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Eksempel El' });
    await insertCompany(db, { cvr: '22222222', name: 'Eksempel VVS' });
    await saveTrustSettings(db, '11111111', input(), at(0));
    await saveTrustSettings(db, '22222222', input({ authorisation: { type: 'vvs', number: '777' } }), at(1));
    expect(
      (await listAuthorisationsToCheck(db)).map((row) => [row.cvr, row.companyName, row.number]),
    ).toEqual([
      ['11111111', 'Eksempel El', '12345'],
      ['22222222', 'Eksempel VVS', '777'],
    ]);

    // A number the owner has changed since is not marked.
    expect(await markAuthorisationChecked(db, '11111111', { type: 'el', number: '99999' }, at(2))).toBe(
      false,
    );
    expect(await markAuthorisationChecked(db, '11111111', { type: 'el', number: '12345' }, at(2))).toBe(true);
    expect((await getTrustSettings(db, '11111111')).authorisation?.checkedAt).toBe(at(2).toISOString());
    expect((await listAuthorisationsToCheck(db)).map((row) => row.cvr)).toEqual(['22222222']);

    // Saving the same authorisation again (another field changed) keeps the check and its date.
    await saveTrustSettings(db, '11111111', input({ deductionShown: false }), at(3));
    expect((await getTrustSettings(db, '11111111')).authorisation).toEqual({
      type: 'el',
      number: '12345',
      enteredAt: at(0).toISOString(),
      checkedAt: at(2).toISOString(),
    });

    // A new number is the company's word again until it is checked.
    await saveTrustSettings(db, '11111111', input({ authorisation: { type: 'el', number: '54321' } }), at(4));
    expect((await getTrustSettings(db, '11111111')).authorisation).toMatchObject({
      number: '54321',
      enteredAt: at(4).toISOString(),
      checkedAt: null,
    });
    expect((await listAuthorisationsToCheck(db)).map((row) => row.cvr)).toEqual(['22222222', '11111111']);
  });

  it('goes with its company', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Eksempel El' });
    await saveTrustSettings(db, '11111111', input(), at(0));
    await deleteCompany(db, '11111111');
    expect(await listAuthorisationsToCheck(db)).toEqual([]);
    expect(await getTrustSettings(db, '11111111')).toEqual(DEFAULT_TRUST_SETTINGS);
  });

  it('checks schemes one by one, keeps a check while the scheme stays claimed, and lists what is due and what is checked (issue 48)', async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Eksempel El' });
    await insertCompany(db, { cvr: '22222222', name: 'Eksempel VVS' });
    await saveTrustSettings(db, '11111111', input(), at(0));
    await saveTrustSettings(db, '22222222', input({ schemes: ['tekniq'] }), at(1));
    expect((await listSchemesToCheck(db)).map((row) => [row.cvr, row.schemes, row.at])).toEqual([
      ['11111111', ['tekniq-garanti', 'tekniq'], at(0).toISOString()],
      ['22222222', ['tekniq'], at(1).toISOString()],
    ]);
    // Only a claimed scheme, and only once.
    expect(await setSchemeChecked(db, '11111111', 'dansk-byggeri', true, at(2))).toBe(false);
    expect(await setSchemeChecked(db, '11111111', 'tekniq', true, at(2))).toBe(true);
    expect(await setSchemeChecked(db, '11111111', 'tekniq', true, at(2))).toBe(false);
    expect((await getTrustSettings(db, '11111111')).schemesChecked).toEqual(['tekniq']);
    expect((await listSchemesToCheck(db)).map((row) => [row.cvr, row.schemes])).toEqual([
      ['11111111', ['tekniq-garanti']],
      ['22222222', ['tekniq']],
    ]);
    // Every claimed scheme checked: off the list to check, on the list of checks.
    expect(await setSchemeChecked(db, '22222222', 'tekniq', true, at(3))).toBe(true);
    expect((await listSchemesToCheck(db)).map((row) => row.cvr)).toEqual(['11111111']);
    expect((await listCheckedSchemes(db)).map((row) => [row.cvr, row.schemes, row.at])).toEqual([
      ['22222222', ['tekniq'], at(3).toISOString()],
      ['11111111', ['tekniq'], at(2).toISOString()],
    ]);

    // The owner saves with the scheme kept: still checked; without it: gone, and ticked again: unchecked.
    await saveTrustSettings(db, '22222222', input({ schemes: ['tekniq'], deductionShown: false }), at(4));
    expect((await getTrustSettings(db, '22222222')).schemesChecked).toEqual(['tekniq']);
    await saveTrustSettings(db, '22222222', input({ schemes: [] }), at(5));
    await saveTrustSettings(db, '22222222', input({ schemes: ['tekniq'] }), at(6));
    expect((await getTrustSettings(db, '22222222')).schemesChecked).toEqual([]);
    expect((await listCheckedSchemes(db)).map((row) => row.cvr)).toEqual(['11111111']);
    expect((await listSchemesToCheck(db)).map((row) => row.cvr)).toEqual(['11111111', '22222222']);

    // Taken back: due again.
    expect(await setSchemeChecked(db, '11111111', 'tekniq', false, at(7))).toBe(true);
    expect(await setSchemeChecked(db, '11111111', 'tekniq', false, at(7))).toBe(false);
    expect(await listCheckedSchemes(db)).toEqual([]);
    expect((await listSchemesToCheck(db))[0]).toMatchObject({
      cvr: '11111111',
      schemes: ['tekniq-garanti', 'tekniq'],
    });
  });

  it("takes back an authorisation's check only for the number that was checked", async () => {
    const { db } = use();
    await insertCompany(db, { cvr: '11111111', name: 'Eksempel El' });
    await saveTrustSettings(db, '11111111', input(), at(0));
    expect(await unmarkAuthorisationChecked(db, '11111111', { type: 'el', number: '12345' })).toBe(false);
    await markAuthorisationChecked(db, '11111111', { type: 'el', number: '12345' }, at(1));
    expect((await listCheckedAuthorisations(db)).map((row) => [row.cvr, row.checkedAt])).toEqual([
      ['11111111', at(1).toISOString()],
    ]);
    expect(await unmarkAuthorisationChecked(db, '11111111', { type: 'el', number: '99999' })).toBe(false);
    expect(await unmarkAuthorisationChecked(db, '11111111', { type: 'el', number: '12345' })).toBe(true);
    expect(await listCheckedAuthorisations(db)).toEqual([]);
    expect((await listAuthorisationsToCheck(db)).map((row) => row.cvr)).toEqual(['11111111']);
  });
});
