// The per-company image archive limit (the spec's Limits), and which image addresses may be stored and shown.
import { isOneLine } from './text';

export const MAX_IMAGES = 15;

export function canUploadImage(count: number): boolean {
  return count < MAX_IMAGES;
}

// An absolute http(s) URL, or a path on this site that is not protocol-relative (`//host`).
const IMAGE_URL = /^(?:https?:\/\/[^\s\\]+|\/(?![/\\])[^\s\\]*)$/i;

/**
 * THE image-address rule, for what the API stores (contracts/pages.ts) and what a template puts into
 * `src`: an absolute http(s) URL or a path on this site (`/media/…`), trimmed. Null for anything
 * else: other schemes (`javascript:`, `data:`), a protocol-relative `//host`, a relative path,
 * whitespace, backslashes (browsers read `/\host` as `//host`) and control characters. Quotes and
 * angle brackets may stay: every output escapes the attribute.
 */
export function safeImageSrc(src: string | null | undefined): string | null {
  if (typeof src !== 'string') return null;
  const trimmed = src.trim();
  return IMAGE_URL.test(trimmed) && isOneLine(trimmed) ? trimmed : null;
}
