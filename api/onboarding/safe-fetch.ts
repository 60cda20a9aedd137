// An SSRF-safe GET for pages owners point us at: http(s) only, every resolved address checked against
// private, loopback, link-local and other internal ranges, the connection pinned to the checked
// address (no second DNS answer, so no DNS rebinding), redirects followed by hand and re-checked,
// a total deadline, a byte cap, HTML only, and the charset decoded.
import { promises as dns } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type SafeFetchReason =
  | 'scheme'
  | 'blocked-address'
  | 'dns'
  | 'timeout'
  | 'too-large'
  | 'not-html'
  | 'too-many-redirects'
  | 'http-status'
  | 'network';

export class SafeFetchError extends Error {
  readonly reason: SafeFetchReason;

  constructor(reason: SafeFetchReason, message: string) {
    super(message);
    this.name = 'SafeFetchError';
    this.reason = reason;
  }
}

interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  /** Total time for every hop, headers and body together (default 10 s). */
  timeoutMs?: number;
  /** Largest body read; beyond it the download is aborted (default 2 MB). */
  maxBytes?: number;
  /** Redirects followed at most (default 3). */
  maxRedirects?: number;
  /** TEST ONLY: permits 127.0.0.0/8 and ::1 so tests can fetch pages from a loopback server. Never
   *  permits private, link-local or any other range. Production code must leave it unset. */
  allowLoopback?: boolean;
  /** TEST ONLY: replaces the DNS lookup (default `dns.promises.lookup(host, { all: true })`). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface SafeFetchResult {
  /** The final address, after redirects. */
  url: string;
  contentType: string;
  body: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const USER_AGENT = 'MestersideBot/1.0 (+https://mesterside.dk)';

// Every IPv4 range that is not the public internet (RFC 6890 special-purpose registry).
const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", incl. the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. the 169.254.169.254 cloud metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast 255.255.255.255
];
// IPv6 ranges; the ones embedding an IPv4 address (mapped, NAT64, 6to4) are checked by their IPv4.
const BLOCKED_V6: Array<[string, number]> = [
  ['::', 96], // unspecified, loopback ::1 and the deprecated IPv4-compatible form
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [network, prefix] of BLOCKED_V4) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of BLOCKED_V6) blocked.addSubnet(network, prefix, 'ipv6');

const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');

/** The eight 16-bit groups of an IPv6 address (zone id dropped, dotted IPv4 tail accepted). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const groups =
    halves.length === 2 ? [...head, ...new Array(8 - head.length - rest.length).fill(0), ...rest] : head;
  return groups.length === 8 &&
    groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : null;
}

function ipv4From(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The IPv4 address an IPv6 address carries: IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (g === null) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4From(g[6] ?? 0, g[7] ?? 0);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4From(g[6] ?? 0, g[7] ?? 0);
  if (g[0] === 0x2002) return ipv4From(g[1] ?? 0, g[2] ?? 0);
  return null;
}

/** Whether an address may be connected to. Unparseable input is never allowed. */
export function isAllowedAddress(address: string, options: { allowLoopback?: boolean } = {}): boolean {
  const family = isIP(address);
  if (family === 4) {
    if (options.allowLoopback === true && loopbackV4.check(address, 'ipv4')) return true;
    return !blocked.check(address, 'ipv4');
  }
  if (family !== 6) return false;
  const bare = address.split('%')[0] ?? '';
  const groups = ipv6Groups(bare);
  if (groups === null) return false;
  // Exactly ::1; BlockList would also match the IPv4-mapped ::ffff:127.0.0.1.
  if (options.allowLoopback === true && groups.join(':') === '0:0:0:0:0:0:0:1') return true;
  const embedded = embeddedIpv4(bare);
  // An embedded loopback stays refused even in tests: only the plain forms are the escape hatch.
  if (embedded !== null) return !blocked.check(embedded, 'ipv4');
  return !blocked.check(bare, 'ipv6');
}

function withDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new SafeFetchError('timeout', 'The request timed out'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Checks the scheme and every address the host resolves to; returns the address to connect to. */
async function checkTarget(
  url: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('scheme', `Scheme ${url.protocol} is not allowed`);
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal !== 0) {
    addresses = [{ address: host, family: literal }];
  } else {
    const lookup = options.lookup ?? ((name: string) => dns.lookup(name, { all: true, verbatim: true }));
    try {
      addresses = await withDeadline(lookup(host), signal);
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      throw new SafeFetchError('dns', `Could not resolve ${host}`);
    }
  }
  const first = addresses[0];
  if (first === undefined) throw new SafeFetchError('dns', `No address for ${host}`);
  const refused = addresses.find((entry) => !isAllowedAddress(entry.address, options));
  if (refused !== undefined) {
    throw new SafeFetchError('blocked-address', `${host} resolves to a non-public address`);
  }
  return first;
}

/** A lookup that always answers with the address already checked, whatever form Node asks for. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (lookupOptions?.all === true) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

function send(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const hostIsIp = isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
  const options: RequestOptions & { servername?: string } = {
    method: 'GET',
    agent: false,
    lookup: pinnedLookup(target),
    signal,
    headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
  };
  if (url.protocol === 'https:' && !hostIsIp) options.servername = url.hostname;
  const doRequest = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = doRequest(url, options, resolve);
    req.on('error', (error) => {
      reject(
        signal.aborted
          ? new SafeFetchError('timeout', 'The request timed out')
          : new SafeFetchError('network', `Request failed: ${error.message}`),
      );
    });
    req.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new SafeFetchError('too-large', `Body of ${declared} bytes exceeds ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) {
        response.destroy();
        throw new SafeFetchError('too-large', `Body exceeds ${maxBytes} bytes`);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (signal.aborted) throw new SafeFetchError('timeout', 'The request timed out');
    throw new SafeFetchError('network', 'The body could not be read');
  }
  return Buffer.concat(chunks);
}

function charsetOf(contentType: string, body: Buffer): string {
  const header = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (header !== undefined) return header;
  const head = body.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? 'utf-8';
}

// windows-1252's 0x80-0x9F; some Node builds decode that label as plain ISO-8859-1 (C1 controls).
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decode(body: Buffer, charset: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  const text = decoder.decode(body);
  if (decoder.encoding !== 'windows-1252') return text;
  return text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

/** GETs an HTML page without ever connecting to an internal address. Throws SafeFetchError. */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const { signal } = controller;
  try {
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      throw new SafeFetchError('scheme', 'Not a valid absolute URL');
    }
    for (let redirects = 0; ; redirects++) {
      const target = await checkTarget(current, options, signal);
      const response = await send(current, target, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location !== undefined) {
        response.destroy();
        if (redirects >= maxRedirects) {
          throw new SafeFetchError('too-many-redirects', `More than ${maxRedirects} redirects`);
        }
        try {
          current = new URL(location, current);
        } catch {
          throw new SafeFetchError('scheme', 'Invalid redirect location');
        }
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new SafeFetchError('http-status', `HTTP status ${status}`);
      }
      const contentType = response.headers['content-type'] ?? '';
      const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!HTML_TYPES.has(mediaType)) {
        response.destroy();
        throw new SafeFetchError('not-html', `Content type '${mediaType}' is not HTML`);
      }
      const body = await readBody(response, maxBytes, signal);
      return { url: current.href, contentType, body: decode(body, charsetOf(contentType, body)) };
    }
  } finally {
    clearTimeout(timer);
  }
}
