// Writes contracts/api-paths.ts: the browser's route table, generated from the app's own OpenAPI
// document (GET /api/openapi.json, itself generated from the routes it mounts). For every path and
// method it names the JSON body the route validates and the JSON answer it sends, so the typed client
// (contracts/api-client.ts) lets the admin and the onboarding island call only routes that exist, with
// the bodies and answers their schemas say. `npm run api-paths` writes it after a route changes, and
// the type check then fails where a caller still uses the old route or field;
// tests/contracts/api-paths.test.ts fails when the committed file is stale (nothing else writes it).
//
// The document's schemas are zod's JSON Schema output; this turns the parts zod emits into TypeScript.
// (openapi-typescript does the same, but needs TypeScript 5's compiler API, which TypeScript 7 has not.)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../api/app';
import { openDatabase } from '../db';
import { loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

interface Media {
  schema?: JsonSchema;
}

interface Operation {
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const API_PREFIX = '/api';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/** A named schema's type: `Error` becomes `ErrorJson`, clear of the global of that name. */
function componentType(name: string): string {
  return `${name}Json`;
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)];
  return unique.length === 0 ? 'never' : unique.join(' | ');
}

/** The TypeScript type of a JSON Schema, `indent` deep. */
function typeOf(schema: JsonSchema | undefined, indent = ''): string {
  if (!schema) return 'unknown';
  if (schema.$ref) return componentType(schema.$ref.replace('#/components/schemas/', ''));
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return union(schema.enum.map((value) => JSON.stringify(value)));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return union(alternatives.map((part) => wrap(typeOf(part, indent))));
  if (schema.allOf) return schema.allOf.map((part) => wrap(typeOf(part, indent))).join(' & ');
  if (Array.isArray(schema.type)) {
    return union(schema.type.map((type) => wrap(typeOf({ ...schema, type }, indent))));
  }
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `Array<${typeOf(schema.items, indent)}>`;
    case 'object':
      return objectType(schema, indent);
    default:
      return schema.properties ? objectType(schema, indent) : 'unknown';
  }
}

function wrap(type: string): string {
  return type.includes(' | ') || type.includes(' & ') ? `(${type})` : type;
}

function objectType(schema: JsonSchema, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(
    ([name, property]) => `${inner}${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, inner)};`,
  );
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object') lines.push(`${inner}[key: string]: ${typeOf(extra, inner)};`);
  else if (extra === true) lines.push(`${inner}[key: string]: unknown;`);
  return lines.length === 0 ? 'Record<string, never>' : `{\n${lines.join('\n')}\n${indent}}`;
}

function bodyOf(operation: Operation, indent: string): string {
  const content = operation.requestBody?.content;
  if (!content) return 'never';
  if (content['application/json']) return typeOf(content['application/json'].schema, indent);
  if (content['multipart/form-data']) return 'FormData';
  return 'never';
}

/** What a call gets back: the JSON of its 2xx answers, null for one without a body. */
function answerOf(operation: Operation, indent: string): string {
  const answers = Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => {
      const json = response.content?.['application/json'];
      return json ? typeOf(json.schema, indent) : 'null';
    });
  return union(answers);
}

/** The source of contracts/api-paths.ts for `document`. */
export function renderApiPaths(document: OpenApiDocument): string {
  const out = [
    "// Generated by scripts/api-paths.ts from the app's OpenAPI document (GET /api/openapi.json).",
    '// Do not edit: `npm run api-paths` writes it again, and tests/contracts/api-paths.test.ts fails',
    '// when it is stale. Paths are relative to /api, as contracts/api-client.ts takes them.',
    '',
  ];
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    out.push(`type ${componentType(name)} = ${typeOf(schema)};`, '');
  }
  out.push('export interface ApiPaths {');
  for (const [fullPath, operations] of Object.entries(document.paths).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    if (!fullPath.startsWith(`${API_PREFIX}/`)) continue;
    out.push(`  ${JSON.stringify(fullPath.slice(API_PREFIX.length))}: {`);
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      out.push(`    ${method}: {`);
      out.push(`      body: ${bodyOf(operation, '      ')};`);
      out.push(`      answer: ${answerOf(operation, '      ')};`);
      out.push('    };');
    }
    out.push('  };');
  }
  out.push('}', '');
  return out.join('\n');
}

/** The app's OpenAPI document, from an app that never touches its (empty, in-memory) database. */
export async function currentDocument(): Promise<OpenApiDocument> {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const db = openDatabase({ dialect: 'sqlite', file: ':memory:' });
  try {
    const app = createApp({ db, config, logger: createLogger(config) });
    const response = await app.request(`http://${config.publicHost}/api/openapi.json`);
    if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`);
    return (await response.json()) as OpenApiDocument;
  } finally {
    await db.destroy();
  }
}

export const API_PATHS_FILE = path.resolve(import.meta.dirname, '..', 'contracts', 'api-paths.ts');

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(API_PATHS_FILE, renderApiPaths(await currentDocument()));
}
