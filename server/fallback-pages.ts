// The few responses the front server writes itself, when no rendered page can answer: a tiny Danish
// 404 (unknown custom domain, a site without its 404 page, a missing marketing build) and a 500.
import type { OutgoingHttpHeaders } from 'node:http';
import { MESSAGES } from '../rules/messages';
import { htmlSecurityHeaders, TLS_HEADERS } from './static-headers';

export interface FixedResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  /** The same with HSTS, for a request that came over TLS (rules/content-security-policy.ts). */
  tlsHeaders: OutgoingHttpHeaders;
  body: Buffer;
}

function page(status: number, title: string, heading: string, text: string, homeHref: string): FixedResponse {
  const html = `<!doctype html>
<html lang="da">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
<h1>${heading}</h1>
<p>${text}</p>
<p><a href="${homeHref}">Gå til forsiden</a></p>
</body>
</html>
`;
  const body = Buffer.from(html);
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...htmlSecurityHeaders(),
  };
  return { status, body, headers, tlsHeaders: { ...headers, ...TLS_HEADERS } };
}

/** the spec's Screens "404": '404 fejl', 'Siden blev ikke fundet', a link to the front page. */
export function notFoundPage(homeHref: string): FixedResponse {
  return page(404, MESSAGES.notFound, '404 fejl', MESSAGES.notFound, homeHref);
}

export function errorPage(homeHref: string, text: string = MESSAGES.internalError): FixedResponse {
  return page(500, 'Fejl', 'Fejl', text, homeHref);
}

/** Headers of a redirect; no body, nothing to cache for a temporary one. */
export function redirectHeaders(location: string, permanent: boolean): OutgoingHttpHeaders {
  return {
    Location: location,
    'Content-Length': '0',
    'Cache-Control': permanent ? 'public, max-age=3600' : 'no-cache',
  };
}

/**
 * What visitors of a site whose trial ended without an order see once the grace days are over
 * (rules/trial.ts siteState 'inactive'): 503, so search engines keep the site for when it returns.
 */
export function inactiveSitePage(homeHref: string): FixedResponse {
  return page(503, MESSAGES.siteInactiveTitle, MESSAGES.siteInactiveTitle, MESSAGES.siteInactive, homeHref);
}
