// Where the data layer's typed refusals (db/outcome.ts) become the API's error codes and Danish
// messages: each caller names, for every reason its repository call can give, the code and the
// message this route answers (the same reason reads differently when creating and when saving).
// The type demands a line for every reason, so a new reason in db/ fails the build until mapped.
import type { Outcome } from '../db';
import { AppError, type ErrorCode } from '../lib/errors';

export type Refusals<Reason extends string> = { readonly [K in Reason]: readonly [ErrorCode, string] };

/** The outcome's value, or the AppError its reason maps to. */
export function valueOrRefuse<T, Reason extends string>(
  outcome: Outcome<T, Reason>,
  refusals: Refusals<Reason>,
): T {
  if (outcome.ok) return outcome.value;
  const [code, message] = refusals[outcome.reason];
  throw new AppError(code, message);
}
