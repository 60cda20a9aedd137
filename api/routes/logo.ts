// The company's logo (SPEC §2 Settings logo, §7 Logo upload). Mounted at /api/company/logo behind
// the tenant middleware; the logo is saved alone ({logo}) on c.var.company.
import { type Context, Hono } from 'hono';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { knownError } from '../images/known-error';
import { readUploadedFile, uploadBodyLimit } from '../images/upload-form';
import { type LogoChange, removeLogo, uploadLogo } from '../images/upload-logo';
import { commitChange } from '../services/commit-change';

/** What both calls answer: the logo URL now set (a PNG; a `.webp` of the same name sits beside it). */
export interface LogoJson {
  logo: string | null;
}

export const logo = new Hono<OwnerEnv>();

// POST /api/company/logo – upload and set the logo
logo.post('/', uploadBodyLimit(), async (c) => {
  const file = await readUploadedFile(c, MESSAGES.logoUploadFailed);
  let change: LogoChange;
  try {
    change = await uploadLogo(c.var.db, c.var.config.storageDir, c.var.company, file, c.var.now());
  } catch (error) {
    throw knownError(error, MESSAGES.logoUploadFailed, c.var.logger, 'logo upload failed');
  }
  return c.json(await afterChange(c, change));
});

// DELETE /api/company/logo – remove the logo
logo.delete('/', async (c) => {
  let change: LogoChange;
  try {
    change = await removeLogo(c.var.db, c.var.config.storageDir, c.var.company, c.var.now());
  } catch (error) {
    throw knownError(error, MESSAGES.updateFailed, c.var.logger, 'logo removal failed');
  }
  return c.json(await afterChange(c, change));
});

/** The site shows the logo in its header: publish, and report files that stayed behind. */
async function afterChange(c: Context<OwnerEnv>, change: LogoChange): Promise<LogoJson> {
  if (change.leftovers.length > 0) c.var.logger.warn({ errors: change.leftovers }, 'old logo files left');
  await commitChange(c.var, change.company.cvr, async () => {});
  return { logo: change.company.logo };
}
