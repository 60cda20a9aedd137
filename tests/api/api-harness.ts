// The whole API (createApp through support/stack.ts, for app.request()) on a fresh database, with an
// injected clock and a recording requestPublish, plus helpers to make owners (real argon2 accounts,
// each test password hashed once per process), to sign them in (through the login route, or a session
// made as it makes one) and to send same-origin requests as a browser on localhost:3000 would.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import type { AnswerCheck } from '../../api/answer-check';
import { insertOwnerAccount } from '../../api/auth/accounts';
import { hashNewPassword } from '../../api/auth/password';
import { createSession, SESSION_COOKIE } from '../../api/auth/sessions';
import type { AppEnv } from '../../api/env';
import type { LimitStore } from '../../api/middleware/rate-limit';
import type { PreviewRenderer } from '../../api/services/preview';
import { parseInput } from '../../api/validation';
import { ownerAccountSchema } from '../../contracts/auth';
import {
  acceptedValue,
  type Company,
  type Db,
  findUserByEmail,
  insertCompany,
  insertPage,
  markEmailVerified,
  type Page,
} from '../../db';
import type { Config } from '../../lib/config';
import { ABOUT_PAGE_DEFAULTS, HOMEPAGE_DEFAULTS } from '../../rules/pages';
import type { Dialect, TestDatabase } from '../support/databases';
import { startTestStack } from '../support/stack';

export const START = new Date('2026-03-02T10:00:00.000Z');

export interface Owner {
  email: string;
  password: string;
  company: Company;
  homepage: Page;
  about: Page;
}

export interface ApiHarness {
  app: Hono<AppEnv>;
  db: Db;
  config: Config;
  /** CVRs passed to requestPublish, in order, with what the database held when it was called. */
  published: { cvr: string; updatedAt: string | undefined }[];
  logs: Record<string, unknown>[];
  now: () => Date;
  setNow: (date: Date) => void;
  advance: (ms: number) => void;
  /** An owner of a company of their own. Their login e-mail counts as confirmed (the link in the
   *  welcome mail clicked: quote requests are mailed to it, issue 48) unless `confirmed` is false. */
  createOwner: (
    cvr: string,
    name: string,
    email?: string,
    password?: string,
    options?: { confirmed?: boolean },
  ) => Promise<Owner>;
  /** Logs in through POST /api/auth/login and returns the cookie pair to send (`name=value`). For tests
   *  whose subject is the login (or what it counts); the others use signIn. */
  login: (email: string, password: string) => Promise<string>;
  /** The cookie pair of a session made in the database as the login makes it, at the harness's clock:
   *  no argon2 (15–20 ms of CPU a login here; the quick lane logged in over 500 times). */
  signIn: (email: string) => Promise<string>;
  send: (method: string, path: string, options?: SendOptions) => Promise<Response>;
  close: () => Promise<void>;
}

interface SendOptions {
  cookie?: string;
  /**
   * FormData goes as it is (multipart, for upload routes); anything else is sent as JSON (a string or
   * bytes as they are) with Content-Type application/json unless `headers` says else.
   */
  body?: unknown;
  headers?: Record<string, string>;
  /** Bindings as @hono/node-server passes them (to give the request a socket address). */
  env?: unknown;
}

export interface HarnessOptions {
  /** A database of describeEachDialect's (dropped by it, not by close()); default a fresh SQLite. */
  database?: TestDatabase;
  /** Without `database`: a fresh database of this dialect; default SQLite. */
  dialect?: Dialect;
  /** Runs after the default recording enqueue (e.g. to make it fail). */
  afterEnqueue?: (cvr: string) => Promise<void>;
  /** What an answer with keys outside its schema gets; default createApp's ('refuse'). */
  answerCheck?: AnswerCheck;
  /** Where previews render (default createApp's, in-process); given the harness's config. */
  previewRenderer?: (config: Config) => PreviewRenderer;
  /** Previews per company per 10 s; default createApp's. */
  maxPreviewsPerWindow?: number;
  /** Where the app counts its rate limits, given the database and the harness's clock; default
   *  createApp's (this app's memory). */
  limits?: (db: Db, now: () => Date) => LimitStore;
  /** More public forms mounted under /api/sites (api/public-form; the throwaway one of its test). */
  publicForms?: readonly OpenAPIHono<AppEnv>[];
  /** What a route that queued a mail calls (the serving process's outbox nudge); default none. */
  nudgeMail?: () => void;
}

export async function createApiHarness(
  env: Record<string, string> = {},
  options: HarnessOptions = {},
): Promise<ApiHarness> {
  let now = START;
  const published: ApiHarness['published'] = [];
  let previewRenderer: PreviewRenderer | undefined;
  const stack = await startTestStack({
    env: { LOG_LEVEL: 'info', ...env },
    ...(options.database ? { database: options.database } : {}),
    ...(options.dialect ? { dialect: options.dialect } : {}),
    app: (store) => {
      previewRenderer = options.previewRenderer?.(store.config);
      return {
        now: () => now,
        enqueuePublish: async (cvr) => {
          const row = await store.db
            .selectFrom('companies')
            .select('updatedAt')
            .where('cvr', '=', cvr)
            .executeTakeFirst();
          published.push({ cvr, updatedAt: row?.updatedAt });
          await options.afterEnqueue?.(cvr);
        },
        ...(options.answerCheck ? { answerCheck: options.answerCheck } : {}),
        ...(options.limits ? { limits: options.limits(store.db, () => now) } : {}),
        ...(previewRenderer ? { previewRenderer } : {}),
        ...(options.publicForms ? { publicForms: options.publicForms } : {}),
        ...(options.nudgeMail ? { nudgeMail: options.nudgeMail } : {}),
        ...(options.maxPreviewsPerWindow === undefined
          ? {}
          : { maxPreviewsPerWindow: options.maxPreviewsPerWindow }),
      };
    },
  });
  const { app, db, config, logs } = stack;
  const host = new URL(`http://${config.publicHost}`).host;
  const origin = `http://${host}`;

  const send: ApiHarness['send'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { Host: host };
    if (method !== 'GET' && method !== 'HEAD') headers.Origin = origin;
    if (options.cookie) headers.Cookie = options.cookie;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      // Encoded as a browser sends a form: multipart with its length declared. Without a length the
      // quote form takes the body for a large upload, and a refusal of one waits a second first.
      const encoded = new Request(`http://${host}/`, { method: 'POST', body: options.body });
      body = await encoded.arrayBuffer();
      headers['Content-Type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
      headers['Content-Length'] = String(body.byteLength);
    } else if (options.body instanceof Uint8Array) {
      body = new Blob([Uint8Array.from(options.body)]);
      headers['Content-Type'] = 'application/json';
    } else if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    Object.assign(headers, options.headers);
    for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
    return app.request(`http://${host}${path}`, { method, headers, body }, options.env);
  };

  return {
    app,
    db,
    config,
    published,
    logs,
    now: () => now,
    setNow: (date) => {
      now = date;
    },
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
    createOwner: async (
      cvr,
      name,
      email = `ejer@${cvr}.dk`,
      password = 'Tømrer-kode-2024!',
      options = {},
    ) => {
      const user = await insertOwnerAccount(
        db,
        parseInput(ownerAccountSchema, { email, password }).email,
        await passwordHash(password),
        now,
      );
      if (options.confirmed !== false) await markEmailVerified(db, user.id, now);
      const company = acceptedValue(
        await insertCompany(db, { cvr, name, companyEmail: email, city: 'Køge' }, now),
      );
      const homepage = await insertPage(
        db,
        cvr,
        { ...HOMEPAGE_DEFAULTS, title: `Velkommen til ${name}` },
        now,
      );
      // A millisecond later, so navigation order (createdAt) is fixed.
      const later = new Date(now.getTime() + 1);
      const about = await insertPage(db, cvr, { ...ABOUT_PAGE_DEFAULTS, title: 'Om os' }, later);
      return { email, password, company, homepage, about };
    },
    login: async (email, password) => {
      const response = await send('POST', '/api/auth/login', { body: { email, password } });
      if (response.status !== 200)
        throw new Error(`login failed: ${response.status} ${await response.text()}`);
      return sessionCookie(response) ?? '';
    },
    signIn: async (email) => {
      const user = await findUserByEmail(db, email);
      if (!user) throw new Error(`no account for ${email}`);
      const { token } = await createSession(db, user.id, now);
      return `${SESSION_COOKIE}=${token}`;
    },
    send,
    close: async () => {
      await previewRenderer?.close();
      await stack.close();
    },
  };
}

/**
 * The argon2 hash of a test password, made once per password in this process (hashNewPassword, so a
 * common password is still refused): an owner's account is the setting of most tests, not their
 * subject, and a hash costs 15-20 ms of CPU. A hash keeps its own salt, so one verifies for every owner.
 */
const passwordHashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashNewPassword(password);
    passwordHashes.set(password, hash);
    hash.catch(() => passwordHashes.delete(password));
  }
  return hash;
}

/** `mesterside_session=<token>` from a response's Set-Cookie, or undefined. */
export function sessionCookie(response: Response): string | undefined {
  const header = response.headers.get('set-cookie') ?? '';
  return /(?:^|,\s*)(mesterside_session=[^;]*)/.exec(header)?.[1];
}

/** Whether GET /api/auth/session answered "signed in" (it answers 200 either way; issue 28). */
export async function signedIn(response: Response | Promise<Response>): Promise<boolean> {
  const answer = await response;
  if (answer.status !== 200) throw new Error(`GET /api/auth/session answered ${answer.status}`);
  return ((await answer.json()) as { signedIn: boolean }).signedIn;
}

export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}
