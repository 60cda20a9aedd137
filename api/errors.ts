// Turns every failure into `{ "error": { "code", "message" } }` with a Danish message. AppError codes
// map to statuses in rules/error-codes.ts; anything unknown is a 500 that reveals nothing and is logged.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorJson } from '../contracts/answers';
import { AppError, type ErrorCode } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { codeOfStatus, ERRORS } from '../rules/error-codes';
import { MESSAGES } from '../rules/messages';
import type { AppEnv } from './env';

function errorBody(code: ErrorCode, message: string): ErrorJson {
  return { error: { code, message } };
}

/** The app's one error handler. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof AppError) {
    return c.json(errorBody(error.code, error.message), ERRORS[error.code].status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Raised by Hono's own middleware (body limit, malformed JSON): keep the status, speak Danish.
    const code = codeOfStatus(error.status) ?? 'invalid_input';
    return c.json(errorBody(code, new AppError(code).message), error.status);
  }
  c.get('logger').error({ err: error }, 'unhandled error');
  return c.json(errorBody('internal', MESSAGES.internalError), 500);
}

export function handleNotFound(c: Context<AppEnv>): Response {
  return c.json(errorBody('not_found', MESSAGES.notFound), 404);
}

/**
 * The one wrapper for a route's work: a refusal (an AppError) keeps its code and message; anything
 * unexpected is logged under `event` and answered as `internal` with the route's Danish `message`.
 */
export async function orFail<T>(
  c: { var: { logger: Logger } },
  message: string,
  work: () => Promise<T>,
  event = 'write failed',
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    c.var.logger.error({ err: error }, event);
    throw new AppError('internal', message, { cause: error });
  }
}
