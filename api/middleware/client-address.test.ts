import { describe, expect, it } from 'vitest';
import { cameOverTls, clientAddress, limitKey, plainAddress, trustedProxies } from './client-address';

describe('clientAddress', () => {
  const none = trustedProxies([]);
  const local = trustedProxies(['127.0.0.1', '::1', '10.0.0.0/8']);

  it.each([
    // socket, X-Forwarded-For, trusted, client
    ['203.0.113.7', '198.51.100.1', none, '203.0.113.7'], // nobody trusted: the header is ignored
    ['203.0.113.7', '198.51.100.1', local, '203.0.113.7'], // not from a trusted proxy
    ['127.0.0.1', undefined, local, '127.0.0.1'], // the proxy itself, no header
    ['127.0.0.1', '198.51.100.1', local, '198.51.100.1'],
    ['::ffff:127.0.0.1', '198.51.100.1', local, '198.51.100.1'], // dual-stack form of the proxy
    ['::1', '2001:db8::5', local, '2001:db8::5'],
    // The client wrote the left part itself: only the rightmost untrusted hop counts.
    ['127.0.0.1', '192.0.2.99, 198.51.100.1', local, '198.51.100.1'],
    // Two proxies of ours (a load balancer at 10.1.2.3, then Caddy on loopback).
    ['127.0.0.1', '192.0.2.99, 198.51.100.1, 10.1.2.3', local, '198.51.100.1'],
    ['127.0.0.1', '198.51.100.1:4711', local, '198.51.100.1'],
    ['127.0.0.1', '"[2001:db8::5]:443"', local, '2001:db8::5'],
    // Garbage: the last address we can vouch for.
    ['127.0.0.1', 'unknown', local, '127.0.0.1'],
    ['127.0.0.1', 'nonsense, 10.1.2.3', local, '10.1.2.3'],
    // Every hop is a trusted proxy: the leftmost.
    ['127.0.0.1', '10.0.0.5, 10.0.0.6', local, '10.0.0.5'],
  ])('socket %s with X-Forwarded-For %s → client from the table', (socket, header, trusted, expected) => {
    expect(clientAddress(socket, header, trusted)).toBe(expected);
  });

  it('knows no client without a socket address', () => {
    expect(clientAddress(undefined, '198.51.100.1', local)).toBeNull();
  });

  it('reads IPv4-mapped IPv6 peers as IPv4', () => {
    expect(plainAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(plainAddress('2001:DB8::1')).toBe('2001:db8::1');
  });
});

describe('limitKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::', '2001:db8:1:2::/64'],
    ['2001:db8::5', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ])('%s is counted as %s', (address, key) => {
    expect(limitKey(address)).toBe(key);
  });
});

describe('cameOverTls', () => {
  const local = trustedProxies(['127.0.0.1', '::1']);

  it.each([
    // socket, X-Forwarded-Proto, over TLS
    [{ encrypted: true, remoteAddress: '203.0.113.7' }, undefined, true], // TLS to this server itself
    [{ remoteAddress: '127.0.0.1' }, 'https', true], // a trusted proxy terminated TLS
    [{ remoteAddress: '::ffff:127.0.0.1' }, 'HTTPS', true],
    [{ remoteAddress: '::1' }, ['https'], true],
    [{ remoteAddress: '127.0.0.1' }, 'http', false],
    [{ remoteAddress: '127.0.0.1' }, undefined, false],
    [{ remoteAddress: '203.0.113.7' }, 'https', false], // anyone can send the header
    // The proxy appended its own scheme after the client's claim: the proxy's counts.
    [{ remoteAddress: '127.0.0.1' }, 'https, http', false],
    [{ remoteAddress: '127.0.0.1' }, 'http, https', true],
    [{}, 'https', false],
  ])('socket %o with X-Forwarded-Proto %s → %s', (socket, header, expected) => {
    expect(cameOverTls(socket, header, local)).toBe(expected);
  });
});
