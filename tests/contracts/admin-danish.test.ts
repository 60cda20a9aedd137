// Issue 49, item 8: the admin speaks plain Danish. Every text the owner can see in the admin — JSX
// text, the strings a screen hands to a label, placeholder, title or aria-label, and the messages of
// the rules/ files the admin imports — is read from the source, and a word from ENGLISH_WORDS in it
// fails the check. SPEC's word-for-word Danish texts keep their wording even where it borrows an
// English word ('Forkert email eller password'): they are SPEC_WORDING, and only the exact text is
// let through, not the word wherever it appears.
//
// Read through esbuild's JSX transform, so JSX text and props become ordinary string literals and
// comments are gone; a string handed to a technical prop (className, type, autoComplete, a path…)
// or compared with === is code, not text, and is not looked at.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../rules/messages';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** English words a Danish owner should not meet in the admin (lowercase). Words Danish has taken
 *  over as its own (link, layout, logo, upload, e-mail/email, login, online) are not here. */
const ENGLISH_WORDS = new Set([
  'dashboard',
  'password',
  'passwords',
  'hero',
  'cms',
  'seo',
  'meta',
  'preview',
  'settings',
  'save',
  'cancel',
  'delete',
  'edit',
  'submit',
  'loading',
  'error',
  'success',
  'homepage',
  'slug',
  'draft',
  'content',
  'image',
  'images',
  'page',
  'pages',
  'click',
  'logout',
  'signup',
  'username',
  'subscription',
  'website',
  'required',
  'please',
  'your',
  'the',
  'with',
  'company',
  'failed',
]);

/** SPEC's word-for-word texts (quoted in SPEC) that contain a word from ENGLISH_WORDS. */
const SPEC_WORDING = [
  // SPEC §5 and §8.
  'Email og password er påkrævet',
  'Password skal være mindst 6 tegn',
  'Passwords matcher ikke',
  'Forkert email eller password',
  'Company name is required',
  'Unexpected Application Error!',
];

/** Props and object keys whose string is code (a class, an input type, a path), not text. */
const TECHNICAL_KEYS = new Set([
  'className',
  'class',
  'id',
  'key',
  'name',
  'type',
  'autoComplete',
  'inputMode',
  'role',
  'htmlFor',
  'to',
  'href',
  'src',
  'path',
  'method',
  'mode',
  'status',
  'kind',
  'layout',
  'accept',
  'rel',
  'target',
  'sandbox',
  'loading',
  'enterKeyHint',
  'form',
  'field',
  'code',
  'value',
  'defaultValue',
  'tab',
  'variant',
  'source',
  'httpEquiv',
  'aria-keyshortcuts',
  'ariaKeyshortcuts',
  // The rich-text toolbar's key names for aria-keyshortcuts ('Control+B Meta+B'), a fixed syntax.
  'aria',
]);

/** Texts in the files read that no owner sees, each with its reason. */
const NOT_SHOWN: Readonly<Record<string, string>> = {
  "rules/municipalities.ts: 'PostNord postnummerfil (2020-10-17) with the kommunekoder of DAWA (api.dataforsyningen.dk/kommuner)'":
    "the table's source, for the engineer who refreshes it",
};

/** A string that reads as text: words with a space between them, or a capitalised word. */
function isText(text: string): boolean {
  return /[A-Za-zÆØÅæøå]\s+[A-Za-zÆØÅæøå]/.test(text) || /^[A-ZÆØÅ][a-zæøå]+/.test(text.trim());
}

/** A class list such as 'pages-menu-item pages-menu-item-active'. */
function isClassList(text: string): boolean {
  const tokens = text.trim().split(/\s+/);
  return (
    tokens.some((token) => token.includes('-')) &&
    tokens.every((token) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(token))
  );
}

/** The string literals of compiled JavaScript that read as text, each with nothing technical around it. */
function visibleStrings(javascript: string): string[] {
  const found: string[] = [];
  const literal = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;
  for (const match of javascript.matchAll(literal)) {
    const before = javascript.slice(Math.max(0, (match.index ?? 0) - 60), match.index);
    if (/(?:===|!==|==|!=)\s*$/.test(before)) continue;
    if (/(?:\bfrom|\bimport\s*\(|\brequire\s*\()\s*$/.test(before)) continue;
    if (/\bError\(\s*$/.test(before)) continue;
    if (
      /\.(?:querySelector|querySelectorAll|closest|matches|getAttribute|setAttribute|addEventListener)\(\s*$/.test(
        before,
      )
    )
      continue;
    const key = /(?:([A-Za-z_$][\w$]*)|"([\w$-]+)")\s*[:=]\s*$/.exec(before);
    const keyName = key?.[1] ?? key?.[2];
    if (keyName !== undefined && (TECHNICAL_KEYS.has(keyName) || keyName.startsWith('data-'))) continue;
    const raw = match[1] ?? match[2] ?? match[3] ?? '';
    // A template's code between ${ and } is not text; its parts are.
    for (const part of raw.split(/\$\{[^}]*\}/)) {
      const text = part.replace(/\\n/g, ' ').replace(/\\(.)/g, '$1');
      // A style sheet ('html{background:…}') is code too.
      if (isText(text) && !isClassList(text) && !/\{[^}]*:[^}]*\}/.test(text)) found.push(text);
    }
  }
  return found;
}

/** The English words in a text, once its allowed wordings are taken out. */
function englishWords(text: string, allowed: readonly string[]): string[] {
  // An address or host name (linkedin.com/company/ditfirma) is not a word to translate.
  let rest = text.replace(/\S*[A-Za-z0-9][./][A-Za-z0-9]\S*/g, ' ');
  for (const wording of allowed) rest = rest.split(wording).join(' ');
  // A part of a template literal that is a piece of an allowed wording ('Password skal være mindst '
  // of `Password skal være mindst ${PASSWORD_MIN} tegn`).
  if (rest.trim().includes(' ') && allowed.some((wording) => wording.includes(rest.trim()))) return [];
  return (rest.match(/[A-Za-zÆØÅæøå]+/g) ?? []).filter((word) => ENGLISH_WORDS.has(word.toLowerCase()));
}

function compiled(file: string): string {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const javascript = transformSync(source, {
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    jsx: 'automatic',
    charset: 'utf8',
  }).code;
  // esbuild keeps doc comments inside object literals; they are not shown.
  return javascript.replace(/\/\*[\s\S]*?\*\//g, ' ');
}

function adminFiles(): string[] {
  return readdirSync(path.join(ROOT, 'admin/src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The rules/ files the admin imports (directly): their texts reach the admin's screens. */
function rulesFilesOfTheAdmin(files: readonly string[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    for (const match of source.matchAll(/from\s+'([^']*\/rules\/[^']+)'/g)) {
      const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), match[1] as string));
      found.add(`${target.split(path.sep).join('/')}.ts`);
    }
  }
  return [...found].sort();
}

function problems(file: string, javascript: string, allowed: readonly string[]): string[] {
  return visibleStrings(javascript).flatMap((text) => {
    const words = englishWords(text, allowed);
    return words.length === 0 ? [] : [`${file}: '${text}' (${words.join(', ')})`];
  });
}

describe("the admin's texts are Danish", () => {
  const allowed = [...SPEC_WORDING];

  it("every SPEC wording on the allow-list is one of rules/messages.ts's messages", () => {
    // Each allowed wording is one the product really shows, so the list cannot grow stale entries.
    const messages = Object.values(MESSAGES).filter((value) => typeof value === 'string');
    for (const wording of SPEC_WORDING) expect(messages, wording).toContain(wording);
  });

  it('finds no English word in JSX text, visible props or the rules/ messages the admin shows', () => {
    const files = adminFiles();
    expect(files).toContain('admin/src/shell/admin-shell.tsx');
    const rules = rulesFilesOfTheAdmin(files);
    expect(rules).toContain('rules/messages.ts');
    const found = [...files, ...rules]
      .flatMap((file) => problems(file, compiled(file), allowed))
      .filter((problem) => !Object.keys(NOT_SHOWN).some((entry) => problem.startsWith(entry)));
    expect(found).toEqual([]);
  });

  it('fails on a planted English word, and lets code and SPEC wording through', () => {
    const planted = transformSync(
      [
        "const TABS = [{ to: '/admin/dashboard', label: 'Dashboard' }];",
        'export const A = () => (<div className="dashboard-card" data-tab="dashboard">',
        '  <input type="password" name="password" autoComplete="current-password" placeholder="Password" />',
        "  <p title=\"Se dit overblik\">{saving ? 'Gemmer...' : 'Save'}</p>",
        '  <span aria-label="Skift password">x</span>',
        "  {error === 'Dashboard' ? 'Forkert email eller password' : null}",
        '  Baggrundsbillede (hero)',
        '</div>);',
      ].join('\n'),
      { loader: 'tsx', jsx: 'automatic', charset: 'utf8' },
    ).code;
    expect(problems('planted.tsx', planted, allowed)).toEqual([
      "planted.tsx: 'Dashboard' (Dashboard)",
      "planted.tsx: 'Password' (Password)",
      "planted.tsx: 'Save' (Save)",
      "planted.tsx: 'Skift password' (password)",
      "planted.tsx: 'Baggrundsbillede (hero)' (hero)",
    ]);
  });
});
