// Adds the demo companies and their pages, each company in one transaction, and marks each for
// publishing so its site is rendered as soon as a publisher runs.
import {
  acceptedValue,
  countCompanies,
  type Db,
  findCompanyByCvr,
  insertCompany,
  insertPage,
  markPublishWanted,
} from '../../db';
import { DEMO_COMPANIES } from './demo-companies';

/** Adds every demo company that is missing; returns the CVRs added. */
export async function seedDemoCompanies(db: Db, now = new Date()): Promise<string[]> {
  const added: string[] = [];
  for (const [index, demo] of DEMO_COMPANIES.entries()) {
    if (await findCompanyByCvr(db, demo.company.cvr)) continue;
    // Distinct, ordered timestamps keep the landing page and navigation order stable.
    const created = new Date(now.getTime() + index * 1000);
    await db.transaction().execute(async (trx) => {
      acceptedValue(await insertCompany(trx, demo.company, created));
      for (const [position, page] of demo.pages.entries()) {
        await insertPage(trx, demo.company.cvr, page, new Date(created.getTime() + position));
      }
      await markPublishWanted(trx, demo.company.cvr, created);
    });
    added.push(demo.company.cvr);
  }
  return added;
}

/** Seeds only a database without any company: a fresh install, never a live one. */
export async function seedIfEmpty(db: Db): Promise<string[]> {
  return (await countCompanies(db)) === 0 ? seedDemoCompanies(db) : [];
}
