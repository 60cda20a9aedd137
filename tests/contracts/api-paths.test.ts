// contracts/api-paths.ts (the browser client's route table) is generated from the app's OpenAPI
// document by `npm run api-paths` (scripts/api-paths.ts); nothing writes it on its own. This fails when the
// committed file no longer matches the routes, so a stale table cannot hide a renamed route.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_PATHS_FILE, currentDocument, renderApiPaths } from '../../scripts/api-paths';

describe('contracts/api-paths.ts', () => {
  it('is what the routes generate now (run `npm run api-paths` to write it again)', async () => {
    const generated = renderApiPaths(await currentDocument());
    expect(readFileSync(API_PATHS_FILE, 'utf8') === generated, 'contracts/api-paths.ts is stale').toBe(true);
  });

  it('names the owner routes with their bodies and answers, relative to /api', async () => {
    const source = readFileSync(API_PATHS_FILE, 'utf8');
    expect(source).toContain('"/pages/{id}": {');
    expect(source).toContain('"/company/settings": {');
    expect(source).not.toContain('"/api/');
    // The answers are the contracts' schemas, never a row.
    expect(source).not.toContain('websiteContent');
  });
});
