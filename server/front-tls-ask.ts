// Caddy's on-demand TLS asks `/_tls/ask?domain=…` before it gets a certificate: yes (200) for a
// verified company domain and its twin, no (404) for anything else.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { domainTwin } from '../rules/domain';
import { classifyHost } from '../rules/request-target';
import { type Front, fail } from './front-state';

const EMPTY_HEADERS = { 'Content-Length': '0', 'Cache-Control': 'no-store' } as const;

export function serveTlsAsk(front: Front, req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  const domain = new URLSearchParams(query === -1 ? '' : url.slice(query + 1)).get('domain') ?? '';
  const mode = classifyHost(domain, front.publicHost);
  if (mode?.mode !== 'custom-domain') {
    res.writeHead(404, EMPTY_HEADERS);
    res.end();
    return;
  }
  // A verified domain and its twin (which redirects to it, over https too) get certificates.
  Promise.all([
    front.companies.resolve('custom-domain', mode.hostname),
    front.companies.resolve('custom-domain', domainTwin(mode.hostname)),
  ])
    .then(([cvr, twinCvr]) => {
      res.writeHead(cvr === null && twinCvr === null ? 404 : 200, EMPTY_HEADERS);
      res.end();
    })
    .catch((error: unknown) => fail(front, res, error));
}
