// Awaits a promise that must fail with the product's AppError, and returns that error.
import { expect } from 'vitest';
import { AppError } from '../../lib/errors';

export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
