// What a quote request's photos may take on disk (issue 48: one post of three noise JPEGs stored
// 19.7 MB, and one address could store about 1.2 GB an hour for 12 months). Three budgets of the
// photos as stored (re-encoded, api/leads/lead-photos.ts), in bytes (rules/limits.ts):
// - per request, LEAD_PHOTO_BYTES_PER_REQUEST;
// - per company per Copenhagen day, LEAD_PHOTO_BYTES_PER_COMPANY_DAY;
// - per client (address, IPv6 /64) per Copenhagen day, whatever the company, LEAD_PHOTO_BYTES_PER_CLIENT_DAY.
// The daily ones are counted in the database (db/tables/limit-counts.ts) whatever else the deployment
// runs: every web process shares them, and a restart does not refill them. A request whose company or
// client has nothing left is refused before a photo is decoded (no CPU spent on it); one whose photos
// do not fit is refused after, and the visitor keeps the text to send without the photos.
import { type Db, giveBack, readWindowCount, takeWithinCap } from '../../db';
import { copenhagenDay } from '../../rules/ai-limit';
import {
  LEAD_PHOTO_BYTES_PER_CLIENT_DAY,
  LEAD_PHOTO_BYTES_PER_COMPANY_DAY,
  LEAD_PHOTO_BYTES_PER_REQUEST,
} from '../../rules/limits';

const COMPANY = 'lead-photo-bytes-company';
const CLIENT = 'lead-photo-bytes-client';
/** A day's row outlives its day by a margin, then the limit store's sweep deletes it. */
const ROW_KEPT_MS = 48 * 60 * 60 * 1000;

/** Which budget refused: the request's own, the company's day, or the client's day. */
export type PhotoBudget = 'request' | 'company' | 'client';

function budgets(cvr: string, client: string | null, now: Date) {
  const day = copenhagenDay(now);
  return [
    {
      budget: 'company' as const,
      name: COMPANY,
      key: `${cvr}:${day}`,
      cap: LEAD_PHOTO_BYTES_PER_COMPANY_DAY,
    },
    ...(client === null
      ? []
      : [
          {
            budget: 'client' as const,
            name: CLIENT,
            key: `${client}:${day}`,
            cap: LEAD_PHOTO_BYTES_PER_CLIENT_DAY,
          },
        ]),
  ];
}

/** Before any photo is decoded: the budget that has nothing left today, or null. */
export async function spentPhotoBudget(
  db: Db,
  cvr: string,
  client: string | null,
  now: Date,
): Promise<PhotoBudget | null> {
  for (const { budget, name, key, cap } of budgets(cvr, client, now)) {
    const used = await readWindowCount(db, name, key, now);
    if (used && used.points >= cap) return budget;
  }
  return null;
}

/**
 * Takes the stored photos' `bytes` from the day's budgets, all or none: answers a function that gives
 * them back (the request could not be stored after all), or the budget they did not fit.
 */
export async function takePhotoBytes(
  db: Db,
  cvr: string,
  client: string | null,
  bytes: number,
  now: Date,
): Promise<{ ok: true; giveBack: () => Promise<void> } | { ok: false; budget: PhotoBudget }> {
  if (bytes > LEAD_PHOTO_BYTES_PER_REQUEST) return { ok: false, budget: 'request' };
  const taken: { name: string; key: string }[] = [];
  const release = async () => {
    for (const { name, key } of taken.splice(0)) await giveBack(db, name, key, bytes, now);
  };
  if (bytes === 0) return { ok: true, giveBack: release };
  const end = new Date(now.getTime() + ROW_KEPT_MS);
  for (const { budget, name, key, cap } of budgets(cvr, client, now)) {
    if ((await takeWithinCap(db, name, key, bytes, cap, end, now)) === null) {
      await release();
      return { ok: false, budget };
    }
    taken.push({ name, key });
  }
  return { ok: true, giveBack: release };
}
