// The one error type of the product. A code says what kind of failure it is (rules/error-codes.ts
// maps each to its HTTP status and default Danish message); the message is the Danish text a user
// may see, the code's default unless the thrower names a more precise one from rules/messages.ts.
import { ERRORS, type ErrorCode } from '../rules/error-codes';

export type { ErrorCode };

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string = ERRORS[code].message, options?: { cause?: unknown }) {
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
