// Rate limits: a fixed window per key (a client address, an e-mail, both). A RateLimiter is only a
// named rule; the counts live in the app's LimitStore, in one of three places:
// - Redis (REDIS_URL), counted by rate-limiter-flexible, so every process of the product shares one
//   count; when Redis does not answer, each process falls back to counting in its own memory rather
//   than letting everything through or refusing all;
// - the database (`db`: SQLite or PostgreSQL, db/tables/limit-counts.ts) where there is no Redis: the
//   product stack's choice then, so that WEB_PROCESSES copies on one database count one allowance,
//   not one each (issue 48: every in-memory limit was doubled on a two-process machine);
// - this process's memory: the default of createApp, for tests that count nothing across apps.
//
// The client is the address clientAddress() finds (X-Forwarded-For only from a TRUST_PROXY proxy),
// counted by limitKey(): an IPv6 client by its /64, which one subscriber holds whole.
// Routes validate a request before it is counted: a garbage body costs the sender nothing, but it
// also cannot use up a limit someone else shares.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { countInWindow, type Db, forgetCount, readWindowCount, sweepEndedCounts } from '../../db';
import type { Config } from '../../lib/config';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import type { AppEnv } from '../env';
import { clientAddress, limitKey, type TrustedProxies, trustedProxies } from './client-address';

export interface RateLimitRule {
  /** Names the count in Redis: every process must use the same name for the same rule. */
  name: string;
  /** How many hits a key may make in one window. */
  limit: number;
  windowMs: number;
}

/** A named limit; its counts are kept by the LimitStore of the app that uses it. */
export class RateLimiter {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;

  constructor(rule: RateLimitRule) {
    if (!/^[a-z0-9-]+$/.test(rule.name)) throw new Error(`rate limit name "${rule.name}": use a-z, 0-9, -`);
    this.name = rule.name;
    this.limit = rule.limit;
    this.windowMs = rule.windowMs;
  }
}

export interface LimitStoreOptions {
  /** Shared counts in Redis; without it, counts are this process's own (or the database's). */
  redis?: Redis;
  /** Without Redis: shared counts in this database (db/tables/limit-counts.ts). */
  db?: Db;
  /** Prefix of the Redis keys and database names (tests use their own). Default `mesterside:limit`. */
  prefix?: string;
  /** The clock of the database counts (ms); default Date.now, as rate-limiter-flexible's. */
  now?: () => number;
}

/** Every this many database hits, the rows of ended windows are swept (bounded table, no timer). */
const SWEEP_EVERY_HITS = 500;

/** Where an app keeps its limits' counts. */
export class LimitStore {
  readonly #redis: Redis | undefined;
  readonly #db: Db | undefined;
  readonly #prefix: string;
  readonly #now: () => number;
  readonly #counters = new Map<RateLimiter, RateLimiterAbstract>();
  #hitsSinceSweep = 0;

  constructor(options: LimitStoreOptions = {}) {
    this.#redis = options.redis;
    this.#db = options.redis ? undefined : options.db;
    this.#prefix = options.prefix ?? 'mesterside:limit';
    this.#now = options.now ?? Date.now;
  }

  /** Whether every process using the same Redis or database counts together. */
  get shared(): boolean {
    return this.#redis !== undefined || this.#db !== undefined;
  }

  #name(limiter: RateLimiter): string {
    return `${this.#prefix}:${limiter.name}`;
  }

  async #dbHit(db: Db, limiter: RateLimiter, key: string, points: number): Promise<number> {
    const now = new Date(this.#now());
    const count = await countInWindow(db, this.#name(limiter), key, points, limiter.windowMs, now);
    if (++this.#hitsSinceSweep >= SWEEP_EVERY_HITS) {
      this.#hitsSinceSweep = 0;
      await sweepEndedCounts(db, now);
    }
    return count.points <= limiter.limit ? 0 : secondsUntil(count.windowEndsAt, now);
  }

  #counter(limiter: RateLimiter): RateLimiterAbstract {
    let counter = this.#counters.get(limiter);
    if (!counter) {
      const options = {
        keyPrefix: `${this.#prefix}:${limiter.name}`,
        points: limiter.limit,
        duration: Math.max(1, Math.ceil(limiter.windowMs / 1000)),
      };
      const memory = new RateLimiterMemory(options);
      counter = this.#redis
        ? new RateLimiterRedis({ ...options, storeClient: this.#redis, insuranceLimiter: memory })
        : memory;
      this.#counters.set(limiter, counter);
    }
    return counter;
  }

  /** Counts one hit (or `points`) for `key`; answers 0 when it was allowed, else the seconds to wait. */
  async hit(limiter: RateLimiter, key: string, points = 1): Promise<number> {
    if (this.#db) return this.#dbHit(this.#db, limiter, key, points);
    try {
      await this.#counter(limiter).consume(key, points);
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return waitSeconds(error);
      throw error;
    }
  }

  /** Seconds until `key` may try again, or 0 when it is under its limit now; counts nothing. */
  async retryAfterSeconds(limiter: RateLimiter, key: string): Promise<number> {
    if (this.#db) {
      const now = new Date(this.#now());
      const count = await readWindowCount(this.#db, this.#name(limiter), key, now);
      return !count || count.points < limiter.limit ? 0 : secondsUntil(count.windowEndsAt, now);
    }
    const state = await this.#counter(limiter).get(key);
    if (!state || state.consumedPoints < limiter.limit) return 0;
    return waitSeconds(state);
  }

  /** Forgets `key`, e.g. an e-mail's failures after a successful login. */
  async reset(limiter: RateLimiter, key: string): Promise<void> {
    if (this.#db) return forgetCount(this.#db, this.#name(limiter), key);
    await this.#counter(limiter).delete(key);
  }
}

function waitSeconds(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}

function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

const trustCache = new WeakMap<Config, TrustedProxies>();

/**
 * The client as rate limits count it (see client-address.ts): its IPv4 address or its IPv6 /64; null
 * when the app runs without Node's server (app.request() in tests).
 */
export function clientIp(c: Context<AppEnv>): string | null {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    return null;
  }
  const config = c.get('config');
  let trusted = trustCache.get(config);
  if (!trusted) {
    trusted = trustedProxies(config.trustProxy);
    trustCache.set(config, trusted);
  }
  const client = clientAddress(socket, c.req.header('x-forwarded-for'), trusted);
  return client === null ? null : limitKey(client);
}

/** The 429 answer: the Danish message and when to retry. */
export function tooManyRequests(c: Context, retryAfterSeconds: number): never {
  c.header('Retry-After', String(retryAfterSeconds));
  throw new AppError('rate_limited', MESSAGES.tooManyRequests);
}

/**
 * Counts this request of its client against `limiter` and refuses with 429 past its limit. Called
 * in a handler, after the body's validation, so that only well-formed requests count. Without a
 * known address nothing is counted: one shared bucket would let anyone lock everyone out.
 */
export async function limitByIp(c: Context<AppEnv>, limiter: RateLimiter): Promise<void> {
  const wait = await limitClient(c, limiter);
  if (wait > 0) tooManyRequests(c, wait);
}

/** Counts one hit for the client, answers the seconds to wait (0: go on). */
async function limitClient(c: Context<AppEnv>, limiter: RateLimiter): Promise<number> {
  const ip = clientIp(c);
  return ip === null ? 0 : c.get('limits').hit(limiter, ip);
}

const MINUTE = 60 * 1000;

/**
 * The limits on POST /api/auth/login. Failures count per (e-mail, client): someone guessing from
 * elsewhere cannot lock the owner out of their own device. A slower ceiling per e-mail across all
 * clients stops guessing spread over many addresses; a client that logged in to that e-mail before
 * (within `knownFor`) is let past that ceiling, so even a spread attack does not lock out the owner
 * at their usual address.
 */
export const LOGIN_LIMITS = {
  /** Every login attempt from one client, whatever the e-mail. */
  perClient: new RateLimiter({ name: 'login-client', limit: 20, windowMs: 15 * MINUTE }),
  /** Failed logins for one e-mail from one client. */
  failuresPerEmailAndClient: new RateLimiter({ name: 'login-email-client', limit: 5, windowMs: 15 * MINUTE }),
  /** Failed logins for one e-mail from anywhere. */
  failuresPerEmail: new RateLimiter({ name: 'login-email', limit: 50, windowMs: 60 * MINUTE }),
  /** Remembers (e-mail, client) pairs that logged in successfully: one point, 14 days (the memory
   *  store expires keys with setTimeout, which cannot wait longer than 24.8 days). */
  knownClient: new RateLimiter({ name: 'login-known', limit: 1, windowMs: 14 * 24 * 60 * MINUTE }),
} as const;

/** The limits on asking for a password reset link (POST /api/auth/password-reset). */
export const RESET_LIMITS = {
  perClient: new RateLimiter({ name: 'reset-client', limit: 10, windowMs: 15 * MINUTE }),
  /** Mails one address may be sent in an hour, so nobody can flood an inbox with our links. */
  perEmail: new RateLimiter({ name: 'reset-email', limit: 3, windowMs: 60 * MINUTE }),
} as const;
