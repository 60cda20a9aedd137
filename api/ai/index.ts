// The one way to write page text (the spec's Calls): the AI endpoint and onboarding call createTextWriter.
// With an OpenAI key it asks the provider (falling back to the spec's fixed text when that fails);
// without one it uses the built-in Danish template writer, so the product works offline.
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import { createOpenAiWriter, type OpenAiWriterOptions } from './openai-writer';
import { createTemplateWriter, type TemplateWriterOptions } from './template-writer';
import { cleanInput, type TextWriter } from './text-writer';

export type { TextWriter, WriteInput } from './text-writer';

export type TextWriterOptions = OpenAiWriterOptions & TemplateWriterOptions;

/**
 * Inputs are trimmed and de-duplicated before writing; a blank company name throws
 * AppError('invalid_input', 'Company name is required'). Provider failures never throw.
 */
export function createTextWriter(
  config: Config,
  logger?: Logger,
  options: TextWriterOptions = {},
): TextWriter {
  const { apiKey } = config.openai;
  const writer = apiKey
    ? createOpenAiWriter({ ...config.openai, apiKey }, logger, options)
    : createTemplateWriter(options);
  return {
    write: async (input) => writer.write(cleanInput(input)),
  };
}
