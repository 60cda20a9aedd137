// The response mappers: every row an answer shows passes one of these on its way out, field by
// field, so a column added to a table reaches the browser only when it is added here and to its
// schema in contracts/. One file for every resource's mappers (company, pages, images, revisions,
// the session, the onboarding lookup). Route handlers answer through these; group.openapi()
// type-checks the result against the route's response schema and parses it with that schema before
// it leaves (answer-check.ts).
import type { SessionInfo } from '../contracts/auth';
import type { CompanyJson } from '../contracts/company';
import type { ImageJson } from '../contracts/images';
import type { OperatorJson } from '../contracts/operator';
import type { DeletedPageJson, PageJson, PageRevisionJson } from '../contracts/pages';
import type { TrustJson } from '../contracts/trust';
import type {
  Company,
  Image,
  listFailedPublishes,
  listRecentOrders,
  listTrialsEnding,
  Page,
  PageRevision,
  TrustSettings,
} from '../db';
import { authorisationsFor } from '../rules/authorisations';
import { offersEmergencyService } from '../rules/emergency-service';
import { schemesFor } from '../rules/guarantee-schemes';
import { deletedPageExpiry } from '../rules/page-history';
import { companyTrade } from '../rules/site-trust';
import { canonicalOrigin } from '../rules/site-url';
import { deductionBlock } from '../rules/tax-deduction';
import { findTrade, writingProfile } from '../rules/trades';
import type { CvrCompany, WebsiteSuggestion } from './onboarding/contracts';

export function toCompanyJson(company: Company): CompanyJson {
  return {
    cvr: company.cvr,
    name: company.name,
    address: company.address,
    zipcode: company.zipcode,
    city: company.city,
    phone: company.phone,
    email: company.email,
    logo: company.logo,
    industryDesc: company.industryDesc,
    hours: { ...company.hours },
    showHours: company.showHours,
    socialMedia: { ...company.socialMedia },
    theme: company.theme,
    subdomain: company.subdomain,
    customDomain: company.customDomain,
    customDomainVerified: company.customDomainVerified,
  };
}

export function toPageJson(page: Page): PageJson {
  return {
    id: page.id,
    pageName: page.pageName,
    title: page.title,
    slug: page.slug,
    type: page.type,
    layout: page.layout,
    subtitle: page.subtitle,
    content: page.content,
    image: page.image,
    heroBackgroundImage: page.heroBackgroundImage,
    gallery: page.gallery.map(({ title, description, image }) => ({ title, description, image })),
    metaTitle: page.metaTitle,
    metaDescription: page.metaDescription,
    sortOrder: page.sortOrder,
    showInMenu: page.showInMenu,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
  };
}

export function toImageJson(image: Image): ImageJson {
  return {
    id: image.id,
    url: image.url,
    name: image.name,
    width: image.width,
    height: image.height,
    variants: image.variants.map(({ width, url, contentType }) => ({ width, url, contentType })),
    createdAt: image.createdAt,
  };
}

const PREVIEW_LENGTH = 160;

export function toRevisionJson(revision: PageRevision): PageRevisionJson {
  const { id, version, summary, createdAt, snapshot } = revision;
  const preview = (snapshot.content ?? '').replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
  return { id, version, summary, createdAt, title: snapshot.title ?? '', preview };
}

export function toDeletedPageJson(page: {
  id: string;
  pageName: string;
  title: string;
  deletedAt: string;
}): DeletedPageJson {
  const { id, pageName, title, deletedAt } = page;
  return { id, pageName, title, deletedAt, restorableUntil: deletedPageExpiry(deletedAt) };
}

/** Who is signed in (GET /api/auth/session, login, hand-off): the address and the site's own URL. */
export function toSessionJson(email: string, company: Company, publicHost: string): SessionInfo {
  return { email, companyName: company.name, siteUrl: `${canonicalOrigin(company, publicHost)}/` };
}

/** A CVR registry hit as the onboarding's lookup shows it. */
export function toCvrCompanyJson(company: CvrCompany): CvrCompany {
  const { cvr, name, address, zipcode, city, phone, email, industrydesc, industrycode } = company;
  const { companydesc, startdate, employees } = company;
  return {
    cvr,
    name,
    address,
    zipcode,
    city,
    phone,
    email,
    industrydesc,
    ...(industrycode === undefined ? {} : { industrycode }),
    companydesc,
    startdate,
    employees,
  };
}

export function toWebsiteJson({ url, title, snippet }: WebsiteSuggestion): WebsiteSuggestion {
  return { url, title, snippet };
}

type RowOf<List extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<List>>[number];

/** An order in the operator's view (GET /api/operator). */
export function toOrderJson(order: RowOf<typeof listRecentOrders>): OperatorJson['orders'][number] {
  const { companyName, plan, billingEmail, ean, invoiceCvr, createdAt } = order;
  return { cvr: order.companyCvr, companyName, plan, billingEmail, ean, invoiceCvr, createdAt };
}

/** A trial ending soon in the operator's view. */
export function toTrialEndingJson(
  trial: RowOf<typeof listTrialsEnding>,
): OperatorJson['trialsEnding'][number] {
  const { cvr, name, companyEmail, trialEndDate } = trial;
  return { cvr, name, companyEmail, trialEndDate };
}

/** A company whose publishing keeps failing, in the operator's view. */
export function toFailedPublishJson(
  failed: RowOf<typeof listFailedPublishes>,
): OperatorJson['failedPublishes'][number] {
  const { companyCvr, lastError, lastAttemptAt } = failed;
  return { companyCvr, lastError, lastAttemptAt };
}

/** The Troværdighed tab's answer (GET and PUT /api/trust): what is saved, and what the company's
 *  trade is offered (the authorisations, a døgnvagt, this year's håndværkerfradrag block). */
export function toTrustJson(company: Company, settings: TrustSettings, now: Date): TrustJson {
  const trade = companyTrade(company);
  const { authorisation, area, emergency } = settings;
  const deduction = deductionBlock(trade.id, now);
  return {
    settings: {
      authorisation: authorisation && {
        type: authorisation.type,
        number: authorisation.number,
        checked: authorisation.checkedAt !== null,
      },
      schemes: [...settings.schemes],
      schemesConfirmed: settings.schemesConfirmedAt !== null,
      schemesChecked: [...settings.schemesChecked],
      deductionShown: settings.deductionShown,
      area: area.mode === 'municipalities' ? { mode: area.mode, codes: [...area.codes] } : area,
      emergency: { enabled: emergency.enabled, phone: emergency.phone, hours: emergency.hours },
    },
    offer: {
      // The trade in the company's own word when it has no profile (right-trade's writingProfile).
      trade: writingProfile(
        findTrade({
          industryCode: company.industryCode,
          industryDesc: company.industryDesc,
          companyName: company.name,
        }),
      ).noun.singular,
      authorisationTypes: [...authorisationsFor(trade.id)],
      schemes: [...schemesFor(trade.id)],
      emergency: offersEmergencyService(trade.id),
      serviceArea: trade.workplace === 'onsite',
      deduction: deduction && {
        year: deduction.year,
        amountsKnown: deduction.amountsKnown,
        items: deduction.items.map((item) => ({ ...item })),
      },
    },
  };
}
