// Writes page text through an OpenAI-compatible chat API (the spec's Calls): Danish prompts with the company's
// trade profile, JSON answer, title re-cased and clipped. The answer must pass the same Danish-quality
// checks as the built-in writer (quality.ts). Whatever goes wrong with the provider, or when the answer
// fails a check, the visitor gets the built-in template writer's text instead (source 'fallback');
// the reason is logged.
import { APIError, OpenAI } from 'openai';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import { findTrade, writingProfile } from '../../rules/trades';
import { parseAnswer } from './parse-answer';
import { clipAtWord, keptSpellings, normaliseParagraphs, recaseTitle } from './polish-text';
import { buildUserPrompt, SYSTEM_PROMPT } from './prompts';
import { qualityProblems } from './quality';
import { writeFromTemplates } from './template-writer';
import { SUBTITLE_MAX, type TextWriter, TITLE_MAX, type WriteInput, type WrittenText } from './text-writer';

// Without an explicit URL the client would read OPENAI_BASE_URL itself; config is the one reader.
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

const COMPLETION_SETTINGS = { temperature: 0.7, max_tokens: 2000 } as const;

export interface OpenAiWriterOptions {
  /** Per attempt; 20 s unless a test wants to see a hang quickly. */
  timeoutMs?: number;
  /** Retries after the first attempt (5xx, 429, network errors, timeouts). */
  maxRetries?: number;
}

export function createOpenAiWriter(
  openai: Config['openai'] & { apiKey: string },
  logger: Logger | undefined,
  options: OpenAiWriterOptions = {},
): TextWriter {
  const client = new OpenAI({
    apiKey: openai.apiKey,
    baseURL: openai.baseUrl ?? DEFAULT_BASE_URL,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: options.timeoutMs ?? 20_000,
    maxRetries: options.maxRetries ?? 1,
  });

  return {
    async write(input: WriteInput): Promise<WrittenText> {
      try {
        const completion = await client.chat.completions.create({
          model: openai.model,
          ...COMPLETION_SETTINGS,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: buildUserPrompt(input) },
          ],
        });
        const text = polish(parseAnswer(completion.choices[0]?.message.content), input);
        const problems = qualityProblems([text.title, text.subtitle ?? '', text.content], {
          companyName: input.companyName,
          industryDesc: input.industryDesc,
          profile: writingProfile(
            findTrade({
              industryCode: input.industryCode,
              industryDesc: input.industryDesc,
              companyName: input.companyName,
            }),
          ),
        });
        if (problems.length === 0) return text;
        logger?.warn(
          { problems: problems.slice(0, 5), company: input.companyName },
          'AI answer failed the Danish-quality checks; using the built-in writer',
        );
      } catch (error) {
        logger?.warn(
          { reason: describe(error), company: input.companyName },
          'AI provider failed; using the built-in writer',
        );
      }
      return { ...writeFromTemplates(input, input.variant ?? 0), source: 'fallback' };
    },
  };
}

function polish(answer: ReturnType<typeof parseAnswer>, input: WriteInput): WrittenText {
  const title = clipAtWord(recaseTitle(answer.title, keptSpellings(input)), TITLE_MAX);
  const content = normaliseParagraphs(answer.content);
  if (title === '' || content === '') throw new Error('reply has an empty title or body');
  const subtitle = input.pageType === 'homepage' ? clipAtWord(answer.subtitle ?? '', SUBTITLE_MAX) : '';
  return { title, ...(subtitle ? { subtitle } : {}), content, source: 'openai' };
}

// The provider's errors carry response headers and request details; the log needs only the gist.
function describe(error: unknown): string {
  if (error instanceof APIError) return `${error.name} ${error.status ?? ''}: ${error.message}`.trim();
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
