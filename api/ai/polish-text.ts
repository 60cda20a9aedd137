// The finishing every written text gets, whichever writer made it: the title re-cased to a first
// capital only (the spec's Calls), title and subtitle clipped to their limits at a word, paragraphs separated
// by exactly one blank line.
import { splitParagraphs } from '../../rules/pages';
import type { WriteInput } from './text-writer';

const LOCALE = 'da';

/** Trade acronyms a title keeps in capitals even when the input does not spell them ('VVS-service'). */
const TRADE_ACRONYMS = ['VVS', 'HFI', 'PFI'];

/**
 * The spellings a re-cased title keeps, longest first. Lowercasing everything but the first letter
 * would turn 'VVS' into 'vvs' and 'Køge' into 'køge', so these survive as the input spells them:
 * - the whole company name and the whole city, and the trade acronyms (VVS, HFI, PFI);
 * - abbreviations (two or more capitals: 'VVS', 'ApS', 'A/S') in the company name, city or keywords;
 * - keyword words with a capital that are not the first word of their keyword ('tømrer Køge' keeps
 *   'Køge'). A keyword's first word is not kept: owners capitalise 'Tagrenovering' out of habit.
 */
export function keptSpellings(input: Pick<WriteInput, 'companyName' | 'city' | 'keywords'>): string[] {
  const kept = new Set<string>([input.companyName, ...TRADE_ACRONYMS]);
  if (input.city) kept.add(input.city);
  for (const phrase of [input.companyName, input.city ?? '', ...input.keywords]) {
    for (const word of words(phrase)) if (isAbbreviation(word)) kept.add(word);
  }
  for (const keyword of input.keywords) {
    for (const word of words(keyword).slice(1)) if (/\p{Lu}/u.test(word)) kept.add(word);
  }
  kept.delete('');
  return [...kept].sort((a, b) => b.length - a.length);
}

/** Lowercases the title except its first letter and the kept spellings (see keptSpellings). */
export function recaseTitle(title: string, kept: readonly string[]): string {
  // A scan, not one regular expression of the kept spellings: every company has other spellings, and
  // V8 took 1.7 ms to compile such a pattern (case-insensitive, Unicode) on the serving thread at
  // each sign-up, where the scan takes microseconds.
  const terms = kept
    .map((term) => ({ term, words: term.toLocaleLowerCase(LOCALE).split(/\s+/).filter(Boolean) }))
    .filter(({ words }) => words.length > 0);
  const lower = title.toLocaleLowerCase(LOCALE);
  // Positions line up only when lowercasing kept every character's length (it does for Danish).
  const comparable = lower.length === title.length;
  let result = '';
  let last = 0;
  for (let index = 0; comparable && index < title.length; index++) {
    if (isWordCharacterBefore(title, index)) continue;
    for (const { term, words } of terms) {
      const end = matchWordsAt(lower, index, words);
      if (end === -1) continue;
      result += lower.slice(last, index) + term;
      last = end;
      index = end - 1;
      break;
    }
  }
  result += title.slice(last).toLocaleLowerCase(LOCALE);
  return capitaliseFirst(result.replace(/\s+/g, ' ').trim());
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Whether the character before `index` is a letter or digit (a match cannot start inside a word). */
function isWordCharacterBefore(text: string, index: number): boolean {
  if (index === 0) return false;
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(start) ?? 0));
}

/** Where `words`, separated by any whitespace, end when they start at `index` of `lower` and are
 *  followed by no letter or digit; -1 when they do not. */
function matchWordsAt(lower: string, index: number, words: readonly string[]): number {
  let at = index;
  for (let word = 0; word < words.length; word++) {
    if (word > 0) {
      const gap = at;
      while (at < lower.length && /\s/.test(lower[at] as string)) at++;
      if (at === gap) return -1;
    }
    const expected = words[word] as string;
    if (!lower.startsWith(expected, at)) return -1;
    at += expected.length;
  }
  const next = lower.codePointAt(at);
  return next !== undefined && WORD_CHARACTER.test(String.fromCodePoint(next)) ? -1 : at;
}

// Words that cannot end a title or subtitle cut short: 'Tømrer i' reads as a mistake.
const DANGLING = /\s+(og|i|til|med|for|på|af|at|en|et|de|den|det|der|som|samt|eller|hos|fra|om|-|–|—)$/iu;

/** Shortens text to at most `max` characters, cutting at a word and dropping a dangling last word. */
export function clipAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  let clipped = space > max / 2 ? head.slice(0, space) : clean.slice(0, max);
  clipped = clipped.replace(/[\s,;:–—-]+$/u, '');
  while (DANGLING.test(clipped)) clipped = clipped.replace(DANGLING, '');
  return clipped.replace(/[\s,;:–—-]+$/u, '');
}

/**
 * One block per blank-line-separated block, joined by exactly one blank line. An answer that put
 * each paragraph on its own line without a blank line between gets those lines as paragraphs (unless
 * they are a list). The Markdown subset the site renders (lists, bold, links, subheadings) is kept.
 */
export function normaliseParagraphs(content: string): string {
  const plain = content.replace(/\r\n?/g, '\n').replace(/^[^\S\n]*#[^\S\n]+/gm, '## ');
  let paragraphs = splitParagraphs(plain);
  const only = paragraphs[0];
  if (
    paragraphs.length === 1 &&
    only !== undefined &&
    only.includes('\n') &&
    !/^\s*([-*+]|\d+\.)\s/m.test(only)
  ) {
    paragraphs = only.split('\n');
  }
  return paragraphs
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) =>
          line
            .replace(/[^\S\n]+/g, ' ')
            .trimEnd()
            .replace(/^\s+(?![-*+]\s)/, ''),
        )
        .filter((line) => line.trim() !== '')
        .join('\n'),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/** 'a', 'a og b', 'a, b og c'. */
export function formatList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} og ${items[items.length - 1]}`;
}

/** Words with at least one letter or digit; a dash between words is not a word. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function capitaliseFirst(text: string): string {
  const index = text.search(/\p{L}/u);
  if (index < 0) return text;
  return text.slice(0, index) + text.charAt(index).toLocaleUpperCase(LOCALE) + text.slice(index + 1);
}

function words(phrase: string): string[] {
  return phrase
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
}

function isAbbreviation(word: string): boolean {
  return (word.match(/\p{Lu}/gu)?.length ?? 0) >= 2;
}
