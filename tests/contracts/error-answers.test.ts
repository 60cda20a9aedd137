// Every refusal the API sends is `{ "error": { "code", "message" } }` (contracts/answers.ts), the one
// shape the browser client reads (contracts/api-client.ts). Two checks, each shown to catch a planted
// violation:
// - the routes' own document: every 4xx/5xx JSON answer a route declares is the error schema, except
//   the refusals in EXTENDED_REFUSALS, each with its reason;
// - the source: a `c.json({ error: … })` in api/ carries no other key (a key the schema does not name
//   would be refused at run time only if a test happened to reach that refusal).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentDocument, type JsonSchema, type OpenApiDocument } from '../../scripts/api-paths';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** `METHOD path status` → why its refusal carries more than the error. */
const EXTENDED_REFUSALS: Readonly<Record<string, string>> = {
  // The quote form's script shows each refusal beside its field and sends again with a fresh token.
  'POST /api/sites/{cvr}/leads 400': 'field refusals and a fresh token',
  'POST /api/sites/{cvr}/leads 413': 'field refusals and a fresh token',
  'POST /api/sites/{cvr}/leads 429': 'field refusals and a fresh token',
  // A public form (api/public-form) answers a script each refusal beside its field.
  'POST /api/sites/{cvr}/anmeldelse/{token} 400': 'field refusals',
  'POST /api/sites/{cvr}/anmeldelse/{token} 413': 'field refusals',
  'POST /api/sites/{cvr}/anmeldelse/{token} 429': 'field refusals',
  'POST /api/sites/{cvr}/book-tid/bestil 400': 'field refusals',
  'POST /api/sites/{cvr}/book-tid/bestil 413': 'field refusals',
  'POST /api/sites/{cvr}/book-tid/bestil 429': 'field refusals',
  'POST /api/sites/{cvr}/tilbud/{token} 400': 'field refusals',
  'POST /api/sites/{cvr}/tilbud/{token} 413': 'field refusals',
  'POST /api/sites/{cvr}/tilbud/{token} 429': 'field refusals',
  'POST /api/sites/{cvr}/tilbud/{token}/afvis 400': 'field refusals',
  'POST /api/sites/{cvr}/tilbud/{token}/afvis 413': 'field refusals',
  'POST /api/sites/{cvr}/tilbud/{token}/afvis 429': 'field refusals',
  // Monitors read which part is down (README, health), not a message for a person.
  'GET /api/health 503': "the health answer's own shape",
  // Issue 52: a taken time answers the nearest free ones, for the owner (and phase 2's customer) to pick.
  'POST /api/bookings 409': 'the nearest free times',
};

/** Source files whose error answers carry EXTENDED_REFUSALS' extra keys. */
const EXTENDED_IN_SOURCE: Readonly<Record<string, readonly string[]>> = {
  'api/routes/site-leads.ts': ['fields', 'token'],
  'api/public-form/index.ts': ['fields'],
  'api/routes/bookings.ts': ['nearest'],
  'api/routes/site-bookings.ts': ['nearest'],
};

/** Whether `schema` is the error schema (api/openapi.ts registers contracts/answers.ts's as `Error`). */
function sameShape(schema: unknown, expected: unknown): boolean {
  const normalise = (value: unknown): string =>
    JSON.stringify(value, (_key, inner: unknown) =>
      inner && typeof inner === 'object' && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
        : inner,
    );
  const found = schema as { $ref?: string } | undefined;
  return found?.$ref === '#/components/schemas/Error' || normalise(found) === normalise(expected);
}

/** Every declared 4xx/5xx JSON answer that is not the error schema, as `METHOD path status`. */
function otherRefusals(document: OpenApiDocument): string[] {
  const expected = document.components?.schemas?.Error;
  if (expected === undefined) throw new Error('the document registers no Error schema');
  const found: string[] = [];
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (Number(status) < 400) continue;
        const schema = answer.content?.['application/json']?.schema;
        if (schema !== undefined && !sameShape(schema, expected))
          found.push(`${method.toUpperCase()} ${route} ${status}`);
      }
    }
  }
  return found;
}

/** The top-level keys of each `c.json({ error: … , … })` object literal in `text`, beyond `error`. */
function extraErrorKeys(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\w])\/\/[^\n]*/g, '$1');
  const found: string[] = [];
  for (const match of code.matchAll(/\bc\.json\(\s*\{/g)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    const keys: string[] = [];
    let depth = 0;
    let expectKey = true;
    for (let i = open; i < code.length; i++) {
      const char = code[i] as string;
      if (char === "'" || char === '"' || char === '`') {
        i = code.indexOf(char, i + 1);
        continue;
      }
      if ('({['.includes(char)) {
        depth++;
        if (depth === 1) expectKey = true;
        continue;
      }
      if (')}]'.includes(char)) {
        depth--;
        if (depth === 0) break;
        continue;
      }
      if (depth !== 1) continue;
      if (char === ',') expectKey = true;
      else if (expectKey && /[A-Za-z_$.]/.test(char)) {
        const key = /^(\.\.\.)?[A-Za-z_$][\w$]*/.exec(code.slice(i))?.[0] ?? '';
        keys.push(key);
        i += key.length - 1;
        expectKey = false;
      }
    }
    if (!keys.includes('error')) continue;
    const allowed = EXTENDED_IN_SOURCE[file] ?? [];
    for (const key of keys) if (key !== 'error' && !allowed.includes(key)) found.push(`${file}: ${key}`);
  }
  return found;
}

function apiSources(): { path: string; text: string }[] {
  return readdirSync(path.join(ROOT, 'api'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      return {
        path: path.relative(ROOT, absolute).split(path.sep).join('/'),
        text: readFileSync(absolute, 'utf8'),
      };
    });
}

describe('error answers are the error schema', () => {
  it('every route declares its refusals as the error schema, but for the named extensions', async () => {
    const document = await currentDocument();
    const others = otherRefusals(document);
    // The extensions are really there (a renamed route would leave its line here unused).
    expect(others.sort()).toEqual(Object.keys(EXTENDED_REFUSALS).sort());
  });

  it('catches a route declaring a refusal with an extra key', async () => {
    const error = (await currentDocument()).components?.schemas?.Error as Required<JsonSchema>;
    const planted: OpenApiDocument = {
      components: { schemas: { Error: error } },
      paths: {
        '/api/planted': {
          post: {
            responses: {
              400: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { ...error.properties, hint: { type: 'string' } },
                    },
                  },
                },
              },
              404: { content: { 'application/json': { schema: error } } },
              409: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
            },
          },
        },
      },
    };
    expect(otherRefusals(planted)).toEqual(['POST /api/planted 400']);
  });

  it('no handler in api/ adds a key to an error answer', () => {
    const files = apiSources();
    expect(files.some((file) => file.path === 'api/routes/site-leads.ts')).toBe(true);
    expect(files.flatMap((file) => extraErrorKeys(file.path, file.text))).toEqual([]);
  });

  it('catches a planted extra key, and leaves answers without an error alone', () => {
    const planted = [
      "return c.json({ error: { code: 'invalid_input', message: MESSAGES.x }, hint: 'y' }, 400);",
      'return c.json({ ok: true, message: MESSAGES.done }, 200);',
      'return c.json({ error: errorOf(code), ...rest }, 409);',
      'return c.json({ error: { code, message } }, 404);',
    ].join('\n');
    expect(extraErrorKeys('api/routes/planted.ts', planted)).toEqual([
      'api/routes/planted.ts: hint',
      'api/routes/planted.ts: ...rest',
    ]);
  });
});
