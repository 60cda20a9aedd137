// Picks the CVR registry the configuration asks for: CVR_API_URL=demo gives the fictional demo
// registry (no network, no cache); a URL gives the cvrapi.dk client behind the one-day cache.
import type { Db } from '../../db';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import { createCachedRegistry } from './cached-registry';
import type { CvrRegistry } from './contracts';
import { createCvrApiClient } from './cvrapi-client';
import { createDemoRegistry } from './demo-registry';

export function createCvrRegistry(
  config: Pick<Config, 'cvrApiUrl'>,
  db: Db,
  options: { logger?: Pick<Logger, 'warn'>; now?: () => Date } = {},
): CvrRegistry {
  if (config.cvrApiUrl === 'demo') return createDemoRegistry();
  return createCachedRegistry(db, createCvrApiClient(config.cvrApiUrl, { logger: options.logger }), options);
}
