// The one place that reads the environment. It validates every setting with zod and hands out a
// frozen object; everything else takes configuration as an argument, which keeps tests honest.
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { normalizeEmail } from '../rules/email';

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export type Config = Readonly<{
  port: number;
  publicHost: string;
  database: Readonly<DatabaseTarget>;
  redisUrl: string | null;
  storageDir: string;
  cvrApiUrl: string;
  openai: Readonly<{ apiKey: string | null; baseUrl: string | null; model: string }>;
  smtpUrl: string | null;
  /** An HTTP SMS gateway for review requests by SMS (issue 48); null: the owner copies a text whose
   *  link makes the customer confirm their own e-mail. `token` goes as `Authorization: Bearer`. */
  smsGateway: Readonly<{ url: string; token: string | null }> | null;
  mailFrom: string;
  /** The operator's address: where the marketing site's contact form sends its messages. */
  contactTo: string;
  googleCse: Readonly<{ key: string; cx: string }> | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The IPv4 address a custom domain's A record must point at; null when not configured. */
  dnsARecord: string | null;
  /** DNS servers the admin's domain check asks (`ip` or `ip:port`); empty: the system's resolvers. */
  dnsServers: readonly string[];
  /** What this process runs: the front server and API, the publish worker, or both (the default). */
  processRole: ProcessRole;
  /** Also write `.br`/`.gz` copies of each rendered file, for nginx/Caddy serving the folders. */
  precompress: boolean;
  /** Processes serving HTTP (`npm start`, roles web and both): one per core unless set. */
  webProcesses: number;
  /** Threads that render sites in a publishing process (roles worker and both); default 2, never
   *  more than the machine's cores. */
  renderThreads: number;
  /** Proxies (addresses or CIDRs) whose X-Forwarded-For names the client; empty: trust none. */
  trustProxy: readonly string[];
  /** Owners (by login e-mail, in normalizeEmail's form) who also see the operator view
   *  /admin/operator, once they have verified that address. */
  operatorEmails: readonly string[];
  /** The page-view log nginx writes when it serves the sites (server/engine-visits.ts); null: none. */
  engineAccessLog: string | null;
}>;

type ProcessRole = 'web' | 'worker' | 'both';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const { protocol } = new URL(value);
        return protocol === 'http:' || protocol === 'https:';
      } catch {
        return false;
      }
    }, `must be an http(s) URL${what}`);

const schema = z
  .object({
    PORT: z
      .string()
      .trim()
      .default('3000')
      .refine(
        (value) => /^\d+$/.test(value) && Number(value) <= 65535,
        'must be a port number from 0 to 65535',
      )
      .transform(Number),
    PUBLIC_HOST: z
      .string()
      .trim()
      .toLowerCase()
      .default('localhost:3000')
      .refine(
        (value) =>
          /^(?=.{1,253}(:|$))[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/.test(
            value,
          ),
        'must be a host name with an optional port, such as mesterside.dk or localhost:3000 (punycode for æ/ø/å)',
      ),
    DATABASE_URL: optionalText,
    REDIS_URL: optionalText.refine(
      (value) => value === undefined || /^rediss?:\/\/[^\s]+$/.test(value),
      'must start with redis:// or rediss://',
    ),
    STORAGE_DIR: optionalText,
    CVR_API_URL: z
      .string()
      .trim()
      .default('demo')
      .pipe(z.union([z.literal('demo'), httpUrl(' or the word demo')])),
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: optionalText.pipe(httpUrl('').optional()),
    OPENAI_MODEL: z.string().trim().min(1, 'must not be empty').default('gpt-4o-mini'),
    SMTP_URL: optionalText.refine(
      (value) => value === undefined || /^smtps?:\/\/[^\s]+$/.test(value),
      'must start with smtp:// or smtps://',
    ),
    SMS_GATEWAY_URL: optionalText.pipe(httpUrl('').optional()),
    SMS_GATEWAY_TOKEN: optionalText,
    MAIL_FROM: z
      .string()
      .trim()
      .default('Mesterside <noreply@mesterside.local>')
      .refine(
        (value) => /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value),
        'must be an e-mail address, optionally as "Name <address>"',
      ),
    CONTACT_TO: z
      .string()
      .trim()
      .default('kontakt@mesterside.dk')
      .refine((value) => /^[^\s@<>]+@[^\s@<>]+$/.test(value), 'must be an e-mail address'),
    GOOGLE_CSE_KEY: optionalText,
    GOOGLE_CSE_CX: optionalText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DNS_A_RECORD: optionalText.refine(
      (value) =>
        value === undefined || /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(value),
      'must be an IPv4 address such as 203.0.113.10',
    ),
    DNS_SERVERS: optionalText.refine(
      (value) => value === undefined || splitList(value).every((server) => isIP(hostOf(server)) !== 0),
      'must be IP addresses, optionally with a port, separated by commas (1.1.1.1,8.8.8.8:53)',
    ),
    PROCESS_ROLE: z
      .string()
      .trim()
      .toLowerCase()
      .default('both')
      .pipe(z.enum(['web', 'worker', 'both'], { message: 'must be web, worker or both' })),
    PRECOMPRESS: z
      .string()
      .trim()
      .default('1')
      .pipe(z.enum(['0', '1'], { message: 'must be 0 or 1' }))
      .transform((value) => value === '1'),
    WEB_PROCESSES: z
      .string()
      .trim()
      .default(String(os.availableParallelism()))
      .refine(
        (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64,
        'must be a number from 1 to 64',
      )
      .transform(Number),
    RENDER_THREADS: z
      .string()
      .trim()
      .default('2')
      .refine(
        (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64,
        'must be a number from 1 to 64',
      )
      .transform(Number),
    TRUST_PROXY: optionalText.refine(
      (value) => value === undefined || splitList(value).every(isAddressOrCidr),
      'must be IP addresses or CIDR ranges separated by commas (127.0.0.1,10.0.0.0/8,::1)',
    ),
    ENGINE_ACCESS_LOG: optionalText,
    OPERATOR_EMAILS: optionalText.refine(
      (value) =>
        value === undefined || splitList(value).every((email) => /^[^\s@<>,]+@[^\s@<>,]+$/.test(email)),
      'must be e-mail addresses, comma-separated',
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CSE_KEY) !== Boolean(env.GOOGLE_CSE_CX)) {
      const missing = env.GOOGLE_CSE_KEY ? 'GOOGLE_CSE_CX' : 'GOOGLE_CSE_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with the other GOOGLE_CSE_ value',
      });
    }
    // Owners type this address into their registrar's form (the domain guide, issue 49): a product
    // reachable from outside cannot leave it out. Only a machine of its own (localhost) may.
    if (!env.DNS_A_RECORD && !isLocalPublicHost(env.PUBLIC_HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['DNS_A_RECORD'],
        message: `must be set when PUBLIC_HOST (${env.PUBLIC_HOST}) is not localhost: the IPv4 address owners point their own domain at`,
      });
    }
    // Without Redis the queue lives in one process's memory: web and worker cannot be apart.
    if (env.PROCESS_ROLE !== 'both' && !env.REDIS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PROCESS_ROLE'],
        message: `${env.PROCESS_ROLE} needs REDIS_URL (without Redis one process must be both)`,
      });
    }
  });

/** Whether PUBLIC_HOST (lower case, maybe with a port) names this machine only: localhost,
 *  `*.localhost`, 127.0.0.1. Anywhere else the product is reached from outside (production). */
function isLocalPublicHost(publicHost: string): boolean {
  const name = publicHost.replace(/:\d{1,5}$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1';
}

/** Parses a database URL: `postgres://…` selects PostgreSQL, anything else is a SQLite file path. */
function parseDatabaseUrl(value: string, baseDir: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(value)) {
    let host = '';
    try {
      host = new URL(value).hostname;
    } catch {
      // reported below
    }
    if (!host) throw new ConfigError('DATABASE_URL: is not a valid postgres:// URL with a host');
    return { dialect: 'postgres', url: value };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new ConfigError('DATABASE_URL: must be a postgres:// URL or a SQLite file path');
  }
  const file = value.replace(/^(sqlite|file):/i, '');
  if (file === '') throw new ConfigError('DATABASE_URL: the SQLite file path is empty');
  return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(baseDir, file) };
}

/**
 * Builds the configuration from an environment-like record. Throws a ConfigError whose message is
 * one line naming the first bad variable and what is wrong with it.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = '.'): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'configuration';
    throw new ConfigError(`${name}: ${issue?.message ?? 'is invalid'}`);
  }
  const values = parsed.data;
  const storageDir = path.resolve(cwd, values.STORAGE_DIR ?? 'storage');
  const database = values.DATABASE_URL
    ? parseDatabaseUrl(values.DATABASE_URL, cwd)
    : ({ dialect: 'sqlite', file: path.join(storageDir, 'app.db') } as const);

  return deepFreeze({
    port: values.PORT,
    publicHost: values.PUBLIC_HOST,
    database,
    redisUrl: values.REDIS_URL ?? null,
    storageDir,
    cvrApiUrl: values.CVR_API_URL,
    openai: {
      apiKey: values.OPENAI_API_KEY ?? null,
      baseUrl: values.OPENAI_BASE_URL ?? null,
      model: values.OPENAI_MODEL,
    },
    smtpUrl: values.SMTP_URL ?? null,
    smsGateway: values.SMS_GATEWAY_URL
      ? { url: values.SMS_GATEWAY_URL, token: values.SMS_GATEWAY_TOKEN ?? null }
      : null,
    mailFrom: values.MAIL_FROM,
    contactTo: values.CONTACT_TO,
    googleCse:
      values.GOOGLE_CSE_KEY && values.GOOGLE_CSE_CX
        ? { key: values.GOOGLE_CSE_KEY, cx: values.GOOGLE_CSE_CX }
        : null,
    logLevel: values.LOG_LEVEL,
    dnsARecord: values.DNS_A_RECORD ?? null,
    dnsServers: values.DNS_SERVERS ? splitList(values.DNS_SERVERS) : [],
    processRole: values.PROCESS_ROLE,
    precompress: values.PRECOMPRESS,
    webProcesses: values.WEB_PROCESSES,
    renderThreads: values.RENDER_THREADS,
    trustProxy: values.TRUST_PROXY ? splitList(values.TRUST_PROXY) : [],
    engineAccessLog: values.ENGINE_ACCESS_LOG ? path.resolve(cwd, values.ENGINE_ACCESS_LOG) : null,
    operatorEmails: values.OPERATOR_EMAILS ? splitList(values.OPERATOR_EMAILS).map(normalizeEmail) : [],
  });
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `1.2.3.4:53` → `1.2.3.4`, `[::1]:53` → `::1`; anything else as it is. */
function hostOf(server: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(server);
  if (bracketed) return bracketed[1] ?? '';
  const withPort = /^([^:]+):\d{1,5}$/.exec(server);
  return withPort ? (withPort[1] ?? '') : server;
}

/** `127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`: an IP address, optionally with a prefix length. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

let current: Config | undefined;

/** The process's configuration, read from `process.env` on first use and never again. */
export function getConfig(): Config {
  current ??= loadConfig(process.env, process.cwd());
  return current;
}

/** Settings only the test suite reads; kept here so this stays the one reader of the environment. */
export function getTestEnvironment(): {
  databaseUrl: string;
  redisUrl: string;
  ci: boolean;
} {
  return {
    databaseUrl: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
    ci: process.env.CI === 'true' || process.env.CI === '1',
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
