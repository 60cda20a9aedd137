// Rate limits: a fixed window per key (a client address, an e-mail, both), counted by
// rate-limiter-flexible. A RateLimiter is only a named rule; the counts live in the app's LimitStore:
// in this process's memory by default, or in Redis (REDIS_URL) so that every process of the product
// shares one count and N processes do not multiply a limit. When Redis does not answer, each process
// falls back to counting in its own memory rather than letting everything through or refusing all.
// Without Redis, WEB_PROCESSES copies each count on their own, so a client spreading its tries over
// new connections gets up to that many times a limit. We accept that rather than divide the limits:
// a browser's kept-alive connection stays on one copy, and a divided limit would lock an owner out
// after a typo or two (docs/deploy.md, shape 1, says why and tells an internet-facing deployment with
// several copies to set REDIS_URL).
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
  /** Shared counts in Redis; without it, counts are this process's own. */
  redis?: Redis;
  /** Prefix of the Redis keys (tests use their own). Default `mesterside:limit`. */
  prefix?: string;
}

/** Where an app keeps its limits' counts. */
export class LimitStore {
  readonly #redis: Redis | undefined;
  readonly #prefix: string;
  readonly #counters = new Map<RateLimiter, RateLimiterAbstract>();

  constructor(options: LimitStoreOptions = {}) {
    this.#redis = options.redis;
    this.#prefix = options.prefix ?? 'mesterside:limit';
  }

  get shared(): boolean {
    return this.#redis !== undefined;
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
    const state = await this.#counter(limiter).get(key);
    if (!state || state.consumedPoints < limiter.limit) return 0;
    return waitSeconds(state);
  }

  /** Forgets `key`, e.g. an e-mail's failures after a successful login. */
  async reset(limiter: RateLimiter, key: string): Promise<void> {
    await this.#counter(limiter).delete(key);
  }
}

function waitSeconds(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
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
