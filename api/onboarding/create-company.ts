// Company creation, the end of onboarding (the spec's States, Calls): the CVR registry's data, an optional scrape of
// the existing website and written page text go into ONE transaction that creates the company, its
// owner account, the homepage, the Om os page and the Ydelser page and records that the site must be
// published (api/services/commit-change.ts), and queues the welcome e-mail (api/mail-outbox.ts sends
// it until the mail server takes it). Only after the commit is publishing requested; neither the
// publish nor the mail can undo the company.

import type { OnboardingCreate } from '../../contracts/onboarding';
import {
  type Db,
  DEFAULT_TRUST_SETTINGS,
  findCompanyByCvr,
  findCompanyByOwnerEmail,
  findUserByEmail,
  insertCompany,
  insertPage,
  normalizeEmail,
  queueWelcomeMail,
  saveTrustSettings,
} from '../../db';
import type { Config } from '../../lib/config';
import { AppError, isAppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { MESSAGES } from '../../rules/messages';
import { ABOUT_PAGE_DEFAULTS, HOMEPAGE_DEFAULTS, type PageDefaults } from '../../rules/pages';
import { schemeFor, subdomainOrigin } from '../../rules/site-url';
import { defaultHoursFor } from '../../rules/trades/site-fit';
import type { TextWriter, WriteInput } from '../ai';
import { insertOwnerAccount } from '../auth/accounts';
import { hashPassword, refuseCommonPassword } from '../auth/password';
import { valueOrRefuse } from '../refusals';
import { commitChange } from '../services/commit-change';
import { refuseAuthorisationOutsideTrade } from '../services/trust-settings';
import type { CvrCompany, CvrRegistry, ScrapeResult, ScrapeWebsite } from './contracts';

/** How long after the answer the welcome e-mail is sent: the new site's publish takes about 50 ms. */
const WELCOME_AFTER_MS = 1_000;

export interface CreateCompanyDeps {
  db: Db;
  config: Config;
  logger: Logger;
  registry: CvrRegistry;
  scrape: ScrapeWebsite;
  writer: TextWriter;
  /** Sends the queued welcome e-mail soon (api/mail-outbox.ts); without one it waits for a sweep. */
  outbox?: { nudge(afterMs?: number): void };
  enqueuePublish: (cvr: string) => Promise<void>;
  now: () => Date;
}

export interface CreatedCompany {
  cvr: string;
  /** The new owner's user id (to sign them in at once). */
  userId: string;
  subdomain: string;
  /** Where the browser goes next: the new site with `?newsite=true` (the spec's States). */
  url: string;
}

/**
 * Creates the company, its owner and its site from a request that passed the onboarding contract
 * (contracts/onboarding.ts); only the server-only check is left: a common password is invalid_input.
 * Errors are AppErrors with the spec's Danish messages: a taken CVR or e-mail is a conflict, an
 * unknown CVR is not_found; anything unexpected is logged and answered 'Der opstod en fejl. Prøv
 * igen.'. A failure leaves nothing behind: every row is written in one transaction.
 */
export async function createCompanyWithOwner(
  deps: CreateCompanyDeps,
  input: OnboardingCreate,
): Promise<CreatedCompany> {
  const email = normalizeEmail(input.email);
  try {
    return await create(deps, input, email);
  } catch (error) {
    throw await toCreationError(error, deps, input.cvr, email);
  }
}

async function create(
  deps: CreateCompanyDeps,
  input: OnboardingCreate,
  email: string,
): Promise<CreatedCompany> {
  const { db, config, logger } = deps;
  const { cvr, existingWebsiteUrl: websiteUrl } = input;
  // Checked first, so a bad password costs no registry lookup and no AI text.
  refuseCommonPassword(input.password);

  // Early answers for the common conflicts; the unique indexes decide races inside the transaction.
  // The CVR comes first, and must be a real, unclaimed company in the registry before anything is
  // said about the e-mail: an e-mail check answered for any made-up CVR would let anyone test which
  // addresses have accounts (issue 23). The registry's data, never the client's copy of it.
  if (await findCompanyByCvr(db, cvr)) throw new AppError('conflict', MESSAGES.cvrTaken);
  const registered = await deps.registry.lookup(cvr);
  // Only an authorisation the trade is offered (the lookup's authorisationTypes; issue 48).
  refuseAuthorisationOutsideTrade(
    {
      name: registered.name,
      industryCode: registered.industrycode ?? '',
      industryDesc: registered.industrydesc,
    },
    input.authorisation?.type,
  );
  const taken = await takenError(db, cvr, email);
  if (taken) throw taken;
  const scraped = websiteUrl ? await scrapeSafely(deps.scrape, websiteUrl, logger) : null;
  // The password is hashed (off the event loop) while the texts are written, and before the
  // transaction, so no write waits for it.
  const [home, about, services, passwordHash] = await Promise.all([
    deps.writer.write(writeInput(registered, scraped, 'homepage')),
    deps.writer.write(writeInput(registered, scraped, 'page', 'about')),
    deps.writer.write(writeInput(registered, scraped, 'page', 'services')),
    hashPassword(input.password),
  ]);

  const now = deps.now();
  // One transaction with the publish record (commitChange); the enqueue follows the commit and its
  // failure is only logged: the recovery sweep publishes the new site.
  let userId = '';
  const company = await commitChange(deps, cvr, async (trx) => {
    const outcome = await insertCompany(
      trx,
      {
        cvr,
        name: registered.name,
        address: registered.address,
        zipcode: registered.zipcode,
        city: registered.city,
        phone: registered.phone || scraped?.phone || '',
        email: registered.email || scraped?.email || '',
        companyEmail: email,
        logo: httpsUrlOrNull(scraped?.logo),
        industryDesc: registered.industrydesc,
        industryCode: registered.industrycode ?? '',
        // A salon's or a garage's hours, not a builder's (issue 52).
        hours: defaultHoursFor({
          industryCode: registered.industrycode ?? '',
          industryDesc: registered.industrydesc,
          companyName: registered.name,
        }),
        companyDesc: registered.companydesc,
        startDate: registered.startdate,
        employees: registered.employees,
        existingWebsite: websiteUrl ? { url: websiteUrl, title: '', description: '' } : null,
        websiteContent: {
          title: home.title,
          subtitle: home.subtitle ?? '',
          content: home.content,
          processedContent: null,
        },
      },
      now,
    );
    // A race lost inside the transaction; toCreationError asks again which value is taken.
    const created = valueOrRefuse(outcome, {
      'cvr-taken': ['conflict', MESSAGES.cvrTaken],
      'email-taken': ['conflict', MESSAGES.emailTakenAuth],
      'subdomain-taken': ['conflict', MESSAGES.creationFailed],
      taken: ['conflict', MESSAGES.creationFailed],
    });
    userId = (await insertOwnerAccount(trx, email, passwordHash, now)).id;
    // The authorisation named at sign-up (issue 42): shown as the company's own word until checked.
    if (input.authorisation) {
      await saveTrustSettings(
        trx,
        cvr,
        { ...DEFAULT_TRUST_SETTINGS, schemes: [], authorisation: input.authorisation },
        now,
      );
    }
    await insertPage(
      trx,
      cvr,
      {
        ...pageDefaults(HOMEPAGE_DEFAULTS),
        title: home.title,
        subtitle: home.subtitle ?? '',
        content: home.content,
      },
      now,
    );
    // A later stamp keeps Om os after the homepage in the navigation (pages sort by createdAt).
    await insertPage(
      trx,
      cvr,
      { ...pageDefaults(ABOUT_PAGE_DEFAULTS), title: about.title, content: about.content },
      new Date(now.getTime() + 1),
    );
    await insertPage(
      trx,
      cvr,
      { ...pageDefaults(SERVICES_PAGE_DEFAULTS), title: services.title, content: services.content },
      new Date(now.getTime() + 2),
    );
    await queueWelcomeMail(trx, cvr, now);
    return created;
  });
  logger.info({ cvr, subdomain: company.subdomain }, 'company created');
  // The welcome e-mail was queued with the company: the outbox sends it shortly, and again until the
  // mail server takes it. The new site's first publish goes first: the owner is looking at it now.
  deps.outbox?.nudge(WELCOME_AFTER_MS);

  return {
    cvr,
    userId,
    subdomain: company.subdomain,
    url: newSiteUrl(cvr, company.subdomain, config.publicHost),
  };
}

/** the spec's States: locally `/<cvr>/?newsite=true` on the main host, else the subdomain with `?newsite=true`. */
export function newSiteUrl(cvr: string, subdomain: string, publicHost: string): string {
  return schemeFor(publicHost) === 'http'
    ? `/${cvr}/?newsite=true`
    : `${subdomainOrigin(subdomain, publicHost)}/?newsite=true`;
}

/** The slug is not passed: insertPage derives it from the page name (Forside → forside, Om os → om-os). */
function pageDefaults({ pageName, type, layout }: PageDefaults) {
  return { pageName, type, layout };
}

// The third page a new site gets: what the company does, with the trade's common questions. Its text
// comes from the trade profile (rules/trades), so a new site has something real to show.
const SERVICES_PAGE_DEFAULTS: Readonly<PageDefaults> = Object.freeze({
  pageName: 'Ydelser',
  slug: 'ydelser',
  type: 'page',
  layout: 'text',
});

/**
 * What the writer gets for a new site: the registry's facts. The industry description and code pick
 * the trade profile; they are not keywords (a registry category such as 'Tømrer- og
 * bygningssnedkervirksomhed' is not a service a customer searches for).
 */
function writeInput(
  company: CvrCompany,
  scraped: ScrapeResult | null,
  pageType: WriteInput['pageType'],
  topic?: WriteInput['topic'],
) {
  return {
    companyName: company.name,
    industryDesc: company.industrydesc,
    industryCode: company.industrycode,
    city: company.city,
    keywords: [],
    pageType,
    topic,
    companyDesc: company.companydesc,
    existingText: scraped?.mainContent || undefined,
    variant: company.cvr,
    startDate: company.startdate,
    employees: company.employees,
    hasPhone: (company.phone || scraped?.phone || '').trim() !== '',
    hasEmail: (company.email || scraped?.email || '').trim() !== '',
  } satisfies WriteInput;
}

async function scrapeSafely(
  scrape: ScrapeWebsite,
  url: string,
  logger: Logger,
): Promise<ScrapeResult | null> {
  try {
    return await scrape(url);
  } catch (error) {
    logger.warn({ err: error, url }, 'scraping the existing website failed');
    return null;
  }
}

function httpsUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** The conflict onboarding answers when the CVR or the e-mail is in use now, or null. */
async function takenError(db: Db, cvr: string, email: string): Promise<AppError | null> {
  if (await findCompanyByCvr(db, cvr)) return new AppError('conflict', MESSAGES.cvrTaken);
  if ((await findUserByEmail(db, email)) || (await findCompanyByOwnerEmail(db, email))) {
    return new AppError('conflict', MESSAGES.emailTakenOnboarding);
  }
  return null;
}

/**
 * What a failed creation answers, decided by error code: a conflict (another sign-up won a race for
 * a unique index inside the transaction) is answered as the early checks answer it, asked again now
 * that the transaction is rolled back; other known failures keep their code and message; anything
 * else is logged and answered with the creation default.
 */
async function toCreationError(
  error: unknown,
  deps: CreateCompanyDeps,
  cvr: string,
  email: string,
): Promise<AppError> {
  if (isAppError(error) && error.code === 'conflict') {
    const taken = await takenError(deps.db, cvr, email).catch(() => null);
    return taken ?? error;
  }
  if (isAppError(error) && error.code !== 'internal') return error;
  deps.logger.error({ err: error, cvr }, 'company creation failed');
  return new AppError('internal', MESSAGES.creationFailed, { cause: error });
}
