// The company's image archive (SPEC §2 Billedearkiv, §5, §7): list, upload, delete. Mounted at
// /api/images behind the tenant middleware; every call acts on c.var.company only.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { countImages, type Image, listImages } from '../../db';
import { AppError } from '../../lib/errors';
import { canUploadImage, MAX_IMAGES } from '../../rules/images';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { readUploadedFile, uploadBodyLimit } from '../images/upload-form';
import { deleteImageAndFiles } from '../services/delete-image';
import { uploadImage } from '../services/upload-image';
import { mediaDeps } from './logo';

/** One image as the admin sees it; `url` is a JPEG, `variants` the WebP widths for a srcset. */
export interface ImageJson {
  id: string;
  url: string;
  name: string;
  width: number;
  height: number;
  variants: Image['variants'];
  createdAt: string;
}

/** GET /api/images: `full` is true at MAX_IMAGES, when the admin shows MESSAGES.archiveFull. */
export interface ImageListJson {
  images: ImageJson[];
  limit: number;
  full: boolean;
}

export const images = new Hono<OwnerEnv>();

// Counted before the body is read, so a full archive costs no upload; insertImage checks again,
// atomically, for uploads that race past this.
const refuseWhenFull = createMiddleware<OwnerEnv>(async (c, next) => {
  if (!canUploadImage(await countImages(c.var.db, c.var.company.cvr))) {
    throw new AppError('limit_reached', MESSAGES.uploadLimit);
  }
  await next();
});

// GET /api/images – the company's images
images.get('/', async (c) => {
  const list = await orFail(
    c,
    MESSAGES.imagesListFailed,
    () => listImages(c.var.db, c.var.company.cvr),
    'listing images failed',
  );
  const body: ImageListJson = {
    images: list.map(toImageJson),
    limit: MAX_IMAGES,
    full: !canUploadImage(list.length),
  };
  return c.json(body);
});

// POST /api/images – upload one image
images.post('/', refuseWhenFull, uploadBodyLimit(), async (c) => {
  const file = await readUploadedFile(c, MESSAGES.uploadFailed);
  const image = await orFail(
    c,
    MESSAGES.uploadFailedThe,
    () =>
      uploadImage({
        db: c.var.db,
        storageDir: c.var.config.storageDir,
        cvr: c.var.company.cvr,
        uploaderEmail: c.var.user.email,
        now: c.var.now(),
        file,
      }),
    'image upload failed',
  );
  // Not published: a new image shows nowhere until a page uses it, and saving that page publishes.
  return c.json(toImageJson(image), 201);
});

// DELETE /api/images/:id – delete an image
images.delete('/:id', async (c) => {
  const cvr = c.var.company.cvr;
  // A page may have shown it: the row and the publish record commit together.
  const { leftovers } = await orFail(
    c,
    MESSAGES.imageDeleteFailed,
    () => deleteImageAndFiles(mediaDeps(c), cvr, c.req.param('id')),
    'image delete failed',
  );
  if (leftovers.length > 0) c.var.logger.warn({ errors: leftovers }, 'image files left after delete');
  return c.body(null, 204);
});

function toImageJson(image: Image): ImageJson {
  const { id, url, name, width, height, variants, createdAt } = image;
  return { id, url, name, width, height, variants, createdAt };
}
