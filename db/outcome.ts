// What a repository function answers when the data refuses a change (a name another row holds, a
// row that is not there): a typed reason, never a message. The caller decides what it means: api/
// turns reasons into error codes and Danish messages (rules/messages.ts), scripts into their output.
export type Outcome<T, Reason extends string> = { ok: true; value: T } | { ok: false; reason: Reason };

export function accepted<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function refused<Reason extends string>(reason: Reason): { ok: false; reason: Reason } {
  return { ok: false, reason };
}

/** The value, or an Error naming the reason: for callers to whom a refusal is a bug (seeds, tests). */
export function acceptedValue<T, Reason extends string>(outcome: Outcome<T, Reason>): T {
  if (outcome.ok) return outcome.value;
  throw new Error(`refused by the database: ${outcome.reason}`);
}
