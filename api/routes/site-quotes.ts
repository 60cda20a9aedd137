// The customer's tilbud page (issue 51 items 3 and 4), public, beside the review pages under /api/sites
// (on a company's own host the CVR must be that host's company), at rules/customer-pages.ts's
// quotePagePath:
//   GET  /api/sites/{cvr}/tilbud/{token}        – the tilbud (HTML, no JavaScript, no cookies); marks it Set
//   POST /api/sites/{cvr}/tilbud/{token}        – "Accepter tilbuddet": name + a tick; the time, the
//                                                 address and a hash of the exact document are the record
//   POST /api/sites/{cvr}/tilbud/{token}/afvis  – "Afvis" with an optional reason
// Both forms are on the public-form pipeline (api/public-form): the signed link (purpose 'tilbud',
// db/document-link.ts), a honeypot, a body cap and a per-client limit, refusals beside the fields.
// An answered, expired or replaced tilbud shows the document under a line saying so (expired: a link
// to the site's contact form; replaced: a link to the new version). The owner's mail is a job.
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  acceptQuote,
  type Company,
  declineQuote,
  findQuote,
  markQuoteSeen,
  type Quote,
  quoteState,
} from '../../db';
import { CONTENT_SECURITY_POLICY } from '../../rules/content-security-policy';
import { quotePagePath } from '../../rules/customer-pages';
import { QUOTE_PAGE_MESSAGES as M } from '../../rules/quote-page-messages';
import { siteState } from '../../rules/trial';
import type { AppEnv } from '../env';
import { RateLimiter } from '../middleware/rate-limit';
import { routeGroup } from '../openapi';
import {
  type FieldErrors,
  type LinkRefusal,
  linkRefusal,
  publicForm,
  signedDocumentLink,
} from '../public-form';
import { messagePage, plainMessagePage } from '../public-form/branded-page';
import { QUOTE_LINK_PURPOSE, quoteLinkUrl } from '../quotes/quote-mail';
import { quoteDocumentHash, quotePage, quoteStatusPage } from '../quotes/quote-page';
import { queueAnsweredQuote } from '../quotes/quote-send';
import { siteOfRequest } from '../services/site-of-request';

const HONEYPOT = 'website';
const MAX_BODY_BYTES = 8 * 1024;
const NAME_MAX = 200;
const REASON_MAX = 1000;
/** Answers per client: a family answering a few tilbud passes, a loop does not. */
const ANSWERS_PER_CLIENT = new RateLimiter({ name: 'quote-answer', limit: 10, windowMs: 10 * 60 * 1000 });

const params = z.object({ cvr: z.string().regex(/^[0-9]{8}$/), token: z.string().max(200) });
const ACCEPT_FIELDS = z.object({
  name: z.string().default('').describe("the customer's name"),
  terms: z.string().default('').describe("'ja' when the terms are accepted"),
  [HONEYPOT]: z.string().default('').describe('honeypot: empty from people'),
});
const DECLINE_FIELDS = z.object({
  reason: z.string().default('').describe('why, optional'),
  [HONEYPOT]: z.string().default('').describe('honeypot: empty from people'),
});

interface QuoteSite {
  company: Company;
  home: string;
}

/** Never cached, never indexed, no cookie; the token stays on this site (as the review pages). */
function pageHeaders(c: Context<AppEnv>): void {
  c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  c.header('Referrer-Policy', 'same-origin');
}

/** The company of the path on this host, or the link's refusal (a page of no company's, 404). */
async function siteOf(c: Context<AppEnv>, cvr: string): Promise<QuoteSite | LinkRefusal> {
  const site = await siteOfRequest(c, cvr);
  if (!site || siteState(site.company.plan, c.get('now')()) === 'inactive')
    return linkRefusal(404, M.linkHeading, M.linkInvalid);
  return { company: site.company, home: `${site.base}/` };
}

const link = signedDocumentLink<Quote>({
  purpose: QUOTE_LINK_PURPOSE,
  param: 'token',
  invalid: { heading: M.linkHeading, message: M.linkInvalid },
  async find(c, id, cvr) {
    const quote = await findQuote(c.get('db'), cvr, id);
    // A draft has no link: only a sent tilbud (a number) is the customer's.
    if (!quote || quote.number === null || quote.storedState === 'draft')
      return linkRefusal(404, M.linkHeading, M.linkInvalid);
    return quote;
  },
});

/** The page of a tilbud that can no longer be answered, or null when it is open. */
async function closedPage(c: Context<AppEnv>, site: QuoteSite, quote: Quote): Promise<string | null> {
  const now = c.get('now')();
  const { company, home } = site;
  if (quote.replacedById) {
    const href = await quoteLinkUrl(c.get('db'), company, c.get('config').publicHost, quote.replacedById);
    const newer = href.slice(href.indexOf('/api/'));
    return quoteStatusPage(quote, company, home, now, {
      heading: M.replacedHeading,
      text: M.replacedText,
      link: { href: newer, text: M.seeNew },
    });
  }
  const state = quoteState(quote, now);
  if (state === 'accepted')
    return quoteStatusPage(quote, company, home, now, { heading: M.acceptedHeading, text: M.acceptedText });
  if (state === 'declined')
    return quoteStatusPage(quote, company, home, now, { heading: M.declinedHeading, text: M.declinedText });
  if (state === 'expired')
    return quoteStatusPage(quote, company, home, now, {
      heading: M.expiredHeading,
      text: M.expiredText,
      link: { href: `${home}#kontakt`, text: M.askNew },
    });
  return null;
}

async function drawPage(
  c: Context<AppEnv>,
  site: QuoteSite,
  quote: Quote,
  token: string,
  values: { name?: string; terms?: string; reason?: string },
  errors: FieldErrors,
  status: 200 | 400 | 410 | 413 | 429,
): Promise<Response> {
  pageHeaders(c);
  const closed = await closedPage(c, site, quote);
  if (closed) return c.html(closed, status === 200 ? 200 : 410);
  const action = quotePagePath(site.company.cvr, encodeURIComponent(token));
  const forms = {
    acceptAction: action,
    declineAction: `${action}/afvis`,
    honeypot: HONEYPOT,
    values: { name: values.name ?? '', terms: values.terms ?? '', reason: values.reason ?? '' },
    errors,
  };
  return c.html(quotePage(quote, site.company, site.home, c.get('now')(), forms), status);
}

function linkPage(
  c: Context<AppEnv>,
  site: QuoteSite | undefined,
  refusal: { status: 404 | 410; heading: string; message: string },
) {
  pageHeaders(c);
  if (!site) return c.html(plainMessagePage(refusal.heading, refusal.message), refusal.status);
  return c.html(messagePageOf(site, refusal.heading, refusal.message), refusal.status);
}

function messagePageOf(site: QuoteSite, heading: string, text: string): string {
  return messagePage(site.company, site.home, heading, text);
}

/** After an answer: the page again (it now says accepted or declined), by a 303 so a reload sends nothing. */
async function answered(c: Context<AppEnv>, site: QuoteSite, quote: Quote, token: string) {
  await queueAnsweredQuote(c.get('db'), site.company.cvr, quote.id, c.get('now')());
  c.var.nudgeMail();
  return c.redirect(quotePagePath(site.company.cvr, encodeURIComponent(token)), 303);
}

function registerAccept(routes: OpenAPIHono<AppEnv>): void {
  publicForm(routes, {
    path: '/{cvr}/tilbud/{token}',
    summary: "A customer's tilbud (the page) and its acceptance",
    params,
    fields: ACCEPT_FIELDS,
    maxBodyBytes: MAX_BODY_BYTES,
    limits: { perClient: ANSWERS_PER_CLIENT },
    honeypot: HONEYPOT,
    messages: { tooMany: M.tooMany, tooLarge: M.tooLarge },
    site: (c, { cvr }) => siteOf(c, cvr),
    documentLink: link,
    blank: async (c, { site, document: quote }) => {
      // The first open marks it Set (seen) for the owner.
      if (quote.storedState === 'sent' && quoteState(quote, c.get('now')()) === 'sent')
        await markQuoteSeen(c.get('db'), site.company.cvr, quote.id, c.get('now')());
      return ACCEPT_FIELDS.parse({});
    },
    check: (_c, values) => {
      const errors: FieldErrors = {};
      const name = values.name.trim();
      if (name === '') errors.name = M.nameRequired;
      else if (name.length > NAME_MAX) errors.name = M.nameTooLong;
      if (values.terms !== 'ja') errors.terms = M.termsRequired;
      return errors;
    },
    page: (c, outcome) => {
      if (outcome.kind === 'link') return linkPage(c, outcome.site, outcome.refusal);
      const { context, values, errors, status } = outcome;
      return drawPage(c, context.site, context.document, context.params.token, values, errors, status);
    },
    received: (c, { site, params: p }) =>
      c.redirect(quotePagePath(site.company.cvr, encodeURIComponent(p.token)), 303),
    handle: async (c, { site, document: quote, values, client, params: p }) => {
      const now = c.get('now')();
      const record = {
        name: values.name.trim(),
        ip: client ?? '',
        documentHash: quoteDocumentHash(quote, site.company, now),
      };
      const outcome = await acceptQuote(c.get('db'), site.company.cvr, quote.id, record, now);
      if (!outcome.ok) return drawPage(c, site, quote, p.token, values, {}, 410);
      c.var.logger.info({ cvr: site.company.cvr, quoteId: quote.id }, 'quote accepted');
      return answered(c, site, outcome.value, p.token);
    },
  });
}

function registerDecline(routes: OpenAPIHono<AppEnv>): void {
  publicForm(routes, {
    path: '/{cvr}/tilbud/{token}/afvis',
    summary: "Decline a customer's tilbud",
    params,
    fields: DECLINE_FIELDS,
    maxBodyBytes: MAX_BODY_BYTES,
    limits: { perClient: ANSWERS_PER_CLIENT },
    honeypot: HONEYPOT,
    messages: { tooMany: M.tooMany, tooLarge: M.tooLarge },
    site: (c, { cvr }) => siteOf(c, cvr),
    documentLink: link,
    check: (_c, values): FieldErrors =>
      values.reason.trim().length > REASON_MAX ? { reason: M.reasonTooLong } : {},
    page: (c, outcome) => {
      if (outcome.kind === 'link') return linkPage(c, outcome.site, outcome.refusal);
      const { context, values, errors, status } = outcome;
      return drawPage(c, context.site, context.document, context.params.token, values, errors, status);
    },
    received: (c, { site, params: p }) =>
      c.redirect(quotePagePath(site.company.cvr, encodeURIComponent(p.token)), 303),
    handle: async (c, { site, document: quote, values, params: p }) => {
      const now = c.get('now')();
      const outcome = await declineQuote(c.get('db'), site.company.cvr, quote.id, values.reason.trim(), now);
      if (!outcome.ok) return drawPage(c, site, quote, p.token, values, {}, 410);
      c.var.logger.info({ cvr: site.company.cvr, quoteId: quote.id }, 'quote declined');
      return answered(c, site, outcome.value, p.token);
    },
  });
}

export function createSiteQuoteRoutes(): OpenAPIHono<AppEnv> {
  const routes = routeGroup<AppEnv>();
  registerAccept(routes);
  registerDecline(routes);
  return routes;
}
