// Sets or removes a company's logo. The logo is one URL on the company ({logo} alone is saved, the spec
// §7): the PNG, `/media/logos/<cvr>/<timestamp>-<name>.png`, with a WebP of the same base name beside
// it (`.webp`) for pages that offer both. The new URL and "publish wanted" commit together; the
// previous logo is read inside that transaction, under the company's row lock, and its files go
// after the commit. So parallel uploads and deletes each remove exactly the logo they replaced, and
// every logo file left on disk is the current logo's.
import { type Company, type Db, findCompanyByCvr, updateCompany } from '../../db';
import { lockCompany } from '../../db/tables/locks';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import { DOMAIN_MESSAGES } from '../../rules/settings-messages';
import { mediaFileOfUrl, removeFiles, safeName, writeMediaFiles } from '../images/media-files';
import { logoOutputs, processUpload } from '../images/process-upload';
import type { UploadedFile } from '../images/upload-form';
import { valueOrRefuse } from '../refusals';
import { commitChange } from './commit-change';
import type { MediaChangeDeps } from './delete-image';

export interface LogoChange {
  company: Company;
  /** Files of the previous logo that could not be removed; the caller logs them. */
  leftovers: unknown[];
}

const FALLBACK_NAME = 'logo';
const LOGO_SUFFIXES = logoOutputs(0, 0, 'png').map((output) => output.suffix);

export async function uploadLogo(
  deps: MediaChangeDeps,
  cvr: string,
  file: UploadedFile,
): Promise<LogoChange> {
  const now = deps.now();
  const processed = await processUpload(file.bytes, logoOutputs, MESSAGES.logoUploadFailed);
  const stored = await writeMediaFiles(
    deps.storageDir,
    'logos',
    cvr,
    { timestamp: now.getTime(), name: safeName(file.name, FALLBACK_NAME) },
    processed.files,
  );
  const png = stored.files.find((candidate) => candidate.contentType === 'image/png');
  let change: { updated: Company; previous: Company };
  try {
    if (!png) throw new Error('the logo outputs include no PNG');
    change = await commitChange(deps, cvr, (trx) => setLogo(trx, cvr, png.url, now));
  } catch (error) {
    await removeFiles(stored.files.map((written) => written.file));
    throw error;
  }
  return { company: change.updated, leftovers: await removeLogoFiles(deps.storageDir, change.previous) };
}

export async function removeLogo(deps: MediaChangeDeps, cvr: string): Promise<LogoChange> {
  const change = await commitChange(deps, cvr, (trx) => setLogo(trx, cvr, null, deps.now()));
  return { company: change.updated, leftovers: await removeLogoFiles(deps.storageDir, change.previous) };
}

/** The company as it was (read under the row lock) and as it is now. */
async function setLogo(trx: Db, cvr: string, logo: string | null, now: Date) {
  const previous = (await lockCompany(trx, cvr)) ? await findCompanyByCvr(trx, cvr) : undefined;
  if (!previous) throw new AppError('not_found', MESSAGES.companyNotFound);
  const updated = valueOrRefuse(await updateCompany(trx, cvr, { logo }, now), {
    'company-not-found': ['not_found', MESSAGES.companyNotFound],
    'domain-taken': ['conflict', DOMAIN_MESSAGES.domainTaken],
  });
  return { updated, previous };
}

/** The files of `company.logo` if it is one of ours; a logo found elsewhere (a URL) is left alone. */
async function removeLogoFiles(storageDir: string, company: Company): Promise<unknown[]> {
  const file = company.logo === null ? null : mediaFileOfUrl(storageDir, company.logo, 'logos', company.cvr);
  if (file === null) return [];
  const base = file.replace(/\.[a-z]+$/, '');
  return removeFiles(LOGO_SUFFIXES.map((suffix) => `${base}${suffix}`));
}
