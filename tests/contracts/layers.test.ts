// The house plan's layers, read from the source (issue 24): queries only in db/, routes import no
// routes, and no folder imports one above it (db/ never reaches into api/ or server/, rules/ only into
// rules/ and contracts/, templates/ name the site model's types and load nothing). Each rule is shown
// to catch a planted violation, so a hole in the checker fails here too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

interface SourceFile {
  /** Repository-relative, with forward slashes. */
  path: string;
  text: string;
}

/** What each folder may import from the repository (packages are not this test's business). Read
 *  it bottom-up: rules and contracts are pure, lib is configuration and logging, db the data layer,
 *  api/generator/worker the work, server composes them, the admin is a browser bundle. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  rules: ['rules', 'contracts'],
  contracts: ['contracts', 'rules'],
  lib: ['lib', 'rules', 'contracts'],
  db: ['db', 'lib', 'rules', 'contracts'],
  api: ['api', 'db', 'lib', 'rules', 'contracts'],
  worker: ['worker', 'generator', 'db', 'lib', 'rules', 'contracts'],
  generator: ['generator', 'db', 'lib', 'rules', 'contracts'],
  server: ['server', 'api', 'generator', 'worker', 'db', 'lib', 'rules', 'contracts'],
  admin: ['admin', 'contracts', 'rules'],
  // Templates render what the generator hands them in Astro.locals; they never load anything.
  templates: ['templates', 'rules', 'contracts'],
};

/** Folders whose types (never values) a folder may name beyond MAY_IMPORT: the templates' locals are
 *  the generator's site model, made of the data layer's row types. */
const MAY_IMPORT_TYPES: Readonly<Record<string, readonly string[]>> = {
  templates: ['generator', 'db'],
};

/** Single files allowed across a border, each with its reason. */
const ALLOWED_CROSSINGS: Readonly<Record<string, string>> = {
  // The live preview (issue 27) renders a draft with the very templates and site model a publish
  // uses, so what the owner sees is byte for byte what a save publishes; the service is the only
  // place in api/ that reaches the generator.
  'api/services/preview.ts -> generator/astro-renderer.ts': 'the live preview',
  'api/services/preview.ts -> generator/load-site.ts': 'the live preview',
  'api/services/preview.ts -> generator/render-pool.ts': 'the live preview',
  'api/services/preview.ts -> generator/site-model.ts': 'the live preview',
  // The quote form's refusal page without JavaScript (issue 39) is the site's contact page rendered by
  // the site's templates where the preview renders, with the visitor's text in the form.
  'api/leads/refusal-page.ts -> generator/lead-pages.ts': 'the no-JavaScript refusal page',
  'api/leads/refusal-page.ts -> generator/load-site.ts': 'the no-JavaScript refusal page',
  'api/leads/refusal-page.ts -> generator/site-model.ts': 'the no-JavaScript refusal page',
  // The landing page prerendered at build time, before any company exists, renders the empty model.
  'templates/pages/index.astro -> generator/landing-model.ts': 'the landing page at build time',
  'templates/pages/main-site/index.astro -> generator/landing-model.ts': 'the landing page at build time',
  // The build step that writes the trade scenes compresses them from the same size on as the generator.
  'templates/build/write-scenes.ts -> generator/site-model.ts': 'the compression threshold',
};

/** Where queries may not be written: everything but db/ itself, the tests (which set up states
 *  directly) and the benchmarks' fixtures (100,000 rows inserted in bulk, states no route makes). */
function mayQuery(file: string): boolean {
  return (
    file.startsWith('db/') || file.startsWith('tests/') || file.startsWith('scripts/bench/') || isTest(file)
  );
}

function isTest(file: string): boolean {
  return /\.test\.tsx?$/.test(file);
}

const QUERY_CALL =
  /\.\s*(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(|\.schema\s*\.\s*(createTable|alterTable|dropTable|createIndex|dropIndex)\s*\(/;
const RAW_SQL = /\bsql\s*(<[^`;]*>)?\s*`|\bsql\s*\.\s*(raw|ref|lit|table|id|join|val)\s*\(/;
const KYSELY_VALUE_IMPORT = /^\s*import\s+(?!type\b)[^;]*?from\s+['"]kysely['"]/m;

/** The code without comments (a header may name `db.selectFrom` while explaining why it is not here). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\w])\/\/[^\n]*/g, '$1');
}

/** Every relative import (and re-export) of the file, resolved to a repository path, and whether it
 *  brings in types only. */
function relativeImports(file: SourceFile): { target: string; typeOnly: boolean }[] {
  const found: { target: string; typeOnly: boolean }[] = [];
  const pattern =
    /(\bimport\s+type\b[^;]*?\bfrom\s*|\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of withoutComments(file.text).matchAll(pattern)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), match[2] as string));
    // A declaration file (templates/env.d.ts) holds types alone, whatever form its imports take.
    const typeOnly = (match[1] as string).startsWith('import type') || file.path.endsWith('.d.ts');
    found.push({ target, typeOnly });
  }
  return found;
}

function folderOf(file: string): string {
  return file.split('/')[0] ?? '';
}

function isRoute(file: string): boolean {
  return /^api\/routes\/[^/]+$/.test(file);
}

/** Every broken rule in `files`, one line each. */
function layerViolations(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const code = withoutComments(file.text);
    if (!mayQuery(file.path)) {
      const query = code.match(QUERY_CALL) ?? code.match(RAW_SQL);
      if (query) problems.push(`${file.path}: a query outside db/ (${query[0].trim()})`);
      if (KYSELY_VALUE_IMPORT.test(code)) problems.push(`${file.path}: imports kysely outside db/`);
    }
    if (isTest(file.path)) continue;
    const from = folderOf(file.path);
    const allowed = MAY_IMPORT[from];
    for (const { target, typeOnly } of relativeImports(file)) {
      if (target.startsWith('api/routes/')) {
        if (isRoute(file.path)) problems.push(`${file.path}: a route imports a route (${target})`);
        // Routes are mounted by api/app.ts; others may name a route's option types, nothing more.
        else if (file.path !== 'api/app.ts' && !typeOnly)
          problems.push(`${file.path}: imports a route (${target})`);
      }
      if (!allowed) continue;
      const to = folderOf(target);
      const crossing = `${file.path} -> ${target.replace(/\.(ts|tsx|js|mjs)$/, '')}.ts`;
      const typeAllowed = typeOnly && (MAY_IMPORT_TYPES[from] ?? []).includes(to);
      if (!allowed.includes(to) && !typeAllowed && !ALLOWED_CROSSINGS[crossing]) {
        problems.push(`${file.path}: ${from}/ imports ${to}/ (${target})`);
      }
    }
  }
  return problems;
}

const SOURCE_FOLDERS = [
  'api',
  'db',
  'rules',
  'contracts',
  'lib',
  'server',
  'generator',
  'worker',
  'scripts',
  'admin/src',
  'templates',
];

function sourceFiles(): SourceFile[] {
  const files: SourceFile[] = [];
  for (const folder of SOURCE_FOLDERS) {
    for (const entry of readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|mts|mjs|astro)$/.test(entry.name)) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      if (absolute.includes(`${path.sep}node_modules${path.sep}`)) continue;
      const relative = path.relative(ROOT, absolute).split(path.sep).join('/');
      files.push({ path: relative, text: readFileSync(absolute, 'utf8') });
    }
  }
  return files;
}

describe('layers', () => {
  it('holds in the source: queries in db/, routes imported by app.ts alone, no folder imports upwards', () => {
    const files = sourceFiles();
    // The scan saw the tree (a wrong root would pass vacuously).
    expect(files.some((file) => file.path === 'api/routes/pages.ts')).toBe(true);
    expect(files.some((file) => file.path === 'db/tables/companies.ts')).toBe(true);
    expect(files.some((file) => file.path === 'templates/site/lib/navigation.ts')).toBe(true);
    expect(files.some((file) => file.path === 'templates/site/site-header.astro')).toBe(true);
    expect(layerViolations(files)).toEqual([]);
  });

  it('catches a query builder call, raw SQL or a kysely import outside db/', () => {
    expect(
      layerViolations([
        {
          path: 'api/routes/planted.ts',
          text: "await db\n  .selectFrom('companies')\n  .selectAll().execute();",
        },
        { path: 'server/planted.ts', text: 'await sql`select 1`.execute(db);' },
        { path: 'generator/planted.ts', text: "import { sql } from 'kysely';" },
        { path: 'scripts/planted.ts', text: "await trx.deleteFrom('saveRate').execute();" },
        { path: 'worker/planted.ts', text: "await db.schema.dropTable('pages').execute();" },
      ]),
    ).toEqual([
      'api/routes/planted.ts: a query outside db/ (.selectFrom()',
      'server/planted.ts: a query outside db/ (sql`)',
      'generator/planted.ts: imports kysely outside db/',
      'scripts/planted.ts: a query outside db/ (.deleteFrom()',
      'worker/planted.ts: a query outside db/ (.schema.dropTable()',
    ]);
  });

  it('lets db/, tests and a type import of kysely be, and reads no comment as code', () => {
    expect(
      layerViolations([
        {
          path: 'db/tables/planted.ts',
          text: "import { sql } from 'kysely';\nawait db.selectFrom('pages');",
        },
        { path: 'api/services/planted.test.ts', text: "await db.updateTable('companies');" },
        {
          path: 'api/planted.ts',
          text: "import type { Selectable } from 'kysely';\n// not db.selectFrom('x') here",
        },
      ]),
    ).toEqual([]);
  });

  it('catches a route importing a route', () => {
    expect(
      layerViolations([
        { path: 'api/routes/dashboard.ts', text: "import { isOperator } from './operator';" },
        { path: 'api/routes/images.ts', text: "import { mediaDeps } from '../routes/logo';" },
      ]),
    ).toEqual([
      'api/routes/dashboard.ts: a route imports a route (api/routes/operator)',
      'api/routes/images.ts: a route imports a route (api/routes/logo)',
    ]);
  });

  it('catches an upward import', () => {
    expect(
      layerViolations([
        { path: 'db/tables/planted.ts', text: "import { AppError } from '../../api/errors';" },
        { path: 'db/planted.ts', text: "export { x } from '../server/front-server';" },
        { path: 'rules/planted.ts', text: "import { logger } from '../lib/logger';" },
        {
          path: 'server/product-stack.ts',
          text: "import { configuredResolver } from '../api/routes/domain';",
        },
        {
          path: 'server/fine.ts',
          text: "import type { SiteLeadRoutesDeps } from '../api/routes/site-leads';",
        },
        { path: 'admin/src/planted.ts', text: "const m = await import('../../lib/logger');" },
        {
          path: 'rules/fine.ts',
          text: "import { a } from './cvr';\nimport { b } from '../contracts/fields';",
        },
      ]),
    ).toEqual([
      'db/tables/planted.ts: db/ imports api/ (api/errors)',
      'db/planted.ts: db/ imports server/ (server/front-server)',
      'rules/planted.ts: rules/ imports lib/ (lib/logger)',
      'server/product-stack.ts: imports a route (api/routes/domain)',
      'admin/src/planted.ts: admin/ imports lib/ (lib/logger)',
    ]);
  });

  it('holds the templates to rendering: types of the site model, values only from rules/ and contracts/', () => {
    expect(
      layerViolations([
        { path: 'templates/site/lib/navigation.ts', text: "import { listPages } from '../../../db';" },
        {
          path: 'templates/site/site-header.astro',
          text: "---\nimport { loadSite } from '../../generator/load-site';\n---\n<header />",
        },
        { path: 'templates/site/lib/planted.ts', text: "import { loadConfig } from '../../../lib/config';" },
        {
          path: 'templates/site/lib/fine.ts',
          text: [
            "import type { Page } from '../../../db';",
            "import type { SiteModel } from '../../../generator/site-model';",
            "import { formatPhone } from '../../../rules/phone';",
          ].join('\n'),
        },
      ]),
    ).toEqual([
      'templates/site/lib/navigation.ts: templates/ imports db/ (db)',
      'templates/site/site-header.astro: templates/ imports generator/ (generator/load-site)',
      'templates/site/lib/planted.ts: templates/ imports lib/ (lib/config)',
    ]);
  });
});
