// GET /api/operator (api/routes/operator.ts): the operator view's figures; 404 for non-operators.
import type { OperatorJson } from '../../../contracts/operator';
import { MESSAGES } from '../../../rules/messages';
import { api } from '../api/client';

export type { OperatorJson };

export function loadOperator(): Promise<OperatorJson> {
  return api.get('/operator', MESSAGES.operatorLoadFailed);
}
