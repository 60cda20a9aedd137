// The Danish-quality checks every written text passes before a site uses it, whichever writer made
// it: the OpenAI writer's answer falls back to the template writer when one fails, and the quality
// test suite runs the template writer over every trade profile and a corpus of registry texts.
import { paragraphText } from '../../rules/page-content';
import { shortCompanyName, type TradeProfile } from '../../rules/trades';

export interface QualityContext {
  companyName: string;
  industryDesc?: string;
  profile?: TradeProfile;
}

/** The one place a registry category may stand: a line '**Branche:** …' of its own. */
const CATEGORY_LABEL = /^\*\*Branche:\*\* [^\n]*$/gm;

/** At most this many words in one sentence: longer ones are hard to read on a phone. */
export const MAX_SENTENCE_WORDS = 30;

// Acronyms a Danish trade text uses, in their only correct spelling.
const ACRONYMS = ['VVS', 'HFI', 'CVR', 'PFI'];

/** The sentences of a Markdown text, without list markers, heading marks, bold or link syntax. */
export function sentencesOf(markdown: string): string[] {
  return markdown
    .split(/\n+/)
    .map((line) => paragraphText(line.replace(/^\s*(?:#{1,6}|[-*+]|\d+\.)\s+/, '')))
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“*[])/u))
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[.!?]$/.test(sentence));
}

function words(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * Problems in the texts of one site (titles, subtitles and bodies together), as short English
 * descriptions; an empty list when the texts pass.
 */
export function qualityProblems(texts: readonly string[], context: QualityContext): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const sentence of texts.flatMap(sentencesOf)) {
    const key = sentence.toLocaleLowerCase('da');
    if (seen.has(key)) problems.push(`repeated sentence: ${sentence}`);
    seen.add(key);
    if (words(sentence) > MAX_SENTENCE_WORDS)
      problems.push(`sentence over ${MAX_SENTENCE_WORDS} words: ${sentence}`);
  }
  const all = texts.join('\n');
  const plain = texts.map((text) => paragraphText(text)).join('\n');

  const leftover = /\{[^}\n]*\}|\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]/.exec(plain);
  if (leftover) problems.push(`leftover placeholder: ${leftover[0]}`);

  for (const acronym of ACRONYMS) {
    const pattern = new RegExp(`(?<![\\p{L}/.@])${acronym}(?![\\p{L}.])`, 'giu');
    for (const match of plain.matchAll(pattern)) {
      if (match[0] !== acronym) problems.push(`acronym not in capitals: ${match[0]}`);
    }
  }
  if (/(?<![\p{L}])\p{Ll}\p{Lu}{2,}/u.test(plain))
    problems.push('a word starts lowercase before capitals (vVS)');

  const desc = context.industryDesc?.trim().toLocaleLowerCase('da');
  const nounForms = context.profile
    ? Object.values(context.profile.noun).map((form) => String(form).toLocaleLowerCase('da'))
    : [];
  // A registry category ('tømrer- og bygningssnedkervirksomhed') must not be written as if it were a
  // service; a one-word description the profile itself uses as a service ('vinduespudsning') may be.
  const ownWords = context.profile
    ? [...context.profile.services, ...context.profile.keywords].join('\n').toLocaleLowerCase('da')
    : '';
  const descPattern = desc ? new RegExp(`(?<!\\p{L})${escapeRegExp(desc)}(?!\\p{L})`, 'iu') : null;
  // A company whose trade we cannot tell shows the description once as what it is, a labelled
  // category on a line of its own ('**Branche:** Arkitektvirksomhed'); only there may it stand.
  const outsideLabel = texts.map((text) => paragraphText(text.replace(CATEGORY_LABEL, ''))).join('\n');
  if (
    desc &&
    descPattern &&
    !nounForms.includes(desc) &&
    !ownWords.includes(desc) &&
    descPattern.test(outsideLabel)
  ) {
    problems.push(`industry description used in the text: ${context.industryDesc}`);
  }

  const full = context.companyName.replace(/\s+/g, ' ').trim();
  if (full !== shortCompanyName(full) && all.split(full).length > 2) {
    problems.push(`full legal name repeated: ${full}`);
  }

  if (context.profile) problems.push(...nounProblems(plain, context.profile));
  return problems;
}

/** 'en tømreren', 'et tømrer', 'dit lokale tømrer': an article or possessive that does not fit the noun. */
function nounProblems(text: string, profile: TradeProfile): string[] {
  const { singular, singularDefinite, gender } = profile.noun;
  const problems: string[] = [];
  const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const wrongArticle = gender === 'neuter' ? 'en' : 'et';
  const wrongPossessive = gender === 'neuter' ? 'din' : 'dit';
  const checks: [RegExp, string][] = [
    [
      new RegExp(`(?<!\\p{L})${wrongArticle}\\s+(?:\\p{L}+\\s+)?${literal(singular)}(?!\\p{L})`, 'iu'),
      'article',
    ],
    [
      new RegExp(`(?<!\\p{L})${wrongPossessive}\\s+(?:lokale\\s+)?${literal(singular)}(?!\\p{L})`, 'iu'),
      'possessive',
    ],
    [
      new RegExp(
        `(?<!\\p{L})(?:en|et|din|dit)\\s+(?:lokale\\s+)?${literal(singularDefinite)}(?!\\p{L})`,
        'iu',
      ),
      'definite',
    ],
  ];
  for (const [pattern, kind] of checks) {
    const match = pattern.exec(text);
    if (match) problems.push(`wrong noun form (${kind}): ${match[0]}`);
  }
  return problems;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
