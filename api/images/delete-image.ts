// Removes one image from a company's archive: the row first (so it is gone from the list and the
// next publish at once), then its files. A file that cannot be removed is reported, not fatal.
import { type Db, deleteImage, type Image } from '../../db';
import { mediaFileOfUrl, removeFiles } from './media-files';

export interface DeletedImage {
  image: Image;
  /** Files that could not be removed; the caller logs them. */
  leftovers: unknown[];
}

/** Another company's image, or an unknown id, is a 404 'Kunne ikke slette billedet' (from deleteImage). */
export async function deleteImageAndFiles(
  db: Db,
  storageDir: string,
  cvr: string,
  id: string,
): Promise<DeletedImage> {
  const image = await deleteImage(db, cvr, id);
  const files = [image.url, ...image.variants.map((variant) => variant.url)].flatMap((url) => {
    const file = mediaFileOfUrl(storageDir, url, 'images', cvr);
    return file === null ? [] : [file];
  });
  return { image, leftovers: await removeFiles(files) };
}
