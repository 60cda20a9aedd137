// Reading one uploaded file from a multipart/form-data body (field `file`), with the byte cap
// enforced while the body arrives rather than after it is all in memory.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../lib/errors';
import { withoutInvisible } from '../../rules/text';
import { UPLOAD_MESSAGES } from '../../rules/upload-messages';
import type { AppEnv } from '../env';
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from './upload-rules';

export interface UploadedFile {
  /** The name the browser sent, without folders, control or invisible formatting characters
   *  (rules/text.ts); for display only. */
  name: string;
  bytes: Buffer;
}

const MAX_NAME_LENGTH = 200;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Refuses a body above the cap (413) by its Content-Length, or as soon as it grows past it. */
export function uploadBodyLimit(): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge);
    },
  });
}

/** The `file` field of the body; no file (or no multipart body) is a 400 with `missingMessage`. */
export async function readUploadedFile(c: Context, missingMessage: string): Promise<UploadedFile> {
  let body: Awaited<ReturnType<Context['req']['parseBody']>>;
  try {
    body = await c.req.parseBody();
  } catch (error) {
    throw new AppError('invalid_input', missingMessage, { cause: error });
  }
  const file = body.file;
  if (!(file instanceof File)) throw new AppError('invalid_input', missingMessage);
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge);
  return { name: displayName(file.name), bytes: Buffer.from(await file.arrayBuffer()) };
}

function displayName(raw: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  return withoutInvisible(base.replace(CONTROL_CHARACTERS, '')).trim().slice(0, MAX_NAME_LENGTH);
}
