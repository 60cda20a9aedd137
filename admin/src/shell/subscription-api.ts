// GET /api/subscription: the plan, the trial's dates and whether the trial banner shows (SPEC §4, §9).
import { MESSAGES } from '../../../rules/messages';
import { api } from '../api/client';

export interface SubscriptionJson {
  plan: string;
  status: string;
  trialStartDate: string;
  trialEndDate: string;
  daysLeft: number;
  showBanner: boolean;
}

export function loadSubscription(): Promise<SubscriptionJson> {
  return api.get<SubscriptionJson>('/subscription', MESSAGES.loadCompanyFailed);
}
