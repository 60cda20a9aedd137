// GET /api/operator (api/routes/operator.ts): the operator view's figures; 404 for non-operators.
import { MESSAGES } from '../../../rules/messages';
import { api } from '../api/client';

export interface OperatorJson {
  days: number;
  signups: { day: string; count: number }[];
  funnel: { found: number; notFound: number; taken: number; created: number };
  trialsEnding: { cvr: string; name: string; companyEmail: string | null; trialEndDate: string }[];
  orders: {
    cvr: string;
    companyName: string | null;
    plan: string;
    billingEmail: string;
    ean: string | null;
    invoiceCvr: string | null;
    createdAt: string;
  }[];
  failedPublishes: { companyCvr: string; lastError: string; lastAttemptAt: string | null }[];
}

export function loadOperator(): Promise<OperatorJson> {
  return api.get<OperatorJson>('/operator', MESSAGES.operatorLoadFailed);
}
