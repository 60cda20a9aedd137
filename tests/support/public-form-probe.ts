// The isolation probe of the public forms (api/public-form): every operation of an app's OpenAPI
// document tagged `public-form` is sent on company A's own host (its subdomain) with company B's CVR
// in the path and made-up values for its other params. It must answer 404 (the CVR is not this
// host's company), never 5xx, and carry none of B's secrets. tests/api/isolation.test.ts runs it over
// the product's forms, tests/api/public-form.test.ts over its throwaway one: a form built with the
// builder is probed the moment it is mounted.
import { expect } from 'vitest';
import type { ApiHarness } from '../api/api-harness';

export interface PublicFormEndpoint {
  method: 'GET' | 'POST';
  path: string;
}

interface Document {
  paths: Record<string, Record<string, { tags?: string[] }>>;
}

/** Every public-form operation of an OpenAPI document. */
export function publicFormEndpoints(document: Document): PublicFormEndpoint[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.tags?.includes('public-form'))
      .map(([method]) => ({ method: method.toUpperCase() as 'GET' | 'POST', path })),
  );
}

/** Sends `endpoint` on `hostSubdomain`'s host with `foreignCvr` in its path: a Danish 404, no secret. */
export async function probeForeignCvr(
  h: ApiHarness,
  endpoint: PublicFormEndpoint,
  hostSubdomain: string,
  foreignCvr: string,
  secrets: readonly string[],
): Promise<void> {
  const target = endpoint.path
    .replace('{cvr}', foreignCvr)
    .replace(/\{[^}]+\}/g, 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  const host = new URL(`http://${h.config.publicHost}`).host;
  const response = await h.send(endpoint.method, target, {
    headers: {
      Host: `${hostSubdomain}.${host}`,
      Origin: `http://${hostSubdomain}.${host}`,
      ...(endpoint.method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(endpoint.method === 'POST' ? { body: 'name=x&website=' } : {}),
  });
  const text = await response.text();
  expect(response.status, `${endpoint.method} ${target}: ${text.slice(0, 200)}`).toBe(404);
  for (const secret of secrets) expect(text, `${target} leaks ${secret}`).not.toContain(secret);
}
