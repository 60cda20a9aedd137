// A real HTTP server on loopback serving routes a test defines (pages, redirects, huge or slow or
// non-HTML answers), recording every request it sees so a test can prove nothing reached it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RouteHandler = (request: IncomingMessage, response: ServerResponse) => void;

interface SeenRequest {
  path: string;
  host: string;
}

export interface HtmlSite {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  url(path: string): string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Answers with an HTML page (or any body and content type). */
export function page(body: string | Buffer, contentType = 'text/html; charset=utf-8'): RouteHandler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    response.end(body);
  };
}

export function redirect(location: string, status = 302): RouteHandler {
  return (_request, response) => {
    response.writeHead(status, { location });
    response.end();
  };
}

/** Streams `bytes` of HTML without a content-length (or with one, when `declare` is set). */
export function hugePage(bytes: number, declare = false): RouteHandler {
  return (_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html',
      ...(declare ? { 'content-length': String(bytes) } : {}),
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const size = Math.min(chunk.length, bytes - sent);
        sent += size;
        if (!response.write(chunk.subarray(0, size))) return void response.once('drain', pump);
      }
      response.end();
    };
    response.on('error', () => {});
    pump();
  };
}

/** Never answers (the socket stays open until the server closes). */
export function slowPage(): RouteHandler {
  return () => {};
}

export async function startHtmlSite(routes: Record<string, RouteHandler>): Promise<HtmlSite> {
  const requests: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, host: request.headers.host ?? '' });
    const handler = routes[path.split('?')[0] ?? '/'];
    if (handler === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Ikke fundet</h1>');
      return;
    }
    handler(request, response);
  });
  // Dual-stack where IPv6 exists, so requests to [::1] and localhost would be seen too.
  await new Promise<void>((resolve, reject) => {
    server.once('error', () => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    server.listen(0, '::', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    url: (path) => `${origin}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
