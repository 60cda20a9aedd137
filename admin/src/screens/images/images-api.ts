// The image archive's calls (GET/POST/DELETE /api/images), shared by the archive screen, the image
// picker and the pages editor's direct upload. Shapes come from the server's route types.
import type { ImageJson, ImageListJson } from '../../../../contracts/images';
import { MESSAGES } from '../../../../rules/messages';
import { api, uploadForm } from '../../api/client';

export type { ImageJson, ImageListJson };

export function loadImages(): Promise<ImageListJson> {
  return api.get('/images', MESSAGES.imagesListFailed);
}

/** Uploads one file (the API's field is `file`), reporting progress 0–1. */
export function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<ImageJson> {
  const form = new FormData();
  form.append('file', file);
  return uploadForm('/images', form, MESSAGES.uploadFailed, onProgress);
}

export function deleteImage(id: string): Promise<null> {
  return api.delete(`/images/${encodeURIComponent(id)}`, MESSAGES.imageDeleteFailed);
}
