// A request's photos: each is checked and re-encoded exactly as the owner's images are
// (api/images/process-upload.ts: only what sharp decodes, within its pixel limit checked from the
// header and given to sharp as limitInputPixels before any pixel is decoded; upright, metadata and
// GPS dropped), as one JPEG fitted inside LEAD_PHOTO_MAX_SIDE² (issue 48: a 1600×8000 noise JPEG
// was kept at its full 12.8 megapixels, 6.5 MB, after seconds of CPU; now 400×2000 from a JPEG
// decoded at a quarter of its size), and kept under <STORAGE_DIR>/leads/<cvr>/ — a folder the front
// server never serves. Only the owner sees them, through GET /api/leads/{id}/photos/{n}. What they may
// take on disk: api/leads/photo-quota.ts.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LeadPhoto } from '../../db';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { LEAD_PHOTO_MAX_SIDE } from '../../rules/limits';
import { type OutputPlan, processUpload } from '../images/process-upload';

const photoOutputs: OutputPlan = () => [
  { suffix: '.jpg', format: 'jpeg', width: LEAD_PHOTO_MAX_SIDE, height: LEAD_PHOTO_MAX_SIDE },
];

function leadDir(storageDir: string, cvr: string): string {
  return path.join(storageDir, 'leads', cvr);
}

/** Re-encodes every photo (refusing the request if one is not an image) before anything is written. */
export async function prepareLeadPhotos(
  files: readonly Buffer[],
): Promise<{ data: Buffer; width: number; height: number }[]> {
  const prepared = [];
  for (const bytes of files) {
    const processed = await processUpload(bytes, photoOutputs, LEAD_MESSAGES.photoRefused);
    const jpeg = processed.files[0];
    if (!jpeg) throw new Error('the photo plan made no JPEG');
    prepared.push({ data: jpeg.data, width: jpeg.width, height: jpeg.height });
  }
  return prepared;
}

/** Writes prepared photos as `<leadId>-<n>.jpg`; answers what the lead row records. */
export async function writeLeadPhotos(
  storageDir: string,
  cvr: string,
  leadId: string,
  photos: readonly { data: Buffer; width: number; height: number }[],
): Promise<LeadPhoto[]> {
  if (photos.length === 0) return [];
  const dir = leadDir(storageDir, cvr);
  await mkdir(dir, { recursive: true });
  const written: LeadPhoto[] = [];
  for (const [index, photo] of photos.entries()) {
    const file = `${leadId}-${index + 1}.jpg`;
    const partial = path.join(dir, `.${file}.tmp`);
    await writeFile(partial, photo.data);
    await rename(partial, path.join(dir, file));
    written.push({
      file,
      contentType: 'image/jpeg',
      width: photo.width,
      height: photo.height,
      bytes: photo.data.length,
    });
  }
  return written;
}

const SAFE_FILE = /^[a-f0-9-]{36}-[1-9]\.jpg$/;

/** The bytes of one photo of the company's request; null when there is no such file. */
export async function readLeadPhoto(
  storageDir: string,
  cvr: string,
  photo: LeadPhoto,
): Promise<Buffer | null> {
  if (!SAFE_FILE.test(photo.file)) return null;
  try {
    return await readFile(path.join(leadDir(storageDir, cvr), photo.file));
  } catch {
    return null;
  }
}

export async function removeLeadPhotos(
  storageDir: string,
  cvr: string,
  photos: readonly LeadPhoto[],
): Promise<void> {
  await Promise.all(
    photos
      .filter((photo) => SAFE_FILE.test(photo.file))
      .map((photo) => rm(path.join(leadDir(storageDir, cvr), photo.file), { force: true })),
  );
}
