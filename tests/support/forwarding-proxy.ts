// A tiny reverse proxy on loopback that does what the shipped Caddy and nginx examples do: pass the
// request on with its Host header and append the address it came from to X-Forwarded-For. Tests put
// it in front of the real server to see the limits as production sees them.
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningProxy {
  port: number;
  close(): Promise<void>;
}

export function startForwardingProxy(targetPort: number): Promise<RunningProxy> {
  const agent = new Agent({ keepAlive: true });
  const server = createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers };
    const peer = incoming.socket.remoteAddress ?? '';
    const forwarded = incoming.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${peer}` : peer;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: targetPort, method: incoming.method, path: incoming.url, headers, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export interface LoopbackResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request from a chosen loopback address (127.0.0.2, 127.0.0.3 …: all of 127/8 is this
 * machine on Linux), so that one test can play several clients behind the same proxy.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<LoopbackResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: target.hostname === 'localhost' ? '127.0.0.1' : target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        localAddress,
        headers: { host: target.host, ...options.headers },
      },
      (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => {
          body += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}
