// In-memory rate limiting for login: a fixed window per key (an IP address, an e-mail). One process
// holds the counts, which suits the one API process the product runs; several processes would each
// allow the limit. The client's IP is the socket's: X-Forwarded-For is not trusted, because no
// configuration says which proxy may set it.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { MESSAGES } from '../../rules/messages';
import type { AppEnv } from '../env';
import { errorBody } from '../errors';

export interface RateLimitOptions {
  /** How many hits a key may make in one window. */
  limit: number;
  windowMs: number;
  /** Past this many keys, ended windows are swept out (and if that is not enough, the oldest). */
  maxKeys?: number;
}

interface Window {
  startedAt: number;
  hits: number;
}

export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #options: Required<RateLimitOptions>;

  constructor(options: RateLimitOptions) {
    this.#options = { maxKeys: 50_000, ...options };
  }

  #current(key: string, now: number): Window | undefined {
    const window = this.#windows.get(key);
    if (window && now - window.startedAt >= this.#options.windowMs) {
      this.#windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Seconds until `key` may try again, or 0 when it is under its limit now. */
  retryAfterSeconds(key: string, now: number): number {
    const window = this.#current(key, now);
    if (!window || window.hits < this.#options.limit) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.#options.windowMs - now) / 1000));
  }

  /** Counts one hit for `key`. */
  hit(key: string, now: number): void {
    const window = this.#current(key, now);
    if (window) {
      window.hits += 1;
      return;
    }
    if (this.#windows.size >= this.#options.maxKeys) this.#sweep(now);
    this.#windows.set(key, { startedAt: now, hits: 1 });
  }

  /** Forgets `key`, e.g. an e-mail's failures after a successful login. */
  reset(key: string): void {
    this.#windows.delete(key);
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) {
      if (now - window.startedAt >= this.#options.windowMs) this.#windows.delete(key);
    }
    // Map iteration is insertion order: what remains first is the oldest.
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < this.#options.maxKeys) break;
      this.#windows.delete(key);
    }
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The limits on POST /api/auth/login; createApp makes one set per app. */
export interface LoginLimits {
  /** Every login attempt from one IP address. */
  perIp: RateLimiter;
  /** Failed logins for one e-mail: the sixth attempt after five failures is refused. */
  failuresPerEmail: RateLimiter;
}

export function createLoginLimits(): LoginLimits {
  return {
    perIp: new RateLimiter({ limit: 20, windowMs: FIFTEEN_MINUTES }),
    failuresPerEmail: new RateLimiter({ limit: 5, windowMs: FIFTEEN_MINUTES }),
  };
}

/** The socket's remote address, or null when the app runs without Node's server (app.request). */
export function clientIp(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** The 429 answer: the Danish message and when to retry. */
export function tooManyRequests(c: Context, retryAfterSeconds: number): Response {
  return c.json(errorBody('rate_limited', MESSAGES.tooManyRequests), 429, {
    'Retry-After': String(retryAfterSeconds),
  });
}

/**
 * Counts every request from one IP against `limiter` and answers 429 past its limit. Without a
 * known address nothing is counted: one shared bucket would let anyone lock everyone out.
 */
export function limitByIp(limiter: RateLimiter) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const ip = clientIp(c);
    if (ip !== null) {
      const now = c.var.now().getTime();
      const wait = limiter.retryAfterSeconds(ip, now);
      if (wait > 0) return tooManyRequests(c, wait);
      limiter.hit(ip, now);
    }
    await next();
  });
}
