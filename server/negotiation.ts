// Content negotiation for static files: which precompressed body a client accepts (Accept-Encoding)
// and whether its cached copy is still current (If-None-Match).
import type { Encoding } from './static-headers';

const NONE: readonly Encoding[] = Object.freeze([]);
// Browsers send a handful of distinct Accept-Encoding values, so parsing each once is enough.
const MEMO_LIMIT = 256;
const memo = new Map<string, readonly Encoding[]>();
const Q_PARAM = /^\s*q\s*=(.*)$/i;

/**
 * The encodings we can serve that the client accepts, best first: by q-value, Brotli before gzip
 * on a tie. `q=0` refuses a coding; `*` stands for any coding not named.
 */
export function acceptedEncodings(header: string | undefined): readonly Encoding[] {
  if (header === undefined || header === '') return NONE;
  const known = memo.get(header);
  if (known !== undefined) return known;
  const parsed = parseAcceptEncoding(header);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(header, parsed);
  return parsed;
}

function parseAcceptEncoding(header: string): readonly Encoding[] {
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    let q = 1;
    for (const param of params) {
      const value = Q_PARAM.exec(param);
      // A q-value that is not a number refuses the coding rather than guessing.
      if (value) q = Math.min(Number(value[1]?.trim() || 'x'), 1) || 0;
    }
    const coding = name.trim().toLowerCase();
    if (coding === 'br') br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = q;
    else if (coding === '*') any = q;
  }
  if (br < 0) br = Math.max(any, 0);
  if (gzip < 0) gzip = Math.max(any, 0);
  const accepted: Encoding[] = [];
  if (br > 0 && br >= gzip) accepted.push('br');
  if (gzip > 0) accepted.push('gzip');
  if (br > 0 && br < gzip) accepted.push('br');
  return Object.freeze(accepted);
}

/** RFC 9110 weak comparison of an If-None-Match list with the ETag of the selected body. */
export function etagMatches(header: string, etag: string): boolean {
  if (header === etag) return true;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}
