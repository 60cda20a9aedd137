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
import { bodyLimit } from 'hono/body-limit';
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
import { clientIp, RateLimiter } from '../middleware/rate-limit';
import { routeGroup } from '../openapi';
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

/** The body cap of the form's posts, before the handler reads a byte. */
const reviewBodyLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new AppError('payload_too_large', REVIEW_MESSAGES.failed);
  },
});

export interface SiteReviewRoutesDeps {
  outbox?: MailOutbox;
}

const html = { 'text/html': { schema: z.string() } };
const params = z.object({ cvr: z.string().regex(/^[0-9]{8}$/), token: z.string().max(200) });
const cvrParams = z.object({ cvr: z.string().regex(/^[0-9]{8}$/) });
const FORM_BODY = {
  body: {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: {
          type: 'object' as const,
          properties: {
            stars: { type: 'string' as const },
            service: { type: 'string' as const },
            text: { type: 'string' as const },
            author: { type: 'string' as const },
            consent: { type: 'string' as const },
            email: { type: 'string' as const, description: "the customer's own e-mail (SMS requests)" },
            website: { type: 'string' as const, description: 'honeypot: empty from people' },
          },
        },
      },
    },
  },
};

const page = (summary: string, path: string, method: 'get' | 'post', withBody = false) =>
  createRoute({
    method,
    path,
    tags: ['public'],
    summary,
    ...(method === 'post' ? { middleware: [reviewBodyLimit] } : {}),
    request: { params: path.includes('{token}') ? params : cvrParams, ...(withBody ? FORM_BODY : {}) },
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

const thanksRoute = page('The thank-you page after a review', '/{cvr}/anmeldelse/tak', 'get');
const checkMailRoute = page(
  'After a review that waits for the customer to confirm their e-mail',
  '/{cvr}/anmeldelse/tjek-mail',
  'get',
);
const receivedRoute = page('After a review held for a check', '/{cvr}/anmeldelse/modtaget', 'get');
const confirmPageRoute = page(
  'The confirmation page (the link mailed to the customer)',
  '/{cvr}/anmeldelse/bekraeft/{token}',
  'get',
);
const confirmRoute = page(
  "Confirm the customer's e-mail: the review counts",
  '/{cvr}/anmeldelse/bekraeft/{token}',
  'post',
);
const declinedRoute = page('The page after "nej tak"', '/{cvr}/anmeldelse/nej-tak', 'get');
const deletePageRoute = page("The customer's delete page", '/{cvr}/anmeldelse/slet/{token}', 'get');
const deleteRoute = page(
  'Delete the review (the link in the receipt)',
  '/{cvr}/anmeldelse/slet/{token}',
  'post',
);
const formRoute = page("The review form of a company's link", '/{cvr}/anmeldelse/{token}', 'get');
const submitRoute = page('Send the review form', '/{cvr}/anmeldelse/{token}', 'post', true);
const declineRoute = page(
  '"Nej tak": spend the link, never be asked again',
  '/{cvr}/anmeldelse/{token}/nej',
  'post',
);

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

export function createSiteReviewRoutes(deps: SiteReviewRoutesDeps = {}): OpenAPIHono<AppEnv> {
  const routes = routeGroup<AppEnv>();

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

  /** The request of a link, or the page that says why it cannot be used. */
  async function requestOf(c: Context<AppEnv>, company: Company, home: string, token: string) {
    const id = await reviewLinkRequestId(c.get('db'), company.cvr, token);
    const open = id
      ? await openReviewRequest(c.get('db'), company.cvr, id, c.get('now')())
      : ({ ok: false, reason: 'not-found' } as const);
    if (open.ok) return { request: open.value };
    const status = open.reason === 'not-found' ? 404 : 410;
    return {
      refusal: message(c, company, home, 'Linket kan ikke bruges', REFUSED_LINK[open.reason], status),
    };
  }

  async function formPage(
    c: Context<AppEnv>,
    site: { company: Company; home: string },
    token: string,
    values: ReviewInput,
    errors: ReviewFieldErrors,
    status: 200 | 400 | 429,
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

  routes.openapi(thanksRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    return message(c, site.company, site.home, REVIEW_MESSAGES.thanks, REVIEW_MESSAGES.thanksText, 200);
  }) as never);

  routes.openapi(checkMailRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    return message(
      c,
      site.company,
      site.home,
      REVIEW_MESSAGES.confirmHeading,
      REVIEW_MESSAGES.confirmText,
      200,
    );
  }) as never);

  routes.openapi(receivedRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    return message(c, site.company, site.home, REVIEW_MESSAGES.thanks, REVIEW_MESSAGES.heldText, 200);
  }) as never);

  routes.openapi(confirmPageRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    const token = c.req.param('token') ?? '';
    if (!(await reviewConfirmReviewId(c.get('db'), site.company.cvr, token))) {
      return message(c, site.company, site.home, 'Linket kan ikke bruges', REVIEW_MESSAGES.linkInvalid, 404);
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
  }) as never);

  routes.openapi(confirmRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    const cvr = site.company.cvr;
    const id = await reviewConfirmReviewId(c.get('db'), cvr, c.req.param('token') ?? '');
    if (!id) {
      return message(c, site.company, site.home, 'Linket kan ikke bruges', REVIEW_MESSAGES.linkInvalid, 404);
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
      return message(c, site.company, site.home, 'Linket kan ikke bruges', text, 410);
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
  }) as never);

  routes.openapi(declinedRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    return message(c, site.company, site.home, 'Nej tak', REVIEW_MESSAGES.declined, 200);
  }) as never);

  routes.openapi(deletePageRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    const token = c.req.param('token') ?? '';
    if (!(await reviewDeleteReviewId(c.get('db'), site.company.cvr, token))) {
      return message(c, site.company, site.home, 'Linket kan ikke bruges', REVIEW_MESSAGES.linkInvalid, 404);
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
  }) as never);

  routes.openapi(deleteRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    const cvr = site.company.cvr;
    const id = await reviewDeleteReviewId(c.get('db'), cvr, c.req.param('token') ?? '');
    if (!id)
      return message(c, site.company, site.home, 'Linket kan ikke bruges', REVIEW_MESSAGES.linkInvalid, 404);
    // The review leaves the site at the publish this records.
    const deleted = await commitChange(c.var, cvr, async (trx) =>
      (await deleteReviewByCustomer(trx, cvr, id)) ? true : new Unchanged(false),
    );
    const text = deleted ? REVIEW_MESSAGES.deleted : REVIEW_MESSAGES.deleteGone;
    return message(c, site.company, site.home, 'Anmeldelsen er slettet', text, 200);
  }) as never);

  routes.openapi(formRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    const token = c.req.param('token') ?? '';
    const found = await requestOf(c, site.company, site.home, token);
    if (found.refusal) return found.refusal;
    const request = found.request;
    // The name shown by default: "Mette H., Køge" from the quote request's postcode, else "Mette H.".
    const lead = request.leadId ? await findLead(c.get('db'), site.company.cvr, request.leadId) : undefined;
    const code = lead ? municipalitiesForPostcode(lead.postcode)[0] : undefined;
    const town = code ? (municipality(code)?.name ?? '') : '';
    const values = { ...reviewInput({}), author: defaultAuthorName(request.customerName, town) };
    return formPage(c, site, token, values, {}, 200, emailFieldOf(request));
  }) as never);

  routes.openapi(submitRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    const cvr = site.company.cvr;
    const token = c.req.param('token') ?? '';
    const { db, logger } = c.var;
    const now = c.get('now')();
    const found = await requestOf(c, site.company, site.home, token);
    if (found.refusal) return found.refusal;
    const ip = clientIp(c);
    const limits = c.get('limits');
    const emailField = emailFieldOf(found.request);
    if (ip !== null && (await limits.retryAfterSeconds(REVIEW_POSTS_PER_CLIENT, ip)) > 0) {
      return formPage(c, site, token, reviewInput({}), { form: REVIEW_MESSAGES.tooMany }, 429, emailField);
    }
    const form = await c.req.parseBody();
    const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
    const values = reviewInput(form);
    // A person never fills the hidden field: answered as received, nothing stored.
    if (text(REVIEW_HONEYPOT_FIELD).trim() !== '') {
      logger.info({ cvr }, 'review honeypot filled; dropped');
      return c.redirect(pathOf(cvr, 'tak'), 303);
    }
    const errors = checkReview(values, servicesOf(site.company), emailField);
    // The receipt with the delete link, and the confirmation, never go to the owner's own address.
    if (!errors.email && values.email !== '' && isOwnEmail(values.email, await companyOwnContacts(db, cvr))) {
      errors.email = REVIEW_MESSAGES.customerEmailOwn;
    }
    if (Object.keys(errors).length > 0) return formPage(c, site, token, values, errors, 400, emailField);
    if (ip !== null && (await limits.hit(REVIEW_POSTS_PER_CLIENT, ip)) > 0) {
      return formPage(c, site, token, values, { form: REVIEW_MESSAGES.tooMany }, 429, emailField);
    }
    // Written whatever its stars, and published with the same commit's publish record.
    // Published with the same commit's publish record when it counts now; held or awaiting the
    // customer's confirmation, nothing on the site changes.
    const written = await commitChange<Outcome<Review, ReviewLinkRefusal | 'email-required'>>(
      c.var,
      cvr,
      async (trx) => {
        const outcome = await submitReview(
          trx,
          cvr,
          found.request.id,
          {
            stars: values.stars,
            service: values.service,
            text: values.text,
            authorName: values.author,
            email: emailField === 'none' ? '' : values.email,
            clientAddress: ip,
          },
          now,
        );
        return outcome.ok && outcome.value.state === 'published' ? outcome : new Unchanged(outcome);
      },
    );
    if (!written.ok) {
      if (written.reason === 'email-required') {
        const refusal = { email: REVIEW_MESSAGES.customerEmailRequired };
        return formPage(c, site, token, values, refusal, 400, emailField);
      }
      return message(c, site.company, site.home, 'Linket kan ikke bruges', REFUSED_LINK[written.reason], 410);
    }
    const { state } = written.value;
    logger.info({ cvr, reviewId: written.value.id, stars: written.value.stars, state }, 'review stored');
    deps.outbox?.nudge();
    const next = state === 'unconfirmed' ? 'tjek-mail' : state === 'held' ? 'modtaget' : 'tak';
    return c.redirect(pathOf(cvr, next), 303);
  }) as never);

  routes.openapi(declineRoute, (async (c: Context<AppEnv>) => {
    const site = await siteOf(c, c.req.param('cvr') ?? '');
    const cvr = site.company.cvr;
    const token = c.req.param('token') ?? '';
    const found = await requestOf(c, site.company, site.home, token);
    if (found.refusal) return found.refusal;
    const declined = await declineReviewRequest(c.get('db'), cvr, found.request.id, c.get('now')());
    if (!declined.ok) {
      return message(
        c,
        site.company,
        site.home,
        'Linket kan ikke bruges',
        REFUSED_LINK[declined.reason],
        410,
      );
    }
    return c.redirect(pathOf(cvr, 'nej-tak'), 303);
  }) as never);

  return routes;
}
