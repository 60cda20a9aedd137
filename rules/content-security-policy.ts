// The Content-Security-Policy of every page the product serves from a site folder: the Node front
// server and the generated nginx/Caddy configurations send it (server/static-headers.ts), and the
// admin's live preview shows a draft under it (api/services/preview.ts).

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
