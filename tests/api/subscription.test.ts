// GET /api/subscription: the Free plan and the trial from rules/trial.ts, on the injected clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, TRIAL_MS } from '../../rules/trial';
import { type ApiHarness, createApiHarness, type Owner, START } from './api-harness';

let h: ApiHarness;
let owner: Owner;
let cookie: string;

beforeEach(async () => {
  h = await createApiHarness();
  owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
  cookie = await h.login(owner.email, owner.password);
});

/** Moves the clock; a session idle that long has expired, so the owner logs in again. */
async function at(date: Date) {
  h.setNow(date);
  cookie = await h.login(owner.email, owner.password);
}
afterEach(async () => {
  await h.close();
});

const subscription = async () => {
  const response = await h.send('GET', '/api/subscription', { cookie });
  expect(response.status).toBe(200);
  return response.json();
};

describe('GET /api/subscription', () => {
  it('answers the Free plan with 90 days left and no banner on the first day', async () => {
    expect(await subscription()).toEqual({
      plan: 'Free',
      status: 'active',
      trialStartDate: START.toISOString(),
      trialEndDate: new Date(START.getTime() + TRIAL_MS).toISOString(),
      daysLeft: 90,
      showBanner: false,
    });
  });

  it('shows the banner from 30 days left to the last day, and not after the trial', async () => {
    await at(new Date(START.getTime() + 59 * DAY_MS));
    expect(await subscription()).toMatchObject({ daysLeft: 31, showBanner: false });
    await at(new Date(START.getTime() + 60 * DAY_MS));
    expect(await subscription()).toMatchObject({ daysLeft: 30, showBanner: true });
    await at(new Date(START.getTime() + TRIAL_MS - 3_600_000));
    expect(await subscription()).toMatchObject({ daysLeft: 1, showBanner: true });
    await at(new Date(START.getTime() + TRIAL_MS));
    expect(await subscription()).toMatchObject({ daysLeft: 0, showBanner: false });
  });

  it('needs a signed-in owner', async () => {
    expect((await h.send('GET', '/api/subscription')).status).toBe(401);
  });
});
