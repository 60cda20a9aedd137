// The front server: one Node HTTP server that answers every host and path of the product, static
// files from memory and everything dynamic through the Hono app.
export { createCompanyLookup } from './company-lookup';
export {
  createFrontHandler,
  type FetchApp,
  type FrontHandler,
  type FrontHandlerOptions,
} from './front-handler';
export { type FrontServerOptions, type RunningFrontServer, startFrontServer } from './front-server';
export { type ProductStack, type ProductStackOptions, startProductStack } from './product-stack';
export { StaticFileCache, type StaticFileCacheOptions } from './static-file-cache';
