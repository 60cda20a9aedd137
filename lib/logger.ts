// Structured JSON logs through pino; one logger per process, children per request or job.
import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: undefined,
      redact: {
        paths: ['password', '*.password', 'req.headers.cookie', 'req.headers.authorization'],
        remove: true,
      },
    },
    destination,
  );
}
