// GET /api/subscription: the plan, the trial's dates, the site's state after the trial (rules/trial.ts)
// and the order, if any (the spec's States, Limits, issue 14 item 5); POST /api/subscription/order orders.
import type { OrderInput, SubscriptionJson } from '../../../contracts/order';
import { MESSAGES } from '../../../rules/messages';
import { api } from '../api/client';

export type { SubscriptionJson };

/** Fired on window after an order, so the trial banner in the shell follows at once. */
export const SUBSCRIPTION_CHANGED = 'mesterside:subscription-changed';

export function loadSubscription(): Promise<SubscriptionJson> {
  return api.get('/subscription', MESSAGES.loadCompanyFailed);
}

export async function orderSubscription(input: OrderInput): Promise<SubscriptionJson> {
  const result = await api.post('/subscription/order', MESSAGES.orderFailed, input);
  window.dispatchEvent(new Event(SUBSCRIPTION_CHANGED));
  return result;
}
