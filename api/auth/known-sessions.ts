// The session tokens this process has seen open a session in the database (issue 48 item 6), for the
// front server's per-session request limit (server/request-limit.ts). That limit counts before the
// app reads anything, so it cannot ask the database whether a cookie is real; it asks this set
// instead. A token enters it when the app sets a session cookie (a login, a sign-up, a hand-off, an
// extension) or when the session middleware finds the session in the database, and leaves when the
// middleware or a logout finds it dead. A made-up or expired cookie is never here: its requests count
// against the client's address alone, so a flood of random cookies creates no session buckets and
// cannot fill the limit's memory for the sessions that exist.
// Bounded: past MAX_KNOWN_SESSIONS the token least recently seen goes (a Map keeps insertion order,
// and every sighting moves a token to the end). A forgotten real session is only counted against its
// address until its next request brings it back, never left uncounted.
// Kept per database handle, as the form token's secret and the preview's outlines are: the app and the
// front server of one process share the database they were made with, and nothing else.
import type { Db } from '../../db';

const MAX_KNOWN_SESSIONS = 50_000;

export class KnownSessions {
  readonly #max: number;
  readonly #tokens = new Map<string, true>();

  constructor(max = MAX_KNOWN_SESSIONS) {
    this.#max = max;
  }

  get size(): number {
    return this.#tokens.size;
  }

  /** The token opened a session in the database just now. */
  add(token: string): void {
    this.#tokens.delete(token);
    this.#tokens.set(token, true);
    if (this.#tokens.size > this.#max) {
      const oldest = this.#tokens.keys().next();
      if (!oldest.done) this.#tokens.delete(oldest.value);
    }
  }

  /** The token opens no session (any more). */
  delete(token: string): void {
    this.#tokens.delete(token);
  }

  has(token: string): boolean {
    return this.#tokens.has(token);
  }
}

const byDatabase = new WeakMap<Db, KnownSessions>();

/** The known sessions of the app and front server that use `db`. */
export function knownSessionsOf(db: Db): KnownSessions {
  let known = byDatabase.get(db);
  if (known === undefined) {
    known = new KnownSessions();
    byDatabase.set(db, known);
  }
  return known;
}
