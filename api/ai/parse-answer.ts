// Reads the model's reply: JSON, possibly wrapped in a ```json fence, with a title and content. Any
// other reply throws, and the writer falls back to the spec's fixed text.
import { z } from 'zod';

const text = z.string().trim();

// Some models answer the body as a list of paragraphs; that is still a usable body.
const answerSchema = z.object({
  title: text.min(1),
  subtitle: text.nullish(),
  content: z.union([
    text.min(1),
    z
      .array(text)
      .min(1)
      .transform((paragraphs) => paragraphs.join('\n\n')),
  ]),
});

export type ModelAnswer = z.infer<typeof answerSchema>;

class AnswerError extends Error {
  override name = 'AnswerError';
}

export function parseAnswer(reply: string | null | undefined): ModelAnswer {
  if (!reply?.trim()) throw new AnswerError('empty reply');
  const fenced = /^\s*```[a-z]*\s*\n?([\s\S]*?)\n?\s*```\s*$/i.exec(reply);
  const json = (fenced?.[1] ?? reply).trim();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new AnswerError('reply is not JSON', { cause: error });
  }
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success) {
    throw new AnswerError(`reply does not match the schema: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
