// Writes page text without an AI provider: Danish sentences from banks (template-phrases.ts) filled
// with the company's name, city, trade and keywords. The choice is seeded by a hash of the input and
// a variant, so each generation reads differently while the same seed always gives the same text.
import { clipAtWord, countWords, formatList, keptSpellings, recaseTitle } from './polish-text';
import {
  CALL_TO_ACTION,
  HOMEPAGE_OPENERS,
  HOMEPAGE_SUBTITLES,
  HOMEPAGE_TITLES,
  INTRO,
  LOCAL,
  PAGE_OPENERS,
  PAGE_TITLES,
  PROCESS,
  QUALITY,
  type RoleBank,
  SERVICES,
  TRADES,
} from './template-phrases';
import {
  MIN_WORDS,
  PARAGRAPHS,
  SUBTITLE_MAX,
  type TextWriter,
  TITLE_MAX,
  type WriteInput,
  type WrittenText,
} from './text-writer';

export interface TemplateWriterOptions {
  /** Where the writer's own call counter starts when an input carries no variant. */
  seed?: number;
}

// A little above the minimum, so a short sentence more or less never drops a text below it.
const WORD_TARGET = MIN_WORDS + 30;

type Role = 'intro' | 'services' | 'quality' | 'local' | 'process' | 'cta';

// Which roles fill each paragraph, by page type and paragraph count. A paragraph with two roles
// gives the first about 60 % of its words.
const LAYOUTS: Record<WriteInput['pageType'], Record<number, Role[][]>> = {
  page: {
    3: [['intro'], ['services', 'quality'], ['local', 'cta']],
    4: [['intro'], ['services'], ['quality', 'process'], ['local', 'cta']],
  },
  homepage: {
    4: [['intro'], ['services'], ['quality', 'process'], ['local', 'cta']],
    5: [['intro'], ['services'], ['quality'], ['local', 'process'], ['cta']],
    6: [['intro'], ['services'], ['process'], ['quality'], ['local'], ['cta']],
  },
};

// Where sentences come from when a role's own bank runs dry (few placeholders filled).
const SPARE_ROLES: Role[] = ['quality', 'services', 'intro', 'process'];

export function createTemplateWriter(options: TemplateWriterOptions = {}): TextWriter {
  let calls = options.seed ?? 0;
  return {
    async write(input: WriteInput): Promise<WrittenText> {
      const variant = input.variant ?? calls++;
      return writeFromTemplates(input, variant);
    },
  };
}

/** Pure: the same input and variant always give the same text. */
export function writeFromTemplates(input: WriteInput, variant: string | number): WrittenText {
  const random = mulberry32(
    fnv1a([input.companyName, input.keywords.join('|'), input.pageType, String(variant)].join('\n')),
  );
  const values = placeholderValues(input);
  const homepage = input.pageType === 'homepage';
  const [minParagraphs, maxParagraphs] = PARAGRAPHS[input.pageType];
  const count = minParagraphs + Math.floor(random() * (maxParagraphs - minParagraphs + 1));
  const layout = LAYOUTS[input.pageType][count] ?? LAYOUTS[input.pageType][minParagraphs] ?? [];

  const banks: Record<Role, RoleBank> = {
    intro: { ...INTRO, first: homepage ? HOMEPAGE_OPENERS : PAGE_OPENERS },
    services: SERVICES,
    quality: QUALITY,
    local: LOCAL,
    process: PROCESS,
    cta: CALL_TO_ACTION,
  };
  const used = new Set<string>();
  // A keyword in every sentence reads as stuffing: a few mentions per keyword, then other sentences.
  const keywordBudget = 2 + 2 * values.topics.length;
  let keywordMentions = 0;
  const usable = (template: string) =>
    !used.has(template) &&
    fillable(template, values) &&
    (mentions(template) === 0 || keywordMentions < keywordBudget);
  const fill = filler(values, Math.floor(random() * Math.max(1, values.topics.length)));
  const perParagraph = Math.ceil(WORD_TARGET / layout.length);

  const take = (template: string, into: string[]) => {
    used.add(template);
    keywordMentions += mentions(template);
    into.push(fill(template));
  };
  const takeSpare = (into: string[]): boolean => {
    for (const role of SPARE_ROLES) {
      const spare = banks[role].rest.find(usable);
      if (spare) {
        take(spare, into);
        return true;
      }
    }
    return false;
  };

  const paragraphs = layout.map((roles) => {
    const sentences: string[] = [];
    roles.forEach((role, index) => {
      const bank = banks[role];
      const share = roles.length === 1 ? 1 : index === 0 ? 0.6 : 0.4;
      const quota = countWords(sentences.join(' ')) + Math.round(perParagraph * share);
      const opener = pick((bank.first ?? []).filter(usable), random);
      if (opener) take(opener, sentences);
      // Chosen at random, counted by their unfilled words (a placeholder counts as one), and for an
      // ordered bank put back in the bank's order before filling.
      let words = countWords(sentences.join(' '));
      let planned = keywordMentions;
      const chosen: string[] = [];
      for (const template of shuffle(bank.rest.filter(usable), random)) {
        if (words >= quota) break;
        if (mentions(template) > 0 && planned >= keywordBudget) continue;
        chosen.push(template);
        words += countWords(template);
        planned += mentions(template);
      }
      if (bank.ordered) chosen.sort((a, b) => bank.rest.indexOf(a) - bank.rest.indexOf(b));
      for (const template of chosen) take(template, sentences);
      while (countWords(sentences.join(' ')) < quota) {
        if (!takeSpare(sentences)) break;
      }
    });
    return sentences;
  });

  // Top up the second paragraph should the banks have run short of the minimum.
  const middle = paragraphs[Math.min(1, paragraphs.length - 1)] ?? [];
  while (countWords(paragraphs.flat().join(' ')) < WORD_TARGET) {
    if (!takeSpare(middle)) break;
  }

  const content = paragraphs.map((sentences) => sentences.join(' ')).join('\n\n');
  const kept = keptSpellings(input);
  const headline = filler(values, 0);
  const title = firstFitting(homepage ? HOMEPAGE_TITLES : PAGE_TITLES, values, headline, TITLE_MAX, random);
  const subtitle = homepage
    ? firstFitting(HOMEPAGE_SUBTITLES, values, headline, SUBTITLE_MAX, random)
    : undefined;
  return {
    title: clipAtWord(recaseTitle(title, kept), TITLE_MAX),
    ...(subtitle ? { subtitle: clipAtWord(subtitle, SUBTITLE_MAX) } : {}),
    content,
    source: 'template',
  };
}

interface Values {
  company: string;
  city: string | undefined;
  trade: string;
  /** The keywords the text is about; a keyword that is just the city is left to the city's sentences. */
  topics: string[];
}

function placeholderValues(input: WriteInput): Values {
  const city = input.city?.toLocaleLowerCase('da');
  const kept = new Set(keptSpellings(input));
  // The title rule in running text too: 'Tagrenovering' typed with a habitual capital reads
  // 'tagrenovering' mid-sentence, while 'VVS' and kept spellings stay as typed.
  const topics = input.keywords
    .filter((keyword) => keyword.toLocaleLowerCase('da') !== city)
    .map((keyword) => {
      const first = keyword.split(' ')[0] ?? '';
      return kept.has(first) || kept.has(keyword)
        ? keyword
        : keyword.charAt(0).toLocaleLowerCase('da') + keyword.slice(1);
    });
  let trade = 'håndværker';
  for (const source of [input.industryDesc ?? '', input.companyName, input.keywords.join(' ')]) {
    const found = TRADES.find(([pattern]) => pattern.test(source));
    if (found) {
      trade = found[1];
      break;
    }
  }
  return { company: input.companyName, city: input.city, trade, topics };
}

/** How many single keywords ({kw}, {Kw}) a template names; a {kwList} is not counted. */
function mentions(template: string): number {
  return template.match(/\{(kw|Kw)\}/g)?.length ?? 0;
}

function fillable(template: string, values: Values): boolean {
  if (!values.city && template.includes('{city}')) return false;
  if (values.topics.length === 0 && /\{(kw|Kw|kwList)\}/.test(template)) return false;
  return true;
}

/** Fills placeholders; each {kw} takes the next keyword, starting at `start`. */
function filler(values: Values, start: number): (template: string) => string {
  let next = start;
  const keyword = () => values.topics[next++ % values.topics.length] ?? '';
  return (template) =>
    template.replace(/\{(company|city|trade|kw|Kw|kwList)\}/g, (_, name: string) => {
      switch (name) {
        case 'company':
          return values.company;
        case 'city':
          return values.city ?? '';
        case 'trade':
          return values.trade;
        case 'kw':
          return keyword();
        case 'Kw':
          return capitalise(keyword());
        default:
          return formatList(values.topics);
      }
    });
}

/** A random usable template whose filled text fits `max`; the shortest usable one clipped otherwise. */
function firstFitting(
  templates: readonly string[],
  values: Values,
  fill: (template: string) => string,
  max: number,
  random: () => number,
): string {
  const usable = templates.filter((template) => fillable(template, values));
  const city = values.city?.toLocaleLowerCase('da');
  // 'Tømrer Køge i Køge': a keyword that names the city already makes a city template say it twice.
  const repeatsCity = (text: string) =>
    city !== undefined && text.toLocaleLowerCase('da').split(city).length > 2;
  const filled = shuffle(usable, random)
    .map((template) => fill(template))
    .sort((a, b) => Number(repeatsCity(a)) - Number(repeatsCity(b)));
  return (
    filled.find((text) => text.length <= max) ??
    [...filled].sort((a, b) => a.length - b.length)[0] ??
    values.company
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase('da') + text.slice(1);
}

function pick<T>(items: readonly T[], random: () => number): T | undefined {
  return items[Math.floor(random() * items.length)];
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// A small, well-spread PRNG: enough to pick sentences, and reproducible from a 32-bit seed.
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
