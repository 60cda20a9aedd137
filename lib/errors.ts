// The one error type of the product. A code says what kind of failure it is (the HTTP layer maps
// codes to statuses in one table); the message is the Danish text a user may see.
import { MESSAGES } from '../rules/messages';

const ERROR_CODES = [
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'limit_reached',
  'unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  invalid_input: MESSAGES.invalidInput,
  unauthorized: MESSAGES.unauthorized,
  forbidden: MESSAGES.forbidden,
  not_found: MESSAGES.notFound,
  conflict: MESSAGES.invalidInput,
  payload_too_large: MESSAGES.uploadFailed,
  unsupported_media_type: MESSAGES.invalidInput,
  rate_limited: MESSAGES.tooManyRequests,
  limit_reached: MESSAGES.tooManyRequests,
  unavailable: MESSAGES.internalError,
  internal: MESSAGES.internalError,
};

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The message of whatever was thrown: an Error's message, anything else as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
