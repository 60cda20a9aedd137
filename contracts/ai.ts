// The admin's AI text button: the body of POST /api/ai/generate, with the Danish messages the AI
// form shows too, and the answers. Keywords arrive as the admin's comma-separated field or as a
// list; both become a clean list.
import { z } from 'zod';
import { AI_MESSAGES } from '../rules/page-messages';
import { PAGE_TYPES } from '../rules/pages';

const { keywordsRequired: KEYWORDS_REQUIRED, keywordsTooLong: KEYWORDS_TOO_LONG } = AI_MESSAGES;

const MAX_KEYWORDS = 20;
const MAX_KEYWORD_LENGTH = 80;

function splitKeywords(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value.flatMap((item) => item.split(','));
  return parts.map((part) => part.replace(/\s+/g, ' ').trim()).filter((part) => part !== '');
}

export const generateRequestSchema = z.object({
  keywords: z
    .union([z.string(), z.array(z.string())], { error: KEYWORDS_REQUIRED })
    .transform(splitKeywords)
    .pipe(
      z
        .array(z.string().max(MAX_KEYWORD_LENGTH, KEYWORDS_TOO_LONG))
        .min(1, KEYWORDS_REQUIRED)
        .max(MAX_KEYWORDS, KEYWORDS_TOO_LONG),
    ),
  pageType: z.enum(PAGE_TYPES, { error: AI_MESSAGES.pageTypeInvalid }),
});

/** GET /api/ai/usage: today's generations for the company, of `limit`. */
export const aiUsageSchema = z.object({ usedToday: z.number(), limit: z.number() });

/** POST /api/ai/generate: the written text, and the day's count after it. */
export const generatedTextSchema = aiUsageSchema.extend({
  title: z.string(),
  subtitle: z.string().optional(),
  content: z.string(),
});

export type AiUsageJson = z.infer<typeof aiUsageSchema>;
export type GeneratedText = z.infer<typeof generatedTextSchema>;
