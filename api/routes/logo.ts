// The company's logo (SPEC §2 Settings logo, §7 Logo upload). Mounted at /api/company/logo behind
// the tenant middleware; the logo is saved alone ({logo}) on c.var.company.
import { type Context, Hono } from 'hono';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { readUploadedFile, uploadBodyLimit } from '../images/upload-form';
import type { MediaChangeDeps } from '../services/delete-image';
import { type LogoChange, removeLogo, uploadLogo } from '../services/upload-logo';

/** What both calls answer: the logo URL now set (a PNG; a `.webp` of the same name sits beside it). */
interface LogoJson {
  logo: string | null;
}

export const logo = new Hono<OwnerEnv>();

// POST /api/company/logo – upload and set the logo
logo.post('/', uploadBodyLimit(), async (c) => {
  const file = await readUploadedFile(c, MESSAGES.logoUploadFailed);
  const change = await orFail(
    c,
    MESSAGES.logoUploadFailed,
    () => uploadLogo(mediaDeps(c), c.var.company.cvr, file),
    'logo upload failed',
  );
  return c.json(answer(c, change));
});

// DELETE /api/company/logo – remove the logo
logo.delete('/', async (c) => {
  const change = await orFail(
    c,
    MESSAGES.updateFailed,
    () => removeLogo(mediaDeps(c), c.var.company.cvr),
    'logo removal failed',
  );
  return c.json(answer(c, change));
});

/** The change is committed with its publish record; report files of the old logo that stayed behind. */
function answer(c: Context<OwnerEnv>, change: LogoChange): LogoJson {
  if (change.leftovers.length > 0) c.var.logger.warn({ errors: change.leftovers }, 'old logo files left');
  return { logo: change.company.logo };
}

export function mediaDeps(c: Context<OwnerEnv>): MediaChangeDeps {
  return { ...c.var, storageDir: c.var.config.storageDir };
}
