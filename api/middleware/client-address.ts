// Which address a request really comes from. Behind a reverse proxy every connection comes from the
// proxy, so the client is named in X-Forwarded-For; but anyone can send that header, so it is read
// only when the connection comes from a proxy the operator trusts (TRUST_PROXY). Then the header is
// read from the right: each trusted proxy appends the address it got the request from, so the first
// address from the right that is not a trusted proxy is the client. Addresses to the left of it were
// written by the client itself and are never believed.
import { BlockList, isIP } from 'node:net';

/** A compiled TRUST_PROXY list: addresses and CIDR ranges, IPv4 and IPv6. */
export type TrustedProxies = BlockList;

export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) → `127.0.0.1`; other forms as they are. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return (mapped?.[1] ?? address).toLowerCase();
}

function isTrusted(list: TrustedProxies, address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** An X-Forwarded-For entry as an address: `[::1]:80`, `1.2.3.4:5678` and quotes are trimmed. */
function forwardedAddress(entry: string): string {
  const text = entry.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return plainAddress(bracketed[1] ?? '');
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  return plainAddress(withPort?.[1] ?? text);
}

/**
 * The client's address: the socket's, unless the socket is a trusted proxy and X-Forwarded-For
 * names someone behind it. Null when there is no socket address (app.request() in tests).
 */
export function clientAddress(
  socketAddress: string | null | undefined,
  forwardedFor: string | null | undefined,
  trusted: TrustedProxies,
): string | null {
  if (!socketAddress) return null;
  let client = plainAddress(socketAddress);
  if (!forwardedFor || !isTrusted(trusted, client)) return client;
  const hops = forwardedFor.split(',').map(forwardedAddress).reverse();
  for (const hop of hops) {
    // Garbage in the header stops the walk: what we have so far is the last address we can vouch for.
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!isTrusted(trusted, hop)) return client;
  }
  return client;
}

/**
 * Whether the visitor's request came over TLS: the socket is TLS itself, or it is a trusted proxy
 * whose X-Forwarded-Proto says https. Of a list (`https, http`) the last entry counts: the one the
 * trusted proxy wrote, not one a client sent ahead of it.
 */
export function cameOverTls(
  socket: { encrypted?: boolean; remoteAddress?: string | undefined },
  forwardedProto: string | string[] | null | undefined,
  trusted: TrustedProxies,
): boolean {
  if (socket.encrypted === true) return true;
  if (forwardedProto === undefined || forwardedProto === null || !socket.remoteAddress) return false;
  const header = Array.isArray(forwardedProto) ? forwardedProto.join(',') : forwardedProto;
  const last = header
    .slice(header.lastIndexOf(',') + 1)
    .trim()
    .toLowerCase();
  return last === 'https' && isTrusted(trusted, plainAddress(socket.remoteAddress));
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const [text = ''] = address.split('%');
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a client is rate limited under: an IPv4 address as it is; an IPv6 address by its /64.
 * One subscriber gets at least a /64 and may use any of its 2^64 addresses, so counting per address
 * would give an attacker a fresh limit with every request.
 */
export function limitKey(address: string): string {
  if (isIP(address.split('%')[0] ?? '') !== 6) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${prefix}::/64`;
}
