// Writes page text without an AI provider (and when the provider fails): short, scannable Danish pages
// built from the company's trade profile (rules/trades) and its facts: town, founding year, size,
// whether it can be called or written to. Sentences come from template-phrases.ts; the choice is
// seeded by the company and a variant, so each generation can read differently while the same seed
// always gives the same text. The CVR industry description only picks the profile; it is never
// written into a sentence.
import { foldToAscii as fold } from '../../rules/fold';
import { findTrade, shortCompanyName, writingProfile } from '../../rules/trades';
import { clipAtWord } from './polish-text';
import {
  ABOUT_CTA,
  ABOUT_EXPECT,
  ABOUT_EXPECT_HEADINGS,
  ABOUT_OPENING,
  ABOUT_TEAM,
  ABOUT_TITLES,
  ABOUT_VALUES,
  ABOUT_VALUES_MORE,
  AREA,
  AREA_HEADINGS,
  AREA_MORE,
  capitalise,
  FAQ_HEADINGS,
  HOME_CTA,
  HOME_INTRO,
  HOME_INTRO_MORE,
  HOME_SUBTITLES,
  HOME_TITLES,
  SERVICES_CTA,
  SERVICES_HEADINGS,
  SERVICES_INTRO,
  SERVICES_INTRO_MORE,
  SERVICES_TITLES,
  type Sentence,
  TOPIC_AREA,
  TOPIC_INTRO,
  TOPIC_MORE,
  TOPIC_RELATED_HEADINGS,
  TOPIC_TITLES,
  WHY_FACTS,
  WHY_GENERAL,
  WHY_HEADINGS,
  type WriterFacts,
} from './template-phrases';
import { SUBTITLE_MAX, type TextWriter, TITLE_MAX, type WriteInput, type WrittenText } from './text-writer';

export interface TemplateWriterOptions {
  /** Where the writer's own call counter starts when an input carries no variant. */
  seed?: number;
  /** The year 'since 2009' is measured against; the current year unless a test pins it. */
  now?: () => Date;
}

/** How many services the homepage lists; the services page lists them all. */
const HOME_SERVICES = 6;
/** A founding year is only worth mentioning when the company has some years behind it. */
const MIN_YEARS_FOR_EXPERIENCE = 3;

export function createTemplateWriter(options: TemplateWriterOptions = {}): TextWriter {
  let calls = options.seed ?? 0;
  const now = options.now ?? (() => new Date());
  return {
    async write(input: WriteInput): Promise<WrittenText> {
      const variant = input.variant ?? calls++;
      return writeFromTemplates(input, variant, now());
    },
  };
}

type PageKind = 'home' | 'about' | 'services' | 'topic';

/** Pure: the same input, variant and date always give the same text. */
export function writeFromTemplates(
  input: WriteInput,
  variant: string | number,
  today: Date = new Date(),
): WrittenText {
  const random = mulberry32(
    fnv1a(
      [input.companyName, input.keywords.join('|'), input.pageType, input.topic ?? '', String(variant)].join(
        '\n',
      ),
    ),
  );
  const facts = writerFacts(input, today);
  const kind = pageKind(input, facts);
  const pick = (bank: readonly Sentence[]) => pickSentence(bank, facts, random);
  const choose = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

  let title: string;
  let subtitle: string | undefined;
  let blocks: string[];
  switch (kind) {
    case 'home': {
      title = pickFitting(HOME_TITLES, facts, random, TITLE_MAX);
      subtitle = pick(HOME_SUBTITLES);
      const why = [...usable(WHY_FACTS, facts), ...shuffle(usable(WHY_GENERAL, facts), random)].slice(0, 3);
      blocks = [
        sentences(pick(HOME_INTRO), pick(HOME_INTRO_MORE)),
        facts.category ? `**Branche:** ${facts.category}` : '',
        `## ${knownOrOwn(facts) ? choose(SERVICES_HEADINGS) : 'Det får du hos os'}`,
        bulletList(facts.services.slice(0, HOME_SERVICES)),
        `## ${choose(AREA_HEADINGS)}`,
        sentences(pick(AREA), pickOptional(AREA_MORE, facts, random)),
        `## ${choose(WHY_HEADINGS)}`,
        bulletList(why),
        pick(HOME_CTA),
      ];
      break;
    }
    case 'about': {
      title = pick(ABOUT_TITLES);
      const expect = usable(ABOUT_EXPECT, facts);
      blocks = [
        sentences(pick(ABOUT_OPENING), pickOptional(ABOUT_TEAM, facts, random)),
        sentences(pick(ABOUT_VALUES), pick(ABOUT_VALUES_MORE)),
        `## ${choose(ABOUT_EXPECT_HEADINGS)}`,
        bulletList(expect),
        pick(ABOUT_CTA),
      ];
      break;
    }
    case 'services': {
      title = pick(SERVICES_TITLES);
      blocks = [
        sentences(pick(SERVICES_INTRO), pick(SERVICES_INTRO_MORE)),
        bulletList(facts.services.map((service) => `**${service}**`)),
        `## ${choose(FAQ_HEADINGS)}`,
        ...facts.profile.questions.flatMap((faq) => [`### ${faq.question}`, faq.answer]),
        pick(SERVICES_CTA),
      ];
      break;
    }
    case 'topic': {
      title = pick(TOPIC_TITLES);
      const related = facts.services.slice(1, 6);
      blocks = [
        sentences(pick(TOPIC_INTRO), pickOptional(TOPIC_AREA, facts, random), pick(TOPIC_MORE)),
        ...(related.length > 0 ? [`## ${choose(TOPIC_RELATED_HEADINGS)}`, bulletList(related)] : []),
        ...(facts.knownTrade
          ? [
              `## ${choose(FAQ_HEADINGS)}`,
              ...facts.profile.questions.slice(0, 2).flatMap((faq) => [`### ${faq.question}`, faq.answer]),
            ]
          : []),
        pick(SERVICES_CTA),
      ];
      break;
    }
  }

  return {
    title: clipAtWord(title, TITLE_MAX),
    ...(input.pageType === 'homepage' && subtitle ? { subtitle: clipAtWord(subtitle, SUBTITLE_MAX) } : {}),
    content: blocks.filter((block) => block.trim() !== '').join('\n\n'),
    source: 'template',
  };
}

/** The facts the sentences are built from. */
function writerFacts(input: WriteInput, today: Date): WriterFacts {
  const trade = findTrade({
    industryCode: input.industryCode,
    industryDesc: input.industryDesc,
    companyName: input.companyName,
  });
  const profile = writingProfile(trade);
  const city = input.city ? townName(input.city) : undefined;
  const topics = ownerTopics(input, city);
  const services = dedupe([...topics.map(capitalise), ...profile.services]);
  const founded = foundingYear(input.startDate);
  const year =
    founded !== undefined && today.getFullYear() - founded >= MIN_YEARS_FOR_EXPERIENCE ? founded : undefined;
  const employees = input.employees ?? undefined;
  return {
    name: shortCompanyName(input.companyName),
    city,
    profile,
    knownTrade: trade.kind === 'profile',
    namedTrade: trade.kind === 'profile' || trade.ownTrade !== null,
    category:
      trade.kind === 'unknown' && trade.ownTrade === null
        ? registryCategory(trade.registryCategory)
        : undefined,
    year,
    employees: employees !== undefined && employees > 0 ? employees : undefined,
    hasPhone: input.hasPhone ?? false,
    hasEmail: input.hasEmail ?? false,
    services,
    fromOwner: topics.length > 0,
  };
}

const SERVICES_WORDS = new Set(['ydelser', 'services', 'vores ydelser', 'det tilbyder vi']);
const ABOUT_WORDS = new Set(['om os', 'om firmaet', 'om virksomheden']);

function pageKind(input: WriteInput, facts: WriterFacts): PageKind {
  if (input.pageType === 'homepage') return 'home';
  if (input.topic) return input.topic;
  const keywords = input.keywords.map((keyword) => fold(keyword));
  if (keywords.some((keyword) => SERVICES_WORDS.has(keyword))) return 'services';
  if (keywords.some((keyword) => ABOUT_WORDS.has(keyword))) return 'about';
  return facts.fromOwner ? 'topic' : 'about';
}

/**
 * The owner's keywords that name work: not the town (the town has its own sentences), not the
 * industry description (a registry category, not a service) and not a page name such as 'ydelser'.
 * A keyword typed with a habitual capital ('Tagrenovering') is lowercased unless it is an acronym.
 */
function ownerTopics(input: WriteInput, city: string | undefined): string[] {
  const skip = new Set(
    [input.city, city, input.industryDesc]
      .filter((value): value is string => !!value)
      .map((value) => fold(value)),
  );
  return input.keywords
    .filter((keyword) => {
      const folded = fold(keyword);
      return !skip.has(folded) && !SERVICES_WORDS.has(folded) && !ABOUT_WORDS.has(folded);
    })
    .map((keyword) => keyword.trim());
}

/**
 * The registry's description as a category label: without the registry's 'i.a.n.' (ikke andetsteds
 * nævnt), which no customer reads; undefined when there is none.
 */
function registryCategory(description: string | null): string | undefined {
  const label = (description ?? '').replace(/[\s,]*\bi\.\s?a\.\s?n\.?$/iu, '').trim();
  return label === '' ? undefined : label;
}

/** 'Aarhus C' → 'Aarhus', 'København K' → 'København': the postal district reads oddly in a sentence. */
function townName(city: string): string {
  return city.replace(/\s+(C|K|N|S|V|Ø|NV|NØ|SV|SØ)$/u, '').trim();
}

/** The year from '01/03 - 2009', '2009-03-01' or '2009'. */
export function foundingYear(startDate: string | undefined): number | undefined {
  const match = /\b(1[89]\d\d|20\d\d)\b/.exec(startDate ?? '');
  return match ? Number(match[1]) : undefined;
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = fold(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function knownOrOwn(facts: WriterFacts): boolean {
  return facts.knownTrade || facts.fromOwner;
}

function usable(bank: readonly Sentence[], facts: WriterFacts): string[] {
  return bank.map((sentence) => sentence(facts)).filter((text): text is string => text !== null);
}

function pickSentence(bank: readonly Sentence[], facts: WriterFacts, random: () => number): string {
  const options = usable(bank, facts);
  // Every bank has a sentence without conditions; an empty one is a bug in the banks.
  if (options.length === 0) throw new Error('a sentence bank has no usable sentence');
  return options[Math.floor(random() * options.length)] as string;
}

/** A usable sentence that fits `max` characters; the shortest usable one when none does. */
function pickFitting(
  bank: readonly Sentence[],
  facts: WriterFacts,
  random: () => number,
  max: number,
): string {
  const options = usable(bank, facts);
  const fitting = options.filter((text) => text.length <= max);
  if (fitting.length > 0) return fitting[Math.floor(random() * fitting.length)] as string;
  return [...options].sort((a, b) => a.length - b.length)[0] ?? facts.name;
}

function pickOptional(bank: readonly Sentence[], facts: WriterFacts, random: () => number): string {
  const options = usable(bank, facts);
  return options[Math.floor(random() * options.length)] ?? '';
}

function sentences(...parts: string[]): string {
  return parts.filter((part) => part !== '').join(' ');
}

function bulletList(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
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
