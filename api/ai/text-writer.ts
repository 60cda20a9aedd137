// What every text writer takes and gives back, and the input clean-up they share. The AI endpoint
// and onboarding both write through createTextWriter (index.ts); nothing else talks to a provider.
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import type { PageType } from '../../rules/pages';

export interface WriteInput {
  companyName: string;
  industryDesc?: string;
  city?: string;
  keywords: string[];
  pageType: PageType;
  companyDesc?: string;
  /** Text scraped from the company's existing website (onboarding); material, never instructions. */
  existingText?: string;
  /**
   * Picks one of several wordings in the template writer: the same input and variant give the same
   * text. Without it the writer counts its own calls. The OpenAI writer ignores it.
   */
  variant?: string | number;
  /** DB07 code from the CVR registry, when known: the surest way to the trade profile. */
  industryCode?: string;
  /** What a page (not the homepage) is about: the Om os page, the services page, or the keywords. */
  topic?: 'about' | 'services';
  /** The registry's start date ('01/03 - 2009' or '2009-03-01'); only its year is used. */
  startDate?: string;
  employees?: number | null;
  /** Whether visitors can call or write: the call to action says 'ring', 'skriv' or both. */
  hasPhone?: boolean;
  hasEmail?: boolean;
}

export interface WrittenText {
  title: string;
  /** The homepage hero's line under the title; pages have none. */
  subtitle?: string;
  content: string;
  source: 'openai' | 'template' | 'fallback';
}

export interface TextWriter {
  write(input: WriteInput): Promise<WrittenText>;
}

/** Spec limits (the spec's Limits) the prompts ask for and the post-processing enforces. */
export const TITLE_MAX = 60;
export const SUBTITLE_MAX = 120;
/** The OpenAI prompt's length; the template writer writes shorter, scannable pages. */
export const MAX_WORDS = 300;

/**
 * Trims every field, drops blank and repeated keywords (case-insensitively) and empty optional
 * fields. A blank company name is the caller's mistake: the spec's 'Company name is required'.
 */
export function cleanInput(input: WriteInput): WriteInput {
  const companyName = collapse(input.companyName ?? '');
  if (companyName === '') throw new AppError('invalid_input', MESSAGES.companyNameRequired);
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const raw of input.keywords ?? []) {
    const keyword = collapse(raw);
    const key = keyword.toLocaleLowerCase('da');
    if (keyword === '' || seen.has(key)) continue;
    seen.add(key);
    keywords.push(keyword);
  }
  return {
    companyName,
    industryDesc: optional(input.industryDesc),
    city: optional(input.city),
    keywords,
    pageType: input.pageType,
    companyDesc: optional(input.companyDesc),
    existingText: input.existingText?.trim() || undefined,
    variant: input.variant,
    industryCode: optional(input.industryCode),
    topic: input.topic,
    startDate: optional(input.startDate),
    employees: input.employees ?? null,
    hasPhone: input.hasPhone ?? false,
    hasEmail: input.hasEmail ?? false,
  };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function optional(text: string | undefined): string | undefined {
  const value = collapse(text ?? '');
  return value === '' ? undefined : value;
}
