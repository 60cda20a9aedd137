// GET /api/openapi.json — the API's OpenAPI 3.1 document, built once from the route table.
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { buildOpenApiDocument } from '../openapi';

export const openapi = new Hono<AppEnv>();

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

// GET /api/openapi.json – the OpenAPI document of every mounted endpoint
openapi.get('/', (c) => {
  document ??= buildOpenApiDocument();
  return c.json(document);
});
