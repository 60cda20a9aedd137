// Writes page text through an OpenAI-compatible chat API (SPEC §7): Danish prompts, JSON answer,
// title re-cased and clipped. Whatever goes wrong with the provider, the visitor gets the spec's
// fallback text instead of an error (SPEC §8); the failure is logged.
import { APIError, OpenAI } from 'openai';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import { aiFallback } from '../../rules/messages';
import { parseAnswer } from './parse-answer';
import { clipAtWord, keptSpellings, normaliseParagraphs, recaseTitle } from './polish-text';
import { buildUserPrompt, SYSTEM_PROMPT } from './prompts';
import { SUBTITLE_MAX, type TextWriter, TITLE_MAX, type WriteInput, type WrittenText } from './text-writer';

// Without an explicit URL the client would read OPENAI_BASE_URL itself; config is the one reader.
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export const COMPLETION_SETTINGS = { temperature: 0.7, max_tokens: 2000 } as const;

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
        return polish(parseAnswer(completion.choices[0]?.message.content), input);
      } catch (error) {
        logger?.warn(
          { reason: describe(error), company: input.companyName },
          'AI provider failed; using the fallback text',
        );
        return { ...aiFallback(input.companyName), source: 'fallback' };
      }
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
