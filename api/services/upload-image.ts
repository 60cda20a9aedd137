// Adds one upload to a company's image archive: process it, write its files, record the row. A
// refusal at any step (not an image, too large, the 15-image limit reached by a parallel upload)
// leaves no file and no row behind. A new image shows nowhere until a page uses it (and saving that
// page publishes), so the row is written alone, in insertImage's own locked transaction, and no
// publish is recorded.
import { type Db, type Image, insertImage } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { removeFiles, safeName, writeMediaFiles } from '../images/media-files';
import { imageOutputs, processUpload } from '../images/process-upload';
import type { UploadedFile } from '../images/upload-form';
import { valueOrRefuse } from '../refusals';

export interface UploadImageInput {
  db: Db;
  storageDir: string;
  cvr: string;
  uploaderEmail: string;
  now: Date;
  file: UploadedFile;
}

const FALLBACK_NAME = 'billede';

/**
 * Returns the stored image: `url` is the fallback (PNG for a PNG upload, JPEG otherwise) (and `width`, `height`, `bytes`,
 * `contentType` describe it), `variants` the WebP widths, `path` the files' common base.
 */
export async function uploadImage(input: UploadImageInput): Promise<Image> {
  const { db, storageDir, cvr, file, now } = input;
  const processed = await processUpload(file.bytes, imageOutputs, MESSAGES.uploadFailedThe);
  const stored = await writeMediaFiles(
    storageDir,
    'images',
    cvr,
    { timestamp: now.getTime(), name: safeName(file.name, FALLBACK_NAME) },
    processed.files,
  );
  const fallback = stored.files.find((candidate) => candidate.contentType !== 'image/webp');
  const variants = stored.files.filter((candidate) => candidate.contentType === 'image/webp');
  try {
    if (!fallback) throw new Error('the image outputs include no fallback');
    const outcome = await insertImage(
      db,
      cvr,
      {
        path: stored.base,
        url: fallback.url,
        name: file.name || FALLBACK_NAME,
        uploaderEmail: input.uploaderEmail,
        contentType: fallback.contentType,
        width: fallback.width,
        height: fallback.height,
        bytes: fallback.bytes,
        variants: variants.map(({ width, url, contentType }) => ({ width, url, contentType })),
      },
      now,
    );
    return valueOrRefuse(outcome, {
      'company-not-found': ['not_found', MESSAGES.companyNotFound],
      'image-limit': ['limit_reached', MESSAGES.uploadLimit],
    });
  } catch (error) {
    await removeFiles(stored.files.map((written) => written.file));
    throw error;
  }
}
