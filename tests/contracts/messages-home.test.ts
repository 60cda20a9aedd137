// rules/messages.ts's header, held: a message the API answers or a screen shows as an error or a
// confirmation is named from rules/, never written where it is used. Read from the source: a
// literal text handed to AppError, to an error or message state, or to the API client as its
// failure text, is a message written in the wrong place. Labels, hints and headings are not
// messages and are not looked at.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where a message is handed over: the literal that follows is the stray. */
const MESSAGE_SLOTS = [
  /new AppError\(\s*'[a-z_]+'\s*,\s*(['"`])/g,
  /\bset(?:[A-Z]\w*)?(?:Error|Message|Notice)\(\s*(['"`])/g,
  /\b(?:error|message|notice):\s*(['"`])(?=[^'"`]*\s)/g,
  /\bapi\.(?:get|post|put|patch|delete)\(\s*[^,]+,\s*(['"`])/g,
];

function strayMessages(file: { path: string; text: string }): string[] {
  const code = file.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\w])\/\/[^\n]*/g, '$1');
  const found: string[] = [];
  for (const slot of MESSAGE_SLOTS) {
    for (const match of code.matchAll(slot)) {
      const quote = match[1] as string;
      const start = (match.index ?? 0) + match[0].length;
      const text = code.slice(start, code.indexOf(quote, start));
      // A message is words: a code, an id or a path is not one.
      if (/[A-Za-zæøåÆØÅ]+ [A-Za-zæøåÆØÅ]+/.test(text)) found.push(`${file.path}: '${text}'`);
    }
  }
  return found;
}

const FOLDERS = ['admin/src', 'templates/onboarding', 'api', 'server'];

function sources(): { path: string; text: string }[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => {
        const absolute = path.join(entry.parentPath, entry.name);
        return {
          path: path.relative(ROOT, absolute).split(path.sep).join('/'),
          text: readFileSync(absolute, 'utf8'),
        };
      }),
  );
}

describe('messages live in rules/messages.ts', () => {
  it('no screen or route writes its own error or feedback message', () => {
    const files = sources();
    expect(files.some((file) => file.path === 'admin/src/screens/settings/logo-tab.tsx')).toBe(true);
    expect(files.flatMap(strayMessages)).toEqual([]);
  });

  it('catches a planted message in each slot, and leaves codes and named messages alone', () => {
    const planted = {
      path: 'admin/src/planted.tsx',
      text: [
        "setState({ status: 'failed', error: 'Vælg en billedfil (JPG, PNG eller WebP).' });",
        "setError('Noget gik galt');",
        "throw new AppError('conflict', 'Domænet er taget');",
        "await api.post('/company/domain/check', 'DNS kunne ikke spørges');",
        "setError(UPLOAD_MESSAGES.notAnImage); const x = { error: 'not_found' }; api.get('/pages', MESSAGES.x);",
        "// setError('Kun en kommentar');",
      ].join('\n'),
    };
    expect(strayMessages(planted)).toEqual([
      "admin/src/planted.tsx: 'Domænet er taget'",
      "admin/src/planted.tsx: 'Noget gik galt'",
      "admin/src/planted.tsx: 'Vælg en billedfil (JPG, PNG eller WebP).'",
      "admin/src/planted.tsx: 'DNS kunne ikke spørges'",
    ]);
  });
});
