// The API's OpenAPI 3.1 description, generated from the same zod schemas the routes validate with
// (zod 4's z.toJSONSchema), so the document cannot drift from the rules. Every mounted endpoint is
// one row of API_ROUTES; a new route group adds its rows here.
import { z } from 'zod';
import { generateRequestSchema } from './ai/generate-request';
import { SESSION_COOKIE } from './auth/sessions';
import { analyticsEventSchema } from './routes/analytics';
import { onboardingCreateSchema } from './routes/onboarding-create';
import { lookupSchema } from './routes/onboarding-lookup';
import {
  changeEmailSchema,
  changePasswordSchema,
  emailTokenSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  resetTokenSchema,
} from './schemas/account';
import { loginSchema } from './schemas/auth';
import { settingsSchema } from './schemas/company';
import { contactSchema } from './schemas/contact';
import { orderSchema } from './schemas/order';
import { pageOrderSchema } from './schemas/page-order';
import { pageCreateSchema, pageUpdateSchema } from './schemas/pages';

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI form: `/api/pages/{id}`. */
  path: string;
  summary: string;
  tag: string;
  /** `owner`: needs the session cookie and acts on the owner's own company only. */
  auth: 'public' | 'owner';
  /** The request body's schema; JSON unless `contentType` says otherwise (e.g. multipart uploads). */
  body?: z.ZodType;
  contentType?: 'application/json' | 'multipart/form-data';
  /** Status → description. Error statuses answer the Error schema. */
  responses: Record<number, string>;
}

const OWNER_ERRORS = {
  401: 'Not signed in (`Du skal være logget ind`)',
  404: 'No company for this owner (`Kunne ikke hente firma information`)',
} as const;
const WRITE_ERRORS = {
  400: 'Invalid input: the Danish message of the first problem',
  403: 'Cross-origin or Origin-less request',
  415: 'Body is not application/json',
} as const;

/** A multipart upload with one file field named `file`. */
const UPLOAD_SCHEMA = z.object({ file: z.file() });

export const API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Whether this instance can serve (database reachable)',
    tag: 'system',
    auth: 'public',
    responses: { 200: 'Healthy', 503: 'Database unreachable' },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    tag: 'system',
    auth: 'public',
    responses: { 200: 'The OpenAPI 3.1 document' },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Log in with e-mail and password; sets the session cookie',
    tag: 'auth',
    auth: 'public',
    body: loginSchema,
    responses: {
      200: 'Signed in: { email, companyName, siteUrl } and a Set-Cookie',
      ...WRITE_ERRORS,
      401: 'Wrong e-mail or password (`Forkert email eller password`)',
      404: 'No company for this account (`Kunne ikke hente firma information`)',
      429: 'Too many attempts; see Retry-After',
    },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'End the session and clear its cookie',
    tag: 'auth',
    auth: 'public',
    responses: { 204: 'Signed out', 403: WRITE_ERRORS[403] },
  },
  {
    method: 'get',
    path: '/api/auth/session',
    summary: 'Who is signed in',
    tag: 'auth',
    auth: 'owner',
    responses: { 200: '{ email, companyName, siteUrl }', ...OWNER_ERRORS },
  },
  {
    method: 'post',
    path: '/api/auth/password-reset',
    summary: 'E-mail a one-time link (one hour) to choose a new password; the same answer for any e-mail',
    tag: 'auth',
    auth: 'public',
    body: passwordResetRequestSchema,
    responses: { 200: '{ message }', ...WRITE_ERRORS, 429: 'Too many requests; see Retry-After' },
  },
  {
    method: 'post',
    path: '/api/auth/password-reset/check',
    summary: "Whether a reset link's token is valid, expired, used or unknown",
    tag: 'auth',
    auth: 'public',
    body: resetTokenSchema,
    responses: { 200: "{ state: 'valid' | 'expired' | 'used' | 'invalid', message }", ...WRITE_ERRORS },
  },
  {
    method: 'post',
    path: '/api/auth/password-reset/confirm',
    summary: "Set a new password through the link; ends the owner's other sessions and signs in",
    tag: 'auth',
    auth: 'public',
    body: passwordResetConfirmSchema,
    responses: {
      200: 'Signed in: { email, companyName, siteUrl } and a Set-Cookie',
      ...WRITE_ERRORS,
      400: 'Invalid password, or the link expired / was used (Danish message says which)',
    },
  },
  {
    method: 'get',
    path: '/api/auth/handoff/start',
    summary: "On a company host: redirect to the main host's hand-off for this host",
    tag: 'auth',
    auth: 'public',
    responses: { 302: 'To /api/auth/handoff?to=<this host> on the main host' },
  },
  {
    method: 'get',
    path: '/api/auth/handoff',
    summary:
      "On the main host: a signed-in owner goes to their own host's /admin with a one-minute hand-off token in the fragment",
    tag: 'auth',
    auth: 'public',
    responses: {
      302: 'To <host>/admin#handoff=<token>, or <host>/admin?handoff=none when not signed in as its owner',
      404: 'Not a subdomain or verified domain of any company',
    },
  },
  {
    method: 'post',
    path: '/api/auth/handoff/redeem',
    summary: 'On the company host: spend a hand-off token for a session of this host (logout ends both)',
    tag: 'auth',
    auth: 'public',
    body: resetTokenSchema,
    responses: {
      200: 'Signed in: { email, companyName, siteUrl } and a Set-Cookie',
      ...WRITE_ERRORS,
      401: 'Unknown, used, expired or other-host token',
    },
  },
  {
    method: 'post',
    path: '/api/auth/email-change/confirm',
    summary: 'The link mailed to a new login e-mail: the login and the company follow it',
    tag: 'auth',
    auth: 'public',
    body: emailTokenSchema,
    responses: {
      200: '{ email, message }',
      ...WRITE_ERRORS,
      400: 'The link expired, was used or is unknown (Danish message says which)',
      409: 'The address got an account meanwhile (`Denne email er allerede registreret`)',
    },
  },
  {
    method: 'put',
    path: '/api/account/password',
    summary: 'Change the password (the current one required); every other session ends',
    tag: 'account',
    auth: 'owner',
    body: changePasswordSchema,
    responses: {
      200: '{ message }',
      ...WRITE_ERRORS,
      ...OWNER_ERRORS,
      429: 'Too many wrong current passwords',
    },
  },
  {
    method: 'post',
    path: '/api/account/email',
    summary: 'Change the login e-mail: mails a 24-hour confirmation link to the new address',
    tag: 'account',
    auth: 'owner',
    body: changeEmailSchema,
    responses: {
      200: '{ message }',
      ...WRITE_ERRORS,
      ...OWNER_ERRORS,
      409: 'The address has an account (`Denne email er allerede registreret`)',
      429: 'Too many wrong current passwords',
    },
  },
  {
    method: 'get',
    path: '/api/company',
    summary: "The owner's company",
    tag: 'company',
    auth: 'owner',
    responses: { 200: 'The company', ...OWNER_ERRORS },
  },
  {
    method: 'put',
    path: '/api/company/settings',
    summary: 'Save contact details, opening hours, social links, theme and custom domain; publishes',
    tag: 'company',
    auth: 'owner',
    body: settingsSchema,
    responses: {
      200: 'The saved company',
      ...WRITE_ERRORS,
      ...OWNER_ERRORS,
      409: 'Custom domain taken (`Kunne ikke opdatere firma information`)',
      500: 'Not saved (`Kunne ikke gemme ændringer`)',
    },
  },
  {
    method: 'get',
    path: '/api/pages',
    summary: "The company's pages, in menu order (the owner's order; new pages last)",
    tag: 'pages',
    auth: 'owner',
    responses: { 200: 'The pages', ...OWNER_ERRORS },
  },
  {
    method: 'post',
    path: '/api/pages',
    summary: "Create a page ('Ny side', layout text unless named); publishes",
    tag: 'pages',
    auth: 'owner',
    body: pageCreateSchema,
    responses: {
      201: 'The new page',
      ...WRITE_ERRORS,
      ...OWNER_ERRORS,
      500: 'Not created (`Kunne ikke oprette ny side`)',
    },
  },
  {
    method: 'put',
    path: '/api/pages/{id}',
    summary: 'Save a page; a new page name recomputes the slug; publishes',
    tag: 'pages',
    auth: 'owner',
    body: pageUpdateSchema,
    responses: {
      200: 'The saved page',
      ...WRITE_ERRORS,
      ...OWNER_ERRORS,
      404: 'No such page of this company (`Kunne ikke gemme ændringer`)',
    },
  },
  {
    method: 'put',
    path: '/api/pages/order',
    summary: 'Menu order and "Vis i menuen" of every page at once; the homepage stays first; publishes',
    tag: 'pages',
    auth: 'owner',
    body: pageOrderSchema,
    responses: {
      200: 'The pages in their new order',
      ...WRITE_ERRORS,
      ...OWNER_ERRORS,
      409: 'The order does not name each page of this company once (`Siderne er ændret i mellemtiden. …`)',
      500: 'Not saved (`Kunne ikke gemme rækkefølgen`)',
    },
  },
  {
    method: 'delete',
    path: '/api/pages/{id}',
    summary: 'Delete a page (never the homepage); publishes',
    tag: 'pages',
    auth: 'owner',
    responses: {
      204: 'Deleted',
      403: 'The homepage (`Forsiden kan ikke slettes`), or a cross-origin request',
      ...OWNER_ERRORS,
      404: 'No such page of this company (`Kunne ikke slette siden`)',
    },
  },
  {
    method: 'get',
    path: '/api/pages/{id}/revisions',
    summary:
      "A page's revisions, newest first (at most 20): { id, version, summary, createdAt, title, preview }",
    tag: 'pages',
    auth: 'owner',
    responses: { 200: 'The revisions', ...OWNER_ERRORS, 404: 'No such page of this company' },
  },
  {
    method: 'post',
    path: '/api/pages/{id}/revisions/{revisionId}/restore',
    summary: 'Save an earlier version of the page again; publishes',
    tag: 'pages',
    auth: 'owner',
    responses: {
      200: 'The saved page',
      ...OWNER_ERRORS,
      404: 'No such revision of this page (`Versionen findes ikke længere`)',
      429: 'Too many saves this minute',
    },
  },
  {
    method: 'get',
    path: '/api/pages/deleted',
    summary:
      'Pages deleted in the last 30 days, newest first: { id, pageName, title, deletedAt, restorableUntil }',
    tag: 'pages',
    auth: 'owner',
    responses: { 200: 'The deleted pages', ...OWNER_ERRORS },
  },
  {
    method: 'post',
    path: '/api/pages/deleted/{id}/restore',
    summary: 'Bring a deleted page back with its content (a unique slug); publishes',
    tag: 'pages',
    auth: 'owner',
    responses: {
      201: 'The restored page',
      ...OWNER_ERRORS,
      404: 'Not deleted within 30 days',
      422: 'The site has the most pages allowed',
    },
  },
  {
    method: 'get',
    path: '/api/subscription',
    summary: 'Plan and free trial: dates, days left, whether to show the banner',
    tag: 'subscription',
    auth: 'owner',
    responses: {
      200: '{ plan, status, trialStartDate, trialEndDate, daysLeft, showBanner, state, closesAt, order }',
      ...OWNER_ERRORS,
    },
  },
  {
    method: 'post',
    path: '/api/subscription/order',
    summary:
      'Order the subscription (no payment): stored, the company marked as ordered, operator and owner mailed',
    tag: 'subscription',
    auth: 'owner',
    body: orderSchema,
    responses: {
      201: 'The subscription as GET answers it, state ordered',
      ...OWNER_ERRORS,
      ...WRITE_ERRORS,
      409: 'Already ordered (`Du har allerede bestilt et abonnement`)',
    },
  },
  {
    method: 'get',
    path: '/api/dashboard',
    summary:
      "The dashboard's figures: visitors per day (30 days), this week and last, top pages, images, trial, addresses",
    tag: 'dashboard',
    auth: 'owner',
    responses: { 200: '{ visitors, images, trial, addresses, operator }', ...OWNER_ERRORS },
  },
  {
    method: 'get',
    path: '/api/operator',
    summary:
      'Operator view (OPERATOR_EMAILS only): sign-ups, onboarding funnel, trials ending, orders, failed publishes',
    tag: 'operator',
    auth: 'owner',
    responses: {
      200: '{ days, signups, funnel, trialsEnding, orders, failedPublishes }',
      401: OWNER_ERRORS[401],
      404: 'Not an operator, or no company for this owner',
    },
  },
  // The lead adds the rows for /api/images, /api/company/logo and /api/ai here.
  {
    method: 'get',
    path: '/api/images',
    summary: "The company's images, newest first, and whether the archive is full",
    tag: 'images',
    auth: 'owner',
    responses: { 200: '{ images, limit: 15, full }', ...OWNER_ERRORS, 500: 'Kunne ikke hente billeder' },
  },
  {
    method: 'post',
    path: '/api/images',
    summary: 'Upload one image (JPEG, PNG, WebP or AVIF); stored as responsive WebP widths and a JPEG',
    tag: 'images',
    auth: 'owner',
    body: UPLOAD_SCHEMA,
    contentType: 'multipart/form-data',
    responses: {
      201: 'The stored image',
      400: 'No file (`Kunne ikke uploade billede`)',
      403: WRITE_ERRORS[403],
      413: 'Over 10 MB or too many pixels',
      415: 'Not an image',
      422: 'Already 15 images (`Du kan ikke uploade flere end 15 billeder`)',
      ...OWNER_ERRORS,
    },
  },
  {
    method: 'delete',
    path: '/api/images/{id}',
    summary: 'Delete one of the company images and its files',
    tag: 'images',
    auth: 'owner',
    responses: {
      204: 'Deleted',
      403: WRITE_ERRORS[403],
      401: OWNER_ERRORS[401],
      404: 'Kunne ikke slette billedet',
    },
  },
  {
    method: 'post',
    path: '/api/company/logo',
    summary: 'Upload and set the logo (saved alone)',
    tag: 'company',
    auth: 'owner',
    body: UPLOAD_SCHEMA,
    contentType: 'multipart/form-data',
    responses: {
      200: '{ logo }',
      400: 'No file (`Kunne ikke uploade logo`)',
      403: WRITE_ERRORS[403],
      413: 'Too large',
      415: 'Not an image',
      ...OWNER_ERRORS,
    },
  },
  {
    method: 'delete',
    path: '/api/company/logo',
    summary: 'Remove the logo',
    tag: 'company',
    auth: 'owner',
    responses: { 200: '{ logo: null }', 403: WRITE_ERRORS[403], ...OWNER_ERRORS },
  },
  {
    method: 'post',
    path: '/api/ai/generate',
    summary: "Write page text from keywords; counts against the company's 5 a day (Europe/Copenhagen)",
    tag: 'ai',
    auth: 'owner',
    body: generateRequestSchema,
    responses: {
      200: '{ title, subtitle?, content, usedToday, limit }',
      ...WRITE_ERRORS,
      429: 'Daily limit reached (`Du har nået grænsen for AI-genereret indhold i dag. Prøv igen i morgen.`)',
      500: 'Kunne ikke generere indhold',
      ...OWNER_ERRORS,
    },
  },
  {
    method: 'get',
    path: '/api/ai/usage',
    summary: "Today's AI generations for the company",
    tag: 'ai',
    auth: 'owner',
    responses: { 200: '{ usedToday, limit }', ...OWNER_ERRORS },
  },
  {
    method: 'get',
    path: '/api/company/domain',
    summary: "The site's addresses and the A and TXT records a custom domain needs",
    tag: 'company',
    auth: 'owner',
    responses: { 200: '{ pathUrl, subdomainUrl, customDomain, records: { a, txt }, note }', ...OWNER_ERRORS },
  },
  {
    method: 'post',
    path: '/api/company/domain/check',
    summary: 'Ask DNS now whether the custom domain points here and carries the verification TXT record',
    tag: 'company',
    auth: 'owner',
    responses: {
      200: '{ domain, a, txt, aOk, txtOk, message }',
      400: 'No custom domain set yet',
      403: WRITE_ERRORS[403],
      503: 'DNS could not be asked',
      ...OWNER_ERRORS,
    },
  },
  {
    method: 'post',
    path: '/api/onboarding/lookup',
    summary: 'Find a company by CVR in the registry, with a proposed existing website',
    tag: 'onboarding',
    auth: 'public',
    body: lookupSchema,
    responses: {
      200: '{ company, website }',
      ...WRITE_ERRORS,
      404: 'Kunne ikke finde firma med dette CVR nummer',
      409: 'Dette CVR nummer er allerede registreret',
      429: 'Too many look-ups; see Retry-After',
      503: 'Kunne ikke hente firmaoplysninger',
    },
  },
  {
    method: 'post',
    path: '/api/onboarding/create',
    summary: 'Create the company, its owner (signed in at once) and its site; answers the URL to open',
    tag: 'onboarding',
    auth: 'public',
    body: onboardingCreateSchema,
    responses: {
      201: '{ url, cvr, subdomain } and a Set-Cookie',
      ...WRITE_ERRORS,
      404: 'Kunne ikke finde firma med dette CVR nummer',
      409: 'CVR or e-mail already registered',
      429: 'Too many attempts; see Retry-After',
      500: 'Der opstod en fejl. Prøv igen.',
    },
  },
  {
    method: 'post',
    path: '/api/sendContactEmail',
    summary: "Send the contact form's message to the operator (stored first; a filled honeypot is dropped)",
    tag: 'marketing',
    auth: 'public',
    body: contactSchema,
    responses: {
      200: '{ ok: true }',
      ...WRITE_ERRORS,
      429: 'Too many messages; see Retry-After',
      500: 'Beskeden kunne ikke sendes (not stored)',
      503: 'Beskeden kunne ikke sendes (stored, mail failed)',
    },
  },
  {
    method: 'post',
    path: '/api/analytics',
    summary:
      'Record a page view or a cvr_lookup event, counted per day; cookieless, stores no IP (text/plain JSON accepted for beacons)',
    tag: 'marketing',
    auth: 'public',
    body: analyticsEventSchema,
    responses: {
      204: 'Recorded',
      ...WRITE_ERRORS,
      413: 'Body over 2 KB',
      429: 'Too many events; see Retry-After',
    },
  },
];

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string', description: 'Danish, for users' } },
    },
  },
} as const;

/** The JSON Schema of what a client sends (zod 4; `$schema` dropped, as OpenAPI 3.1 implies it). */
function requestSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
}

function operation(route: ApiRoute) {
  const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const responses = Object.fromEntries(
    Object.entries(route.responses).map(([status, description]) => [
      status,
      Number(status) >= 400
        ? { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }
        : { description },
    ]),
  );
  return {
    summary: route.summary,
    tags: [route.tag],
    security: route.auth === 'owner' ? [{ sessionCookie: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { [route.contentType ?? 'application/json']: { schema: requestSchema(route.body) } },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(routes: readonly ApiRoute[] = API_ROUTES) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path] = { ...paths[route.path], [route.method]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mesterside API',
      version: '1',
      description:
        'The admin API. State-changing requests must carry a same-origin Origin header; JSON bodies ' +
        'must be application/json. Error bodies are { error: { code, message } } with a Danish message.',
    },
    components: {
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
}
