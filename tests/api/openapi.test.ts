// GET /api/openapi.json: an OpenAPI 3.1 document that lists exactly the endpoints the app mounts,
// with request bodies generated from the routes' own zod schemas.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from './api-harness';

let h: ApiHarness;

beforeEach(async () => {
  h = await createApiHarness();
});
afterEach(async () => {
  await h.close();
});

interface Document {
  openapi: string;
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<
    string,
    Record<
      string,
      {
        security: unknown[];
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}

async function fetchDocument(): Promise<Document> {
  const response = await h.send('GET', '/api/openapi.json');
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

/** `GET /api/pages/{id}` for every handler the app routes (middleware registers as ALL). */
function mountedEndpoints(): string[] {
  const endpoints = h.app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '')}`);
  return [...new Set(endpoints)].sort();
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and lists every mounted endpoint, and nothing else', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(mountedEndpoints()).toContain('PUT /api/pages/{id}');
    expect(documented).toEqual(mountedEndpoints());
  });

  it('describes cookie auth and marks the owner endpoints with it', async () => {
    const document = await fetchDocument();
    expect(document.components.securitySchemes).toEqual({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'mesterside_session' },
    });
    expect(document.paths['/api/pages']?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/auth/login']?.post?.security).toEqual([]);
  });

  it('generates the request bodies from the zod schemas', async () => {
    const document = await fetchDocument();
    const body = (path: string, method: string) =>
      document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body('/api/auth/login', 'post')?.properties ?? {})).toEqual(['email', 'password']);
    expect(body('/api/pages/{id}', 'put')?.properties?.metaTitle).toMatchObject({
      type: 'string',
      maxLength: 60,
    });
    expect(body('/api/company/settings', 'put')?.properties?.theme).toMatchObject({
      enum: expect.arrayContaining(['amber', 'teal']),
    });
    expect(Object.keys(body('/api/company/settings', 'put')?.properties ?? {})).toEqual([
      'phone',
      'email',
      'address',
      'zipcode',
      'city',
      'hours',
      'showHours',
      'socialMedia',
      'customDomain',
      'theme',
    ]);
  });
});
