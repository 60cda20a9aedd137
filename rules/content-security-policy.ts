// The Content-Security-Policy of every page the product serves from a site folder: the Node front
// server and the generated nginx/Caddy configurations send it (server/static-headers.ts), and the
// admin's live preview shows a draft under it (api/services/preview.ts). Beside it, the one
// Strict-Transport-Security value of every answer that came over TLS.

/**
 * Company sites and the marketing site carry their styles and small scripts inline, load the
 * marketing build's scripts from `/_astro/`, and show images from anywhere over https. Nothing of
 * ours sets a cookie, so there is no cookie header anywhere on the static path.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' https: data:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join('; ');

/**
 * HSTS: `/api` sends it on every answer (api/app.ts), and every HTML answer that came over TLS has it
 * too (issue 39): a site page, `/admin`, `/onboarding`, the 404 and inactive pages, from the Node
 * server (over TLS, or behind a TRUST_PROXY proxy saying `X-Forwarded-Proto: https`) and from the
 * generated nginx and Caddy configurations. Half a year, subdomains included (hono's default, which
 * `/api` sent before it was named here). A browser ignores it over plain HTTP.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=15552000; includeSubDomains';
