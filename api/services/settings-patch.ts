// The settings save's body applied to a company: shared by the save (api/routes/company.ts) and the
// settings preview (api/routes/preview.ts).
import type { Settings } from '../../contracts/company';
import type { CompanyPatch } from '../../db';
import type { OwnerEnv } from '../env';

/** Hours and social links may be sent in part; the days and networks not sent keep their values. */
export function settingsPatch(input: Settings, current: OwnerEnv['Variables']['company']): CompanyPatch {
  const { hours, socialMedia, ...plain } = input;
  const patch: CompanyPatch = { ...plain };
  if (hours) patch.hours = { ...current.hours, ...hours };
  if (socialMedia) patch.socialMedia = { ...current.socialMedia, ...socialMedia };
  return patch;
}
