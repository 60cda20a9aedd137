// Which of the files an owner picked may be uploaded (the spec's Validation rules, Error catalogue, Limits): images only, and never past
// the archive's limit of 15. A selection that would pass the limit is refused whole, with the spec's
// message, so the owner chooses what to upload rather than getting an arbitrary first few.
import { MAX_IMAGES } from '../../../../rules/images';
import { MESSAGES } from '../../../../rules/messages';
import { UPLOAD_MESSAGES } from '../../../../rules/upload-messages';

export interface PickedFile {
  name: string;
  type: string;
}

export type UploadPlan<T extends PickedFile> =
  | { ok: true; files: T[]; skipped: T[] }
  | { ok: false; error: string };

/** Files the browser does not call images are skipped (the picker's accept filter can be bypassed). */
function isImageFile(file: PickedFile): boolean {
  return file.type.startsWith('image/');
}

export function planUploads<T extends PickedFile>(picked: readonly T[], existing: number): UploadPlan<T> {
  if (existing >= MAX_IMAGES) return { ok: false, error: MESSAGES.archiveFull };
  const files = picked.filter(isImageFile);
  const skipped = picked.filter((file) => !isImageFile(file));
  if (files.length === 0 && skipped.length > 0) return { ok: false, error: UPLOAD_MESSAGES.notAnImage };
  if (existing + files.length > MAX_IMAGES) return { ok: false, error: MESSAGES.uploadLimit };
  return { ok: true, files, skipped };
}

/** The counter shown above the grid, e.g. `3/15`. */
export function imageCount(count: number): string {
  return `${count}/${MAX_IMAGES}`;
}
