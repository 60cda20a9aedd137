// rules/messages.ts's header, held: a message the API answers or a screen shows as an error or a
// confirmation is named from rules/, never written where it is used, and is worded in one of
// MESSAGE_HOMES (rules/messages.ts, and beside it one file per area whose messages the admin's
// first chunk must not carry to every screen). Read from the source: a
// literal text handed to AppError, to an error or message state, or to the API client as its
// failure text, is a message written in the wrong place. Labels, hints and headings are not
// messages and are not looked at.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where a message is handed over: the literal (or the name of a const holding one) that follows. */
const MESSAGE_SLOTS = [
  /new AppError\(\s*'[a-z_]+'\s*,\s*/g,
  /\bset(?:[A-Z]\w*)?(?:Error|Message|Notice)\(\s*/g,
  /\b(?:error|message|notice):\s*/g,
  /\bapi\.(?:get|post|put|patch|delete)\(\s*[^,]+,\s*/g,
  // A route's plain-text answer.
  /\bc\.(?:text|html)\(\s*/g,
  // zod's message argument, in contracts/ and wherever a schema is written.
  /\.(?:min|max|length|regex|refine|superRefine|email|url|startsWith|endsWith|includes|gte|lte|gt|lt|int|positive|nonnegative|nonempty)\(\s*[^,()]+,\s*/g,
];

/** A message is words: a code, an id, a path or a content type is not one. */
function isWords(text: string): boolean {
  return /[A-Za-zæøåÆØÅ]+ [A-Za-zæøåÆØÅ]+/.test(text);
}

/** The string literal starting at `start` (its quote included), or null. */
function literalAt(code: string, start: number): string | null {
  const quote = code[start];
  if (quote !== "'" && quote !== '"' && quote !== '`') return null;
  const end = code.indexOf(quote, start + 1);
  return end < 0 ? null : code.slice(start + 1, end);
}

/** Names declared in the file as `const NAME = '<words>'`, with their text. */
function wordConsts(code: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of code.matchAll(/\bconst\s+([A-Za-z_$][\w$]*)\s*(?::\s*string\s*)?=\s*/g)) {
    const text = literalAt(code, (match.index ?? 0) + match[0].length);
    if (text !== null && isWords(text)) found.set(match[1] as string, text);
  }
  return found;
}

/** The argument text of the call whose `(` is at `open`, up to its matching `)`. */
function callArgument(code: string, open: number): string {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const char = code[i];
    if (char === "'" || char === '"' || char === '`') {
      i = code.indexOf(char, i + 1);
      if (i < 0) break;
    } else if (char === '(' || char === '{' || char === '[') depth++;
    else if (char === ')' || char === '}' || char === ']') {
      depth--;
      if (depth === 0) return code.slice(open + 1, i);
    }
  }
  return code.slice(open + 1);
}

function strayMessages(file: { path: string; text: string }): string[] {
  const code = file.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\w])\/\/[^\n]*/g, '$1');
  const consts = wordConsts(code);
  const found: string[] = [];
  for (const slot of MESSAGE_SLOTS) {
    for (const match of code.matchAll(slot)) {
      const start = (match.index ?? 0) + match[0].length;
      const text = literalAt(code, start);
      if (text !== null) {
        if (isWords(text)) found.push(`${file.path}: '${text}'`);
        continue;
      }
      // A message kept in a const of the file first, then handed over by name.
      const name = /^[A-Za-z_$][\w$]*/.exec(code.slice(start))?.[0];
      const held = name === undefined ? undefined : consts.get(name);
      if (held !== undefined) found.push(`${file.path}: '${held}' (in const ${name})`);
    }
  }
  // Any words inside a JSON answer: c.json({ … }) is what the browser shows.
  for (const match of code.matchAll(/\bc\.json\(/g)) {
    const argument = callArgument(code, (match.index ?? 0) + match[0].length - 1);
    for (const literal of argument.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      const text = literal[1] ?? literal[2] ?? literal[3] ?? '';
      if (isWords(text)) found.push(`${file.path}: '${text}'`);
    }
  }
  return [...new Set(found)];
}

/** Words that are not a user's message, each with its reason. */
const NOT_MESSAGES: Readonly<Record<string, string>> = {
  // GET /api/health's `problems` name the broken part in English for monitors (README, "health").
  "api/routes/health.ts: 'database unreachable'": 'a problem name for monitors',
};

const FOLDERS = ['admin/src', 'templates/onboarding', 'api', 'server', 'contracts'];

/** Where messages are worded: the catalogue, and one file per area that only some screens, the site
 *  or the server need (rules/messages.ts's header names each area). */
const MESSAGE_HOMES = [
  'rules/messages.ts',
  'rules/lead-messages.ts',
  'rules/page-messages.ts',
  'rules/settings-messages.ts',
  'rules/account-messages.ts',
  'rules/upload-messages.ts',
  'rules/contact-messages.ts',
  'rules/trust-messages.ts',
  'rules/review-messages.ts',
  'rules/subscription-messages.ts',
  'rules/quote-messages.ts',
  'rules/invoice-messages.ts',
  'rules/quote-page-messages.ts',
  'rules/booking-messages.ts',
];

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

describe('messages live in rules/messages.ts and its area files', () => {
  it('words every message group in one of the homes, and every home holds one', () => {
    const groups = readdirSync(path.join(ROOT, 'rules'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
      .flatMap((entry) => {
        const absolute = path.join(entry.parentPath, entry.name);
        const file = path.relative(ROOT, absolute).split(path.sep).join('/');
        const text = readFileSync(absolute, 'utf8');
        return [...text.matchAll(/^export const ([A-Z_]*MESSAGES)\b/gm)].map((match) => ({
          file,
          group: match[1] as string,
        }));
      });
    expect(groups.filter(({ file }) => !MESSAGE_HOMES.includes(file))).toEqual([]);
    for (const home of MESSAGE_HOMES)
      expect(
        groups.some(({ file }) => file === home),
        home,
      ).toBe(true);
  });

  it('no screen or route writes its own error or feedback message', () => {
    const files = sources();
    expect(files.some((file) => file.path === 'admin/src/screens/settings/logo-tab.tsx')).toBe(true);
    expect(files.some((file) => file.path === 'contracts/company.ts')).toBe(true);
    expect(files.flatMap(strayMessages).filter((stray) => !(stray in NOT_MESSAGES))).toEqual([]);
  });

  it('catches a planted message in each slot, and leaves codes and named messages alone', () => {
    const planted = {
      path: 'admin/src/planted.tsx',
      text: [
        "setState({ status: 'failed', error: 'Vælg en billedfil (JPG, PNG eller WebP).' });",
        "setError('Noget gik galt');",
        "throw new AppError('conflict', 'Domænet er taget');",
        "await api.post('/company/domain/check', 'DNS kunne ikke spørges');",
        "return c.text('Dansk besked', 400);",
        "return c.json({ ok: false, reason: 'Prøv igen senere' }, 429);",
        "const refusal = 'Siden findes ikke';",
        "throw new AppError('not_found', refusal);",
        'link: z.string().max(200, `Links må højst være 200 tegn`),',
        "setError(UPLOAD_MESSAGES.notAnImage); const x = { error: 'not_found' }; api.get('/pages', MESSAGES.x);",
        "return c.json({ error: { code: 'not_found', message: MESSAGES.notFound } }, 404);",
        "c.header('Content-Type', 'text/plain'); const label = 'Gem ændringer';",
        "// setError('Kun en kommentar');",
      ].join('\n'),
    };
    expect(strayMessages(planted)).toEqual([
      "admin/src/planted.tsx: 'Domænet er taget'",
      "admin/src/planted.tsx: 'Siden findes ikke' (in const refusal)",
      "admin/src/planted.tsx: 'Noget gik galt'",
      "admin/src/planted.tsx: 'Vælg en billedfil (JPG, PNG eller WebP).'",
      "admin/src/planted.tsx: 'DNS kunne ikke spørges'",
      "admin/src/planted.tsx: 'Dansk besked'",
      "admin/src/planted.tsx: 'Links må højst være 200 tegn'",
      "admin/src/planted.tsx: 'Prøv igen senere'",
    ]);
  });
});
