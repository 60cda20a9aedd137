// The whole API's flood guard (issue 44): every /api request counts against its client the moment it
// enters the front server, before the Hono app sees it, so a refusal reads no body, asks the database
// nothing (the session middleware's lookup comes later) and logs no request line: a 429 written from
// prebuilt headers and bytes. One owner's client sending previews as fast as it could got 6 a second
// through the preview limit, but each refusal cost a session lookup and a parsed body, nearly a served
// request, and a visitor of another site waited 6–17 times longer at p95.
//
// Two keys, each a token bucket of its own (rules/limits.ts API_REQUEST_LIMITS): the session (the
// cookie's token as sent, a key of this process's memory only, never logged or stored; only a token
// this process's app has seen open a session in the database, api/auth/known-sessions.ts, so a
// made-up, expired or refused cookie counts against its address alone and creates no bucket: issue 48
// found 50,010 random cookies from one address filling the session buckets, after which every new
// session went uncounted) and the
// client's address as the other limits see it (client-address.ts: TRUST_PROXY, an IPv6 client by its
// /64). A request passes when both have a token and then takes one from each; a refused one takes
// none, so a session that floods spends at most its own share of its address's, and the people behind
// the same router keep theirs.
//
// Counted in this process's memory, not in Redis even when REDIS_URL is set: a shared count would put
// a round trip to Redis in front of every API request, the very cost a flood guard must not add, and
// the guard protects a process's event loop, which is what each process counts. With WEB_PROCESSES
// copies a client spreading its connections over them gets up to that many shares; each copy still
// serves it at most one. Buckets live in two generations swapped every SWEEP_MS: a key unseen for that
// long would be full again anyway, so dropping it forgets nothing, and nothing expires one by one.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { KnownSessions } from '../api/auth/known-sessions';
import { SESSION_COOKIE } from '../api/auth/sessions';
import { clientAddress, limitKey, plainAddress, type TrustedProxies } from '../api/middleware/client-address';
import type { ErrorJson } from '../contracts/answers';
import type { Logger } from '../lib/logger';
import { API_REQUEST_LIMITS } from '../rules/limits';
import { MESSAGES } from '../rules/messages';
import { TLS_HEADERS } from './static-headers';

interface BucketRule {
  /** Requests at once (a full bucket). */
  burst: number;
  /** Requests a second after that (the refill). */
  perSecond: number;
}

export interface RequestLimitRules {
  /** `inFlight`: a session's requests worked on at once; more wait for one of them to be answered. */
  session: BucketRule & { inFlight: number };
  address: BucketRule;
  /** How long a refusal that follows a refusal of the same key waits before it is written. */
  refusalPauseMs: number;
  /** Keys one generation may hold per kind; default MAX_KEYS (tests lower it to fill it cheaply). */
  maxKeys?: number;
}

/** Keys one generation may hold per kind (two generations: at most ~20 MB); past it new keys pass
 *  uncounted (a flood of fresh addresses or tokens that would fill memory is a network-level attack
 *  this guard cannot answer anyway). */
const MAX_KEYS = 50_000;
/** Each bucket is full again within this (checked in the constructor), so a key unseen for it goes. */
const SWEEP_MS = 10_000;
/** One log line per client and kind of key at most this often. */
const LOG_EVERY_MS = 60_000;
/** A body over this size (or of unknown length) is not drained after a refusal: the connection closes. */
const LARGE_BODY_BYTES = 64 * 1024;
/** Session tokens are 32 characters (api/auth/sessions.ts); anything else opens no session. */
const TOKEN_LENGTH = 32;

export interface Refusal {
  retryAfterSeconds: number;
  by: 'session' | 'address';
  /** The first refusal since the key's last request that passed: answered at once. */
  first: boolean;
  /** Worth a log line (the key's first refusal in LOG_EVERY_MS). */
  log: boolean;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (ms). */
  at: number;
  refusing: boolean;
  loggedAt: number;
}

/** One kind of key's buckets, in two generations. */
class Buckets {
  readonly #rule: BucketRule;
  readonly #maxKeys: number;
  #current = new Map<string, Bucket>();
  #previous = new Map<string, Bucket>();

  constructor(rule: BucketRule, maxKeys: number) {
    this.#rule = rule;
    this.#maxKeys = maxKeys;
  }

  get unlimited(): boolean {
    return !Number.isFinite(this.#rule.burst);
  }

  /** The key's bucket, refilled to `now`; undefined when this generation is full (not counted). */
  take(key: string, now: number): Bucket | undefined {
    let bucket = this.#current.get(key);
    if (bucket === undefined) {
      bucket = this.#previous.get(key);
      if (bucket === undefined) {
        if (this.#current.size >= this.#maxKeys) return undefined;
        bucket = { tokens: this.#rule.burst, at: now, refusing: false, loggedAt: Number.NEGATIVE_INFINITY };
      } else {
        this.#previous.delete(key);
      }
      this.#current.set(key, bucket);
    }
    const { burst, perSecond } = this.#rule;
    bucket.tokens = Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) * perSecond) / 1000);
    bucket.at = now;
    return bucket;
  }

  /** Seconds until `bucket` holds a token again. */
  wait(bucket: Bucket): number {
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.#rule.perSecond));
  }

  sweep(): void {
    this.#previous = this.#current;
    this.#current = new Map();
  }
}

/** The buckets of one serving process. */
export class RequestLimit {
  readonly rules: RequestLimitRules;
  readonly #now: () => number;
  readonly #sessions: Buckets;
  readonly #addresses: Buckets;
  #sweptAt: number;

  constructor(rules: RequestLimitRules = API_REQUEST_LIMITS, now: () => number = Date.now) {
    for (const rule of [rules.session, rules.address]) {
      if (Number.isFinite(rule.burst) && (rule.burst / rule.perSecond) * 1000 > SWEEP_MS) {
        throw new Error(`a request limit's bucket must refill within ${SWEEP_MS} ms`);
      }
    }
    this.rules = rules;
    this.#now = now;
    this.#sessions = new Buckets(rules.session, rules.maxKeys ?? MAX_KEYS);
    this.#addresses = new Buckets(rules.address, rules.maxKeys ?? MAX_KEYS);
    this.#sweptAt = now();
  }

  /** Counts one request of (address, session): null when it may go on, else why not. */
  hit(address: string | null, session: string | null): Refusal | null {
    const now = this.#now();
    if (now - this.#sweptAt >= SWEEP_MS) {
      this.#sweptAt = now;
      this.#sessions.sweep();
      this.#addresses.sweep();
    }
    const bySession =
      session === null || this.#sessions.unlimited ? undefined : this.#sessions.take(session, now);
    const byAddress =
      address === null || this.#addresses.unlimited ? undefined : this.#addresses.take(address, now);
    const over =
      bySession !== undefined && bySession.tokens < 1
        ? ({ by: 'session', bucket: bySession, buckets: this.#sessions } as const)
        : byAddress !== undefined && byAddress.tokens < 1
          ? ({ by: 'address', bucket: byAddress, buckets: this.#addresses } as const)
          : null;
    if (over !== null) {
      const { bucket } = over;
      const first = !bucket.refusing;
      bucket.refusing = true;
      const log = now - bucket.loggedAt >= LOG_EVERY_MS;
      if (log) bucket.loggedAt = now;
      return { retryAfterSeconds: over.buckets.wait(bucket), by: over.by, first, log };
    }
    if (bySession !== undefined) {
      bySession.tokens -= 1;
      bySession.refusing = false;
    }
    if (byAddress !== undefined) {
      byAddress.tokens -= 1;
      byAddress.refusing = false;
    }
    return null;
  }
}

/** The session token in a Cookie header, or null (none, or not a token's length). */
export function sessionTokenOf(cookie: string | undefined): string | null {
  if (cookie === undefined) return null;
  let at = cookie.indexOf(`${SESSION_COOKIE}=`);
  // The name at the start or after `; `, not the tail of another cookie's name.
  while (at > 0 && cookie[at - 1] !== ' ' && cookie[at - 1] !== ';') {
    at = cookie.indexOf(`${SESSION_COOKIE}=`, at + 1);
  }
  if (at === -1) return null;
  const start = at + SESSION_COOKIE.length + 1;
  const end = cookie.indexOf(';', start);
  const token = end === -1 ? cookie.slice(start) : cookie.slice(start, end);
  return token.length === TOKEN_LENGTH ? token : null;
}

export interface ApiGateOptions {
  trusted: TrustedProxies;
  logger: Logger;
  /** Whether the request came over TLS (the answer then carries HSTS, as every other does). */
  overTls: (req: IncomingMessage) => boolean;
  /** The tokens that opened a session in this process's database: only they get a session bucket. */
  sessions: Pick<KnownSessions, 'has'>;
  limit?: RequestLimit;
}

/**
 * The front server's way into the API: counts the request against its client and either writes the
 * 429 or runs `pass` (the API), for a session once fewer than its `inFlight` requests are being
 * worked on.
 * Synchronous and allocation-light on the way through: it runs on every API request.
 */
export function createApiGate(
  options: ApiGateOptions,
): (req: IncomingMessage, res: ServerResponse, pass: () => void) => void {
  const { trusted, logger, overTls, sessions } = options;
  const limit = options.limit ?? new RequestLimit();
  const pauseMs = limit.rules.refusalPauseMs;
  const sessionsAtOnce = new InFlight(limit.rules.session.inFlight);
  const body = Buffer.from(
    JSON.stringify({
      error: { code: 'rate_limited', message: MESSAGES.tooManyRequests },
    } satisfies ErrorJson),
  );
  const base: OutgoingHttpHeaders = {
    'Content-Type': 'application/json',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  // Retry-After is a second or a few: every header set is built once.
  const headerSets = new Map<string, OutgoingHttpHeaders>();
  const headersFor = (retryAfter: number, tls: boolean, close: boolean): OutgoingHttpHeaders => {
    const key = `${retryAfter}${tls ? 't' : ''}${close ? 'c' : ''}`;
    let headers = headerSets.get(key);
    if (headers === undefined) {
      headers = {
        ...base,
        'Retry-After': String(retryAfter),
        ...(tls ? TLS_HEADERS : {}),
        ...(close ? { Connection: 'close' } : {}),
      };
      headerSets.set(key, headers);
    }
    return headers;
  };

  function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal, address: string | null) {
    if (refusal.log) {
      // Behind a proxy TRUST_PROXY does not name, every visitor is the proxy: say so where it shows.
      const forwardedIgnored =
        refusal.by === 'address' &&
        req.headers['x-forwarded-for'] !== undefined &&
        address === plainAddress(req.socket.remoteAddress ?? '');
      logger.warn(
        { client: address, by: refusal.by, ...(forwardedIgnored ? { forwardedForIgnored: true } : {}) },
        forwardedIgnored
          ? 'a client went over the API request limit; its X-Forwarded-For was not believed (TRUST_PROXY)'
          : 'a client went over the API request limit',
      );
    }
    // A small body is already in the socket's buffer, and Node throws it away after the answer (the
    // connection stays open for the client's next request); a large or unsized one is not read at all:
    // the connection closes once the answer is written, so its bytes are never taken in.
    const length = req.headers['content-length'];
    const large =
      req.headers['transfer-encoding'] !== undefined ||
      (length !== undefined && !(Number(length) <= LARGE_BODY_BYTES));
    const headers = headersFor(refusal.retryAfterSeconds, overTls(req), large);
    const answer = () => {
      if (res.destroyed) return;
      res.writeHead(429, headers);
      res.end(body);
      if (large) res.once('finish', () => req.socket.destroy());
    };
    // Held, the request costs a timer (Node keeps timers of one duration in one list) and its socket.
    if (refusal.first || pauseMs === 0) answer();
    else setTimeout(answer, pauseMs);
  }

  return (req, res, pass) => {
    const forwarded = req.headers['x-forwarded-for'];
    const address = clientAddress(
      req.socket.remoteAddress,
      Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      trusted,
    );
    const addressKey = address === null ? null : limitKey(address);
    const token = sessionTokenOf(req.headers.cookie);
    // A cookie no session of the database answers to is no session: its address alone counts it.
    const session = token !== null && sessions.has(token) ? token : null;
    const refusal = limit.hit(addressKey, session);
    if (refusal !== null) refuse(req, res, refusal, address);
    else if (session !== null) sessionsAtOnce.run(session, res, pass);
    else pass();
  };
}

/** Requests being worked on per session, and the ones waiting (unread) for their turn. */
class InFlight {
  readonly #max: number;
  readonly #clients = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(max: number) {
    this.#max = max;
  }

  run(key: string, res: ServerResponse, work: () => void): void {
    if (!Number.isFinite(this.#max)) {
      work();
      return;
    }
    let client = this.#clients.get(key);
    if (client === undefined) {
      client = { running: 0, waiting: [] };
      this.#clients.set(key, client);
    }
    const entry = client;
    const start = () => {
      // A client that went away while it waited: nothing to work on, the next one's turn.
      if (res.destroyed) {
        next();
        return;
      }
      entry.running += 1;
      res.once('close', () => {
        entry.running -= 1;
        next();
      });
      work();
    };
    const next = () => {
      const waiting = entry.waiting.shift();
      if (waiting !== undefined) waiting();
      else if (entry.running === 0) this.#clients.delete(key);
    };
    if (entry.running < this.#max) start();
    else entry.waiting.push(start);
  }
}

/** No limit: for a benchmark that is one client on purpose, or a test of another limit. */
export function unlimitedRequests(): RequestLimit {
  const none = { burst: Number.POSITIVE_INFINITY, perSecond: Number.POSITIVE_INFINITY };
  return new RequestLimit({
    ...API_REQUEST_LIMITS,
    session: { ...none, inFlight: Number.POSITIVE_INFINITY },
    address: none,
  });
}
