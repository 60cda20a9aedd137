// GET /api/openapi.json: an OpenAPI 3.1 document that lists exactly the endpoints the app mounts,
// generated from the routes' own zod schemas: request bodies, answers (the contracts, never a
// database row) and refusals (the one error body).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from './api-harness';

let h: ApiHarness;

beforeEach(async () => {
  h = await createApiHarness();
});
afterEach(async () => {
  await h.close();
});

interface JsonSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
}

interface Document {
  openapi: string;
  components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, JsonSchema> };
  paths: Record<
    string,
    Record<
      string,
      {
        security: unknown[];
        responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
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

  it('documents every answer from the contracts: no private column, errors with a code', async () => {
    const document = await fetchDocument();
    const answer = (path: string, method: string, status: string) =>
      document.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;

    // Every operation says what its success looks like.
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => status.startsWith('2') || status.startsWith('3')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }

    const page = answer('/api/pages', 'get', '200')?.items;
    expect(Object.keys(page?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'pageName', 'slug', 'content']),
    );
    expect(page?.properties).not.toHaveProperty('companyCvr');

    const company = answer('/api/company', 'get', '200');
    expect(company?.properties).toHaveProperty('name');
    for (const column of [
      'companyEmail',
      'websiteContent',
      'plan',
      'industryCode',
      'existingWebsite',
      'status',
    ]) {
      expect(company?.properties).not.toHaveProperty(column);
    }

    // An owner route's refusals are the shared error body with its code from the one table.
    const resolve = (schema: JsonSchema | undefined) =>
      schema?.$ref ? document.components.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : schema;
    for (const status of ['400', '401', '404']) {
      const refusal = resolve(answer('/api/pages/{id}', 'put', status))?.properties?.error;
      expect(refusal?.required, status).toEqual(['code', 'message']);
      expect(refusal?.properties?.code?.enum).toEqual(expect.arrayContaining(['not_found', 'invalid_input']));
    }
  });

  it('answers exactly the keys its document promises', async () => {
    const document = await fetchDocument();
    const owner = await h.createOwner('12345678', 'Snedker Hansen ApS');
    const cookie = await h.signIn(owner.email);
    for (const [path, status] of [
      ['/api/pages', 200],
      ['/api/company', 200],
      ['/api/auth/session', 200],
      ['/api/subscription', 200],
    ] as const) {
      const response = await h.send('GET', path, { cookie });
      expect(response.status, path).toBe(status);
      const body = (await response.json()) as Record<string, unknown> | Record<string, unknown>[];
      const schema =
        document.paths[path]?.get?.responses[String(status)]?.content?.['application/json']?.schema;
      const object = Array.isArray(body) ? body[0] : body;
      // A union (GET /api/auth/session: signed in or out) promises the keys of its variants.
      const variants = [schema, ...(schema?.oneOf ?? []), ...(schema?.anyOf ?? [])];
      const properties = Array.isArray(body)
        ? schema?.items?.properties
        : Object.assign({}, ...variants.map((variant) => variant?.properties ?? {}));
      expect(object, path).toBeDefined();
      expect(
        Object.keys(object ?? {}).filter((key) => !(key in (properties ?? {}))),
        path,
      ).toEqual([]);
    }
  });
});
