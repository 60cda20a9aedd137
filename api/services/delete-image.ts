// Removes one image from a company's archive: the row and the "publish wanted" record commit together
// (a page may show the image, so the site is rebuilt without it), then its files go. A file that
// cannot be removed is reported, not fatal.
import { deleteImage, type Image } from '../../db';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import { mediaFileOfUrl, removeFiles } from '../images/media-files';
import { type ChangeDeps, commitChange } from './commit-change';

export interface MediaChangeDeps extends ChangeDeps {
  storageDir: string;
}

/** A request's change deps (its `c.var`) with the uploads folder from its configuration. */
export function mediaDeps(vars: ChangeDeps & { config: { storageDir: string } }): MediaChangeDeps {
  return { ...vars, storageDir: vars.config.storageDir };
}

export interface DeletedImage {
  image: Image;
  /** Files that could not be removed; the caller logs them. */
  leftovers: unknown[];
}

/** Another company's image, or an unknown id, is a 404 'Kunne ikke slette billedet'. */
export async function deleteImageAndFiles(
  deps: MediaChangeDeps,
  cvr: string,
  id: string,
): Promise<DeletedImage> {
  const image = await commitChange(deps, cvr, async (trx) => {
    const deleted = await deleteImage(trx, cvr, id);
    if (!deleted) throw new AppError('not_found', MESSAGES.imageDeleteFailed);
    return deleted;
  });
  const files = [image.url, ...image.variants.map((variant) => variant.url)].flatMap((url) => {
    const file = mediaFileOfUrl(deps.storageDir, url, 'images', cvr);
    return file === null ? [] : [file];
  });
  return { image, leftovers: await removeFiles(files) };
}
