// The front server: one Node HTTP server that answers every host and path of the product, static
// files from memory and everything dynamic through the Hono app.

export { type RunningFrontServer, startFrontServer } from './front-server';
export { type ProductStack, type ProductStackOptions, startProductStack } from './product-stack';
