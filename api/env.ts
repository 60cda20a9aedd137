// The typed context every handler sees: dependencies are set once per request by createApp.
import type { Db } from '../db';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';

export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
}

export interface AppEnv {
  Variables: AppDeps & { requestId: string };
}
