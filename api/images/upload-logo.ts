// Sets or removes a company's logo. The logo is one URL on the company ({logo} alone is saved, SPEC
// §7): the PNG, `/media/logos/<cvr>/<timestamp>-<name>.png`, with a WebP of the same base name beside
// it (`.webp`) for pages that offer both. The previous logo's files go once the new URL is saved.
import { type Company, type Db, updateCompany } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { mediaFileOfUrl, removeFiles, safeName, writeMediaFiles } from './media-files';
import { logoOutputs, processUpload } from './process-upload';
import type { UploadedFile } from './upload-form';

export interface LogoChange {
  company: Company;
  /** Files of the previous logo that could not be removed; the caller logs them. */
  leftovers: unknown[];
}

const FALLBACK_NAME = 'logo';
const LOGO_SUFFIXES = logoOutputs(0, 0).map((output) => output.suffix);

export async function uploadLogo(
  db: Db,
  storageDir: string,
  company: Company,
  file: UploadedFile,
  now: Date,
): Promise<LogoChange> {
  const processed = await processUpload(file.bytes, logoOutputs, MESSAGES.logoUploadFailed);
  const stored = await writeMediaFiles(
    storageDir,
    'logos',
    company.cvr,
    { timestamp: now.getTime(), name: safeName(file.name, FALLBACK_NAME) },
    processed.files,
  );
  const png = stored.files.find((candidate) => candidate.contentType === 'image/png');
  let updated: Company;
  try {
    if (!png) throw new Error('the logo outputs include no PNG');
    updated = await updateCompany(db, company.cvr, { logo: png.url }, now);
  } catch (error) {
    await removeFiles(stored.files.map((written) => written.file));
    throw error;
  }
  return { company: updated, leftovers: await removeLogoFiles(storageDir, company) };
}

export async function removeLogo(
  db: Db,
  storageDir: string,
  company: Company,
  now: Date,
): Promise<LogoChange> {
  const updated = await updateCompany(db, company.cvr, { logo: null }, now);
  return { company: updated, leftovers: await removeLogoFiles(storageDir, company) };
}

/** The files of `company.logo` if it is one of ours; a logo found elsewhere (a URL) is left alone. */
async function removeLogoFiles(storageDir: string, company: Company): Promise<unknown[]> {
  const file = company.logo === null ? null : mediaFileOfUrl(storageDir, company.logo, 'logos', company.cvr);
  if (file === null) return [];
  const base = file.replace(/\.[a-z]+$/, '');
  return removeFiles(LOGO_SUFFIXES.map((suffix) => `${base}${suffix}`));
}
