// The company's image archive (the spec's Screens Billedearkiv, Validation rules, Calls): list, upload, delete. Mounted at
// /api/images behind the tenant middleware; every call acts on c.get('company') only.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { imageListSchema, imageSchema } from '../../contracts/images';
import { countImages, listImages } from '../../db';
import { AppError } from '../../lib/errors';
import { canUploadImage, MAX_IMAGES } from '../../rules/images';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { readUploadedFile, uploadBodyLimit } from '../images/upload-form';
import { answer, FILE_UPLOAD, refusals, routeGroup } from '../openapi';
import { toImageJson } from '../responses';
import { deleteImageAndFiles, mediaDeps } from '../services/delete-image';
import { uploadImage } from '../services/upload-image';

// Counted before the body is read, so a full archive costs no upload; insertImage checks again,
// atomically, for uploads that race past this.
const refuseWhenFull = createMiddleware<OwnerEnv>(async (c, next) => {
  if (!canUploadImage(await countImages(c.get('db'), c.get('company').cvr))) {
    throw new AppError('limit_reached', MESSAGES.uploadLimit);
  }
  await next();
});

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['images'],
  summary: "The company's images, newest first, and whether the archive is full",
  responses: { 200: answer(imageListSchema, 'The images'), ...refusals('internal') },
});

const upload = createRoute({
  method: 'post',
  path: '/',
  tags: ['images'],
  summary: 'Upload one image (JPEG, PNG, WebP or AVIF); stored as responsive WebP widths and a JPEG',
  middleware: [refuseWhenFull, uploadBodyLimit()],
  request: FILE_UPLOAD,
  responses: {
    201: answer(imageSchema, 'The stored image'),
    ...refusals('invalid_input', 'payload_too_large', 'unsupported_media_type', 'limit_reached', 'internal'),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['images'],
  summary: 'Delete one of the company images and its files; publishes',
  request: { params: z.object({ id: z.string() }) },
  responses: { 204: { description: 'Deleted' }, ...refusals('internal') },
});

export function createImageRoutes(): OpenAPIHono<OwnerEnv> {
  const images = routeGroup<OwnerEnv>();

  images.openapi(list, async (c) => {
    const rows = await orFail(
      c,
      MESSAGES.imagesListFailed,
      () => listImages(c.get('db'), c.get('company').cvr),
      'listing images failed',
    );
    return c.json(
      { images: rows.map(toImageJson), limit: MAX_IMAGES, full: !canUploadImage(rows.length) },
      200,
    );
  });

  images.openapi(upload, async (c) => {
    const file = await readUploadedFile(c, MESSAGES.uploadFailed);
    const image = await orFail(
      c,
      MESSAGES.uploadFailedThe,
      () =>
        uploadImage({
          db: c.get('db'),
          storageDir: c.get('config').storageDir,
          cvr: c.get('company').cvr,
          uploaderEmail: c.get('user').email,
          now: c.get('now')(),
          file,
        }),
      'image upload failed',
    );
    // Not published: a new image shows nowhere until a page uses it, and saving that page publishes.
    return c.json(toImageJson(image), 201);
  });

  images.openapi(remove, async (c) => {
    const cvr = c.get('company').cvr;
    // A page may have shown it: the row and the publish record commit together.
    const { leftovers } = await orFail(
      c,
      MESSAGES.imageDeleteFailed,
      () => deleteImageAndFiles(mediaDeps(c.var), cvr, c.req.param('id')),
      'image delete failed',
    );
    if (leftovers.length > 0) c.get('logger').warn({ errors: leftovers }, 'image files left after delete');
    return c.body(null, 204);
  });

  return images;
}
