// The review link's pages (issue 41), public, beside the quote form under /api/sites (on every host: on
// a company's own host the CVR must be that host's company):
//   GET  /api/sites/{cvr}/anmeldelse/{token}       – the form (HTML, no JavaScript, no cookies)
//   POST /api/sites/{cvr}/anmeldelse/{token}       – send it: 303 to the thank-you, or the form again
//                                                     with the refusals beside the fields
//   POST /api/sites/{cvr}/anmeldelse/{token}/nej   – "nej tak": the link is spent, never asked again
//   GET  /api/sites/{cvr}/anmeldelse/tak           – the thank-you page
//   GET  /api/sites/{cvr}/anmeldelse/tjek-mail     – "check your mail": the review waits for the
//                                                     customer's confirmation (issue 48)
//   GET  /api/sites/{cvr}/anmeldelse/modtaget      – received, held for a check by the operator
//   GET  /api/sites/{cvr}/anmeldelse/bekraeft/{token} – the confirmation page (a button)
//   POST /api/sites/{cvr}/anmeldelse/bekraeft/{token} – confirm: the review counts (or is held)
//   GET  /api/sites/{cvr}/anmeldelse/nej-tak       – after "nej tak"
//   GET  /api/sites/{cvr}/anmeldelse/slet/{token}  – the customer's delete page (a button: a mail
//                                                     scanner that opens the link deletes nothing)
//   POST /api/sites/{cvr}/anmeldelse/slet/{token}  – delete the review; the site loses it at the publish
// The link is signed for its company and single-use (db/review-token.ts, db/tables/reviews.ts), which
// already makes it a per-customer secret: the form has no minimum wait (issue 48: a customer who tapped
// the stars and sent within 3 s was refused), only a honeypot, a cap on the body and a per-client limit.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  type Company,
  companyOwnContacts,
  confirmReview,
  declineReviewRequest,
  deleteReviewByCustomer,
  findLead,
  type Outcome,
  openReviewRequest,
  type Review,
  type ReviewConfirmRefusal,
  type ReviewLinkRefusal,
  type ReviewRequest,
  reviewConfirmReviewId,
  reviewDeleteReviewId,
  reviewLinkRequestId,
  reviewLinkToken,
  reviewRequestCompany,
  reviewShortTokenId,
  reviewShortTokenValid,
  submitReview,
} from '../../db';
import { AppError } from '../../lib/errors';
import { CONTENT_SECURITY_POLICY } from '../../rules/content-security-policy';
import { municipality } from '../../rules/municipalities';
import { municipalitiesForPostcode } from '../../rules/postcodes';
import {
  checkReview,
  defaultAuthorName,
  REVIEW_HONEYPOT_FIELD,
  type ReviewEmailField,
  type ReviewFieldErrors,
  type ReviewInput,
  reviewInput,
} from '../../rules/review-form';
import { REVIEW_MESSAGES } from '../../rules/review-messages';
import { isOwnEmail } from '../../rules/review-recipient';
import { findTradeProfile } from '../../rules/trades';
import { siteState } from '../../rules/trial';
import type { AppEnv } from '../env';
import type { MailOutbox } from '../mail-outbox';
import { RateLimiter } from '../middleware/rate-limit';
import { routeGroup } from '../openapi';
import { type LinkRefusal, linkRefusal, publicForm } from '../public-form';
import {
  reviewConfirmPage,
  reviewDeletePage,
  reviewFormPage,
  reviewMessagePage,
} from '../reviews/review-page';
import { commitChange, Unchanged } from '../services/commit-change';
import { siteOfRequest } from '../services/site-of-request';

/** Posts per client: a family writing a few reviews from one connection passes, a loop does not. */
const REVIEW_POSTS_PER_CLIENT = new RateLimiter({ name: 'review-form', limit: 10, windowMs: 10 * 60 * 1000 });
/** The form is a few fields of text: a body past this is no review. */
const MAX_BODY_BYTES = 16 * 1024;

export interface SiteReviewRoutesDeps {
  outbox?: MailOutbox;
}

const html = { 'text/html': { schema: z.string() } };
const params = z.object({ cvr: z.string().regex(/^[0-9]{8}$/), token: z.string().max(200) });
const cvrParams = z.object({ cvr: z.string().regex(/^[0-9]{8}$/) });
/** The review form's fields (rules/review-form.ts reads and checks them); a missing one reads ''. */
const REVIEW_FORM_FIELDS = z.object({
  stars: z.string().default(''),
  service: z.string().default(''),
  text: z.string().default(''),
  author: z.string().default(''),
  consent: z.string().default(''),
  email: z.string().default('').describe("the customer's own e-mail (SMS requests)"),
  [REVIEW_HONEYPOT_FIELD]: z.string().default('').describe('honeypot: empty from people'),
});

const page = <P extends typeof params | typeof cvrParams>(
  summary: string,
  path: string,
  method: 'get' | 'post',
  pathParams: P,
) =>
  createRoute({
    method,
    path,
    tags: ['public'],
    summary,
    request: { params: pathParams },
    responses: {
      200: { description: 'The page (HTML)', content: html },
      303: { description: 'To the next page' },
      400: { description: 'Refused: the form again with the refusals beside the fields', content: html },
      404: { description: 'No such site, or the link is not valid (a Danish page)', content: html },
      410: { description: 'The link is used, expired or declined (a Danish page)', content: html },
      413: { description: 'The body is over the cap' },
      429: { description: 'Too many posts from this client', content: html },
    },
  });

const thanksRoute = page('The thank-you page after a review', '/{cvr}/anmeldelse/tak', 'get', cvrParams);
const checkMailRoute = page(
  'After a review that waits for the customer to confirm their e-mail',
  '/{cvr}/anmeldelse/tjek-mail',
  'get',
  cvrParams,
);
const receivedRoute = page('After a review held for a check', '/{cvr}/anmeldelse/modtaget', 'get', cvrParams);
const confirmPageRoute = page(
  'The confirmation page (the link mailed to the customer)',
  '/{cvr}/anmeldelse/bekraeft/{token}',
  'get',
  params,
);
const confirmRoute = page(
  "Confirm the customer's e-mail: the review counts",
  '/{cvr}/anmeldelse/bekraeft/{token}',
  'post',
  params,
);
const declinedRoute = page('The page after "nej tak"', '/{cvr}/anmeldelse/nej-tak', 'get', cvrParams);
const deletePageRoute = page("The customer's delete page", '/{cvr}/anmeldelse/slet/{token}', 'get', params);
const deleteRoute = page(
  'Delete the review (the link in the receipt)',
  '/{cvr}/anmeldelse/slet/{token}',
  'post',
  params,
);
const declineRoute = page(
  '"Nej tak": spend the link, never be asked again',
  '/{cvr}/anmeldelse/{token}/nej',
  'post',
  params,
);

const LINK_UNUSABLE = 'Linket kan ikke bruges';

const REFUSED_LINK: Record<ReviewLinkRefusal, string> = {
  'not-found': REVIEW_MESSAGES.linkInvalid,
  used: REVIEW_MESSAGES.linkUsed,
  expired: REVIEW_MESSAGES.linkExpired,
  declined: REVIEW_MESSAGES.linkDeclined,
};

/** Whether the form asks for the customer's own e-mail (issue 48): always when the request came by SMS. */
function emailFieldOf(request: ReviewRequest): ReviewEmailField {
  if (request.customerConfirms) return 'required';
  return request.channel === 'sms' ? 'optional' : 'none';
}

/** The services offered as chips: the trade's, as its profile names them. */
function servicesOf(company: Company): readonly string[] {
  return findTradeProfile({
    industryCode: company.industryCode,
    industryDesc: company.industryDesc,
    companyName: company.name,
  }).services;
}

/**
 * Headers of every page here: the sites' policy, never cached, never indexed, and no cookie. The link's
 * token is in the address: `same-origin` keeps it from any other site a link leads to, and still lets
 * the browser send the form's Origin (`no-referrer` would make it `null`, which the CSRF check refuses).
 */
function pageHeaders(c: Context<AppEnv>): void {
  c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  c.header('Referrer-Policy', 'same-origin');
}

/**
 * GET /anmeld/{token} on a company's host, the short link of an SMS text (issue 49): a redirect to the
 * review page of its request. Mounted beside /api (the path is the app's on every host: rules/
 * request-target.ts); anything that is not a valid short link goes to the site's 404 page.
 */
export async function reviewShortLink(c: Context<AppEnv>): Promise<Response> {
  const db = c.get('db');
  const token = c.req.param('token') ?? '';
  const id = reviewShortTokenId(token);
  const cvr = id ? await reviewRequestCompany(db, id) : undefined;
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  c.header('Referrer-Policy', 'same-origin');
  if (!id || !cvr || !(await reviewShortTokenValid(db, cvr, token))) return c.redirect('/404', 302);
  const link = await reviewLinkToken(db, cvr, id);
  return c.redirect(`/api/sites/${cvr}/anmeldelse/${encodeURIComponent(link)}`, 302);
}

/** The company of the request's host and its home page address; not found as a Danish page. */
async function siteOf(c: Context<AppEnv>, cvr: string) {
  const site = await siteOfRequest(c, cvr);
  if (!site || siteState(site.company.plan, c.get('now')()) === 'inactive') {
    throw new AppError('not_found', REVIEW_MESSAGES.linkInvalid);
  }
  return { company: site.company, base: site.base, home: `${site.base}/` };
}

const pathOf = (cvr: string, rest: string) => `/api/sites/${cvr}/anmeldelse/${rest}`;

const message = (
  c: Context<AppEnv>,
  company: Company,
  home: string,
  heading: string,
  text: string,
  status: 200 | 404 | 410,
) => {
  pageHeaders(c);
  return c.html(reviewMessagePage(company, home, heading, text), status);
};

/** The open request of a link, or why the link cannot be used. */
async function requestOf(
  c: Context<AppEnv>,
  company: Company,
  token: string,
): Promise<ReviewRequest | LinkRefusal> {
  const id = await reviewLinkRequestId(c.get('db'), company.cvr, token);
  const open = id
    ? await openReviewRequest(c.get('db'), company.cvr, id, c.get('now')())
    : ({ ok: false, reason: 'not-found' } as const);
  if (open.ok) return open.value;
  return linkRefusal(open.reason === 'not-found' ? 404 : 410, LINK_UNUSABLE, REFUSED_LINK[open.reason]);
}

async function formPage(
  c: Context<AppEnv>,
  site: { company: Company; home: string },
  token: string,
  values: ReviewInput,
  errors: ReviewFieldErrors,
  status: 200 | 400 | 413 | 429,
  emailField: ReviewEmailField,
) {
  const cvr = site.company.cvr;
  pageHeaders(c);
  return c.html(
    reviewFormPage({
      company: site.company,
      home: site.home,
      action: pathOf(cvr, encodeURIComponent(token)),
      declineAction: pathOf(cvr, `${encodeURIComponent(token)}/nej`),
      services: servicesOf(site.company),
      emailField,
      values,
      errors,
    }),
    status,
  );
}

/** The review form of a request's link: on the public-form pipeline (api/public-form). */
function registerReviewForm(routes: OpenAPIHono<AppEnv>, deps: SiteReviewRoutesDeps): void {
  publicForm(routes, {
    path: '/{cvr}/anmeldelse/{token}',
    summary: "The review form of a company's link",
    params,
    fields: REVIEW_FORM_FIELDS,
    maxBodyBytes: MAX_BODY_BYTES,
    limits: { perClient: REVIEW_POSTS_PER_CLIENT },
    honeypot: REVIEW_HONEYPOT_FIELD,
    messages: { tooMany: REVIEW_MESSAGES.tooMany, tooLarge: REVIEW_MESSAGES.failed },
    site: (c, { cvr }) => siteOf(c, cvr),
    // The review request's signed link: one company, one request, to review only.
    documentLink: { param: 'token', check: (c, { token }, site) => requestOf(c, site.company, token) },
    blank: async (c, { site, document: request }) => {
      // The name shown by default: "Mette H., Køge" from the quote request's postcode, else "Mette H.".
      const db = c.get('db');
      const lead = request.leadId ? await findLead(db, site.company.cvr, request.leadId) : undefined;
      const code = lead ? municipalitiesForPostcode(lead.postcode)[0] : undefined;
      const town = code ? (municipality(code)?.name ?? '') : '';
      return { ...REVIEW_FORM_FIELDS.parse({}), author: defaultAuthorName(request.customerName, town) };
    },
    check: async (c, values, { site, document: request }) => {
      const input = reviewInput(values);
      const errors = checkReview(input, servicesOf(site.company), emailFieldOf(request));
      // The receipt with the delete link, and the confirmation, never go to the owner's own address.
      const own = input.email !== '' && !errors.email;
      if (own && isOwnEmail(input.email, await companyOwnContacts(c.get('db'), site.company.cvr))) {
        errors.email = REVIEW_MESSAGES.customerEmailOwn;
      }
      return errors;
    },
    page: (c, outcome) => {
      if (outcome.kind === 'link') {
        const site = outcome.site;
        if (!site) throw new AppError('not_found', REVIEW_MESSAGES.linkInvalid);
        const { heading, message: text, status } = outcome.refusal;
        return message(c, site.company, site.home, heading, text, status);
      }
      const { context, values, errors, status } = outcome;
      return formPage(
        c,
        context.site,
        context.params.token,
        reviewInput(values),
        errors,
        status,
        emailFieldOf(context.document),
      );
    },
    received: (c, { site }) => c.redirect(pathOf(site.company.cvr, 'tak'), 303),
    handle: async (c, { site, document: request, values, client, refuse }) => {
      const cvr = site.company.cvr;
      const input = reviewInput(values);
      const emailField = emailFieldOf(request);
      // Published with the same commit's publish record when it counts now; held or awaiting the
      // customer's confirmation, nothing on the site changes.
      const written = await commitChange<Outcome<Review, ReviewLinkRefusal | 'email-required'>>(
        c.var,
        cvr,
        async (trx) => {
          const outcome = await submitReview(
            trx,
            cvr,
            request.id,
            {
              stars: input.stars,
              service: input.service,
              text: input.text,
              authorName: input.author,
              email: emailField === 'none' ? '' : input.email,
              clientAddress: client,
            },
            c.get('now')(),
          );
          return outcome.ok && outcome.value.state === 'published' ? outcome : new Unchanged(outcome);
        },
      );
      if (!written.ok) {
        if (written.reason === 'email-required')
          return refuse({ email: REVIEW_MESSAGES.customerEmailRequired });
        return message(c, site.company, site.home, LINK_UNUSABLE, REFUSED_LINK[written.reason], 410);
      }
      const { state } = written.value;
      c.var.logger.info(
        { cvr, reviewId: written.value.id, stars: written.value.stars, state },
        'review stored',
      );
      deps.outbox?.nudge();
      const next = state === 'unconfirmed' ? 'tjek-mail' : state === 'held' ? 'modtaget' : 'tak';
      return c.redirect(pathOf(cvr, next), 303);
    },
  });
}

export function createSiteReviewRoutes(deps: SiteReviewRoutesDeps = {}): OpenAPIHono<AppEnv> {
  const routes = routeGroup<AppEnv>();
  routes.openapi(thanksRoute, async (c) => {
    const site = await siteOf(c, c.req.valid('param').cvr);
    return message(c, site.company, site.home, REVIEW_MESSAGES.thanks, REVIEW_MESSAGES.thanksText, 200);
  });

  routes.openapi(checkMailRoute, async (c) => {
    const site = await siteOf(c, c.req.valid('param').cvr);
    return message(
      c,
      site.company,
      site.home,
      REVIEW_MESSAGES.confirmHeading,
      REVIEW_MESSAGES.confirmText,
      200,
    );
  });

  routes.openapi(receivedRoute, async (c) => {
    const site = await siteOf(c, c.req.valid('param').cvr);
    return message(c, site.company, site.home, REVIEW_MESSAGES.thanks, REVIEW_MESSAGES.heldText, 200);
  });

  routes.openapi(confirmPageRoute, async (c) => {
    const site = await siteOf(c, c.req.valid('param').cvr);
    const token = c.req.valid('param').token;
    if (!(await reviewConfirmReviewId(c.get('db'), site.company.cvr, token))) {
      return message(c, site.company, site.home, LINK_UNUSABLE, REVIEW_MESSAGES.linkInvalid, 404);
    }
    pageHeaders(c);
    return c.html(
      reviewConfirmPage(
        site.company,
        site.home,
        pathOf(site.company.cvr, `bekraeft/${encodeURIComponent(token)}`),
      ),
      200,
    );
  });

  routes.openapi(confirmRoute, async (c) => {
    const site = await siteOf(c, c.req.valid('param').cvr);
    const cvr = site.company.cvr;
    const id = await reviewConfirmReviewId(c.get('db'), cvr, c.req.valid('param').token);
    if (!id) {
      return message(c, site.company, site.home, LINK_UNUSABLE, REVIEW_MESSAGES.linkInvalid, 404);
    }
    // A review that now counts is published with the same commit's publish record; a held one is not.
    const confirmed = await commitChange<Outcome<Review, ReviewConfirmRefusal>>(c.var, cvr, async (trx) => {
      const outcome = await confirmReview(trx, cvr, id, c.get('now')());
      return outcome.ok && outcome.value.state === 'published' ? outcome : new Unchanged(outcome);
    });
    if (!confirmed.ok) {
      const text = {
        'not-found': REVIEW_MESSAGES.deleteGone,
        expired: REVIEW_MESSAGES.confirmExpired,
        confirmed: REVIEW_MESSAGES.confirmUsed,
      }[confirmed.reason];
      return message(c, site.company, site.home, LINK_UNUSABLE, text, 410);
    }
    c.var.logger.info({ cvr, reviewId: id, state: confirmed.value.state }, 'review confirmed');
    deps.outbox?.nudge();
    const held = confirmed.value.state === 'held';
    return message(
      c,
      site.company,
      site.home,
      REVIEW_MESSAGES.thanks,
      held ? REVIEW_MESSAGES.confirmedHeld : REVIEW_MESSAGES.confirmed,
      200,
    );
  });

  routes.openapi(declinedRoute, async (c) => {
    const site = await siteOf(c, c.req.valid('param').cvr);
    return message(c, site.company, site.home, 'Nej tak', REVIEW_MESSAGES.declined, 200);
  });

  routes.openapi(deletePageRoute, async (c) => {
    const site = await siteOf(c, c.req.valid('param').cvr);
    const token = c.req.valid('param').token;
    if (!(await reviewDeleteReviewId(c.get('db'), site.company.cvr, token))) {
      return message(c, site.company, site.home, LINK_UNUSABLE, REVIEW_MESSAGES.linkInvalid, 404);
    }
    pageHeaders(c);
    return c.html(
      reviewDeletePage(
        site.company,
        site.home,
        pathOf(site.company.cvr, `slet/${encodeURIComponent(token)}`),
      ),
      200,
    );
  });

  routes.openapi(deleteRoute, async (c) => {
    const site = await siteOf(c, c.req.valid('param').cvr);
    const cvr = site.company.cvr;
    const id = await reviewDeleteReviewId(c.get('db'), cvr, c.req.valid('param').token);
    if (!id) return message(c, site.company, site.home, LINK_UNUSABLE, REVIEW_MESSAGES.linkInvalid, 404);
    // The review leaves the site at the publish this records.
    const deleted = await commitChange(c.var, cvr, async (trx) =>
      (await deleteReviewByCustomer(trx, cvr, id)) ? true : new Unchanged(false),
    );
    const text = deleted ? REVIEW_MESSAGES.deleted : REVIEW_MESSAGES.deleteGone;
    return message(c, site.company, site.home, 'Anmeldelsen er slettet', text, 200);
  });

  registerReviewForm(routes, deps);

  routes.openapi(declineRoute, async (c) => {
    const site = await siteOf(c, c.req.valid('param').cvr);
    const cvr = site.company.cvr;
    const token = c.req.valid('param').token;
    const found = await requestOf(c, site.company, token);
    if ('refused' in found) {
      return message(c, site.company, site.home, found.heading, found.message, found.status);
    }
    const declined = await declineReviewRequest(c.get('db'), cvr, found.id, c.get('now')());
    if (!declined.ok) {
      return message(c, site.company, site.home, LINK_UNUSABLE, REFUSED_LINK[declined.reason], 410);
    }
    return c.redirect(pathOf(cvr, 'nej-tak'), 303);
  });

  return routes;
}
