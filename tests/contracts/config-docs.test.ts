// The README's configuration table and .env.example name exactly the settings lib/config.ts reads
// (issue 43: the README is the front door, so its table must not drift from the one reader of the
// environment). Read from the sources; a planted drift shows the check catches one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The variables of the schema in lib/config.ts: its object's keys, one a line. */
function configVariables(source: string): string[] {
  const schema = /const schema = z\s*\.object\(\{([\s\S]*?)\n {2}\}\)/.exec(source)?.[1] ?? '';
  return [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] as string);
}

/** The variables the README's configuration table names in its first column. */
function readmeVariables(readme: string): string[] {
  const section = /\n## Configuration\n([\s\S]*?)(?:\n## |$)/.exec(readme)?.[1] ?? '';
  const table = /^\| variable [\s\S]*?(?=\n\n)/m.exec(section)?.[0] ?? '';
  return table
    .split('\n')
    .slice(2)
    .flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] as string),
    );
}

/** The variables .env.example sets or shows commented out. */
function exampleVariables(example: string): string[] {
  return [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] as string);
}

/** Each way the three lists disagree, one line each. */
function drift(config: string[], readme: string[], example: string[]): string[] {
  const problems: string[] = [];
  for (const name of config) {
    if (!readme.includes(name))
      problems.push(`${name}: read by lib/config.ts, missing from the README's table`);
    if (!example.includes(name)) problems.push(`${name}: read by lib/config.ts, missing from .env.example`);
  }
  for (const name of new Set([...readme, ...example])) {
    if (!config.includes(name)) problems.push(`${name}: documented, but lib/config.ts does not read it`);
  }
  return problems;
}

describe('configuration docs', () => {
  const config = configVariables(read('lib/config.ts'));

  it('reads the schema (a check that finds nothing would pass anything)', () => {
    expect(config).toContain('PORT');
    expect(config).toContain('OPERATOR_EMAILS');
    expect(config.length).toBeGreaterThan(20);
  });

  it('names every setting in the README and .env.example, and nothing else', () => {
    expect(drift(config, readmeVariables(read('README.md')), exampleVariables(read('.env.example')))).toEqual(
      [],
    );
  });

  it('catches a planted drift', () => {
    const readme = readmeVariables(read('README.md')).filter((name) => name !== 'RENDER_THREADS');
    const example = [...exampleVariables(read('.env.example')), 'MESTERSIDE_FOO'];
    expect(drift(config, readme, example)).toEqual([
      "RENDER_THREADS: read by lib/config.ts, missing from the README's table",
      'MESTERSIDE_FOO: documented, but lib/config.ts does not read it',
    ]);
  });
});
