// The body of POST /api/ai/generate, with the Danish messages the admin's AI form shows too.
// Keywords arrive as the admin's comma-separated field or as a list; both become a clean list.
import { z } from 'zod';
import { PAGE_TYPES } from '../../rules/pages';

const KEYWORDS_REQUIRED = 'Skriv mindst ét nøgleord';
const KEYWORDS_TOO_LONG = 'Nøgleordene er for lange. Brug højst 20 nøgleord på hver højst 80 tegn.';
const PAGE_TYPE_INVALID = 'Vælg om teksten er til forsiden eller en underside';

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
  pageType: z.enum(PAGE_TYPES, { error: PAGE_TYPE_INVALID }),
});
