// The company's logo (the spec's Screens Settings logo, Calls Logo upload). Mounted at /api/company/logo behind
// the tenant middleware; the logo is saved alone ({logo}) on c.get('company').
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { logoSchema } from '../../contracts/company';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { readUploadedFile, uploadBodyLimit } from '../images/upload-form';
import { answer, FILE_UPLOAD, refusals, routeGroup } from '../openapi';
import { mediaDeps } from '../services/delete-image';
import { type LogoChange, removeLogo, uploadLogo } from '../services/upload-logo';

const upload = createRoute({
  method: 'post',
  path: '/',
  tags: ['company'],
  summary: 'Upload and set the logo (saved alone); publishes',
  middleware: uploadBodyLimit(),
  request: FILE_UPLOAD,
  responses: {
    200: answer(logoSchema, 'The logo now set'),
    ...refusals('invalid_input', 'payload_too_large', 'unsupported_media_type', 'internal'),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/',
  tags: ['company'],
  summary: 'Remove the logo; publishes',
  responses: { 200: answer(logoSchema, 'No logo'), ...refusals('internal') },
});

export function createLogoRoutes(): OpenAPIHono<OwnerEnv> {
  const logo = routeGroup<OwnerEnv>();

  logo.openapi(upload, async (c) => {
    const file = await readUploadedFile(c, MESSAGES.logoUploadFailed);
    const change = await orFail(
      c,
      MESSAGES.logoUploadFailed,
      () => uploadLogo(mediaDeps(c.var), c.get('company').cvr, file),
      'logo upload failed',
    );
    return c.json(logoJson(c, change), 200);
  });

  logo.openapi(remove, async (c) => {
    const change = await orFail(
      c,
      MESSAGES.updateFailed,
      () => removeLogo(mediaDeps(c.var), c.get('company').cvr),
      'logo removal failed',
    );
    return c.json(logoJson(c, change), 200);
  });

  return logo;
}

/** The change is committed with its publish record; report files of the old logo that stayed behind. */
function logoJson(c: Context<OwnerEnv>, change: LogoChange): { logo: string | null } {
  if (change.leftovers.length > 0) c.get('logger').warn({ errors: change.leftovers }, 'old logo files left');
  return { logo: change.company.logo };
}
