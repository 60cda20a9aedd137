// GET /api/subscription: the plan, the trial's dates, the site's state after the trial (rules/trial.ts)
// and the order, if any (SPEC §4, §9, issue 14 item 5); POST /api/subscription/order orders.
import type { OrderInput } from '../../../api/schemas/order';
import { MESSAGES } from '../../../rules/messages';
import type { SiteState } from '../../../rules/trial';
import { api } from '../api/client';

export interface SubscriptionJson {
  plan: string;
  status: string;
  trialStartDate: string;
  trialEndDate: string;
  daysLeft: number;
  showBanner: boolean;
  state: SiteState;
  closesAt: string;
  order: {
    plan: string;
    planName: string;
    priceKr: number;
    billingEmail: string;
    ean: string | null;
    invoiceCvr: string | null;
    createdAt: string;
  } | null;
}

/** Fired on window after an order, so the trial banner in the shell follows at once. */
export const SUBSCRIPTION_CHANGED = 'mesterside:subscription-changed';

export function loadSubscription(): Promise<SubscriptionJson> {
  return api.get<SubscriptionJson>('/subscription', MESSAGES.loadCompanyFailed);
}

export async function orderSubscription(input: OrderInput): Promise<SubscriptionJson> {
  const result = await api.post<SubscriptionJson>('/subscription/order', MESSAGES.orderFailed, input);
  window.dispatchEvent(new Event(SUBSCRIPTION_CHANGED));
  return result;
}
