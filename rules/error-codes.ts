// The one table of known failures: each code's HTTP status and the Danish message it carries when
// the thrower names no more precise one (rules/messages.ts). Services throw AppError(code, message?)
// (lib/errors.ts); the API answers `{ error: { code, message } }` with the status from here
// (api/errors.ts); the browser's client reads the code, never the text. Client-safe.
import { MESSAGES } from './messages';

export const ERROR_CODES = [
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'limit_reached',
  'rate_limited',
  'internal',
  'unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export const ERRORS: Readonly<Record<ErrorCode, { status: ErrorStatus; message: string }>> = {
  invalid_input: { status: 400, message: MESSAGES.invalidInput },
  unauthorized: { status: 401, message: MESSAGES.unauthorized },
  forbidden: { status: 403, message: MESSAGES.forbidden },
  not_found: { status: 404, message: MESSAGES.notFound },
  conflict: { status: 409, message: MESSAGES.invalidInput },
  payload_too_large: { status: 413, message: MESSAGES.uploadFailed },
  unsupported_media_type: { status: 415, message: MESSAGES.invalidInput },
  limit_reached: { status: 422, message: MESSAGES.tooManyRequests },
  rate_limited: { status: 429, message: MESSAGES.tooManyRequests },
  internal: { status: 500, message: MESSAGES.internalError },
  unavailable: { status: 503, message: MESSAGES.internalError },
};

/** The code a bare HTTP status stands for (Hono's own refusals: a body too large, malformed JSON). */
export function codeOfStatus(status: number): ErrorCode | undefined {
  return ERROR_CODES.find((code) => ERRORS[code].status === status);
}
