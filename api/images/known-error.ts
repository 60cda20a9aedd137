// Upload and delete routes answer every failure with their own Danish message (SPEC §8): a refusal
// (an AppError) keeps its message and status; anything unexpected is logged and becomes a 500.
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';

export function knownError(error: unknown, message: string, logger: Logger, event: string): AppError {
  if (error instanceof AppError) return error;
  logger.error({ err: error }, event);
  return new AppError('internal', message, { cause: error });
}
