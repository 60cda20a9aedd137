// The tenant isolation matrix. Two companies, A and B, each with an owner. Signed in as A, every
// endpoint is tried with B's ids and B's CVR in paths, queries and bodies; afterwards B's company,
// logo, pages, images, AI quota and publish requests must be exactly as before, and no response may
// carry B's data. Signed out, every owner endpoint answers 401.
//
// One row per attempt, written for what each endpoint could leak. Beside the rows, every owner
// endpoint of the app's OpenAPI document (generated from the route definitions it mounts; see
// tests/api/openapi.test.ts) is probed by itself: signed out it must answer 401, and signed in as A
// with each of B's ids in its path it may neither show nor change anything of B's. A new owner route
// is covered the moment it is defined in an owner group, before anyone writes its rows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_LINK_PURPOSE } from '../../api/bookings/booking-mails';
import {
  acceptedValue,
  acceptQuote,
  addBookingService,
  type Company,
  createInvoiceFromQuote,
  createQuote,
  createReviewRequest,
  defaultBookingSettings,
  documentLinkToken,
  ensureFeedToken,
  findCompanyByCvr,
  getAiUsage,
  getQuoteSettings,
  getReviewSettings,
  getTrustSettings,
  type Image,
  insertBooking,
  insertDeletedPage,
  insertImage,
  insertLead,
  insertPageRevision,
  listActiveBookings,
  listBookingServices,
  listDeletedPages,
  listImages,
  listInvoices,
  listPageRevisions,
  listPages,
  listQuotes,
  listReviewRequests,
  listReviews,
  markQuoteSent,
  type Page,
  saveTrustSettings,
  submitReview,
  takeAiUse,
  updateLeadState,
} from '../../db';
import { AI_DAILY_LIMIT, copenhagenDay } from '../../rules/ai-limit';
import { bookingLinkPath } from '../../rules/customer-pages';
import { solidImage, uploadForm } from '../fixtures/images/make-images';
import { itRenders } from '../support/lane';
import { probeForeignCvr, publicFormEndpoints } from '../support/public-form-probe';
import { type ApiHarness, createApiHarness, type Owner } from './api-harness';

/** What a row may use of company B. */
interface Victim {
  cvr: string;
  company: Company;
  homepage: Page;
  about: Page;
  image: Image;
  revisionId: string;
  deletedPageId: string;
  /** B's quote request marked done, and the review its customer wrote (issue 41). */
  leadId: string;
  reviewId: string;
  /** B's tilbud (issue 51): a draft, an accepted one with its invoice. */
  draftQuoteId: string;
  quoteId: string;
  invoiceId: string;
  /** B's bookable service, a booking of it and B's calendar feed secret (issue 52). */
  serviceId: string;
  bookingId: string;
  feedToken: string;
}

interface IsolationRow {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (b: Victim) => string;
  body?: (b: Victim) => unknown;
  /** The status owner A gets; for reads of A's own data 200, for B's ids 404 (or 403/409). */
  status: number;
  /** False for the public auth endpoints, which answer a signed-out caller themselves. */
  ownerOnly?: boolean;
}

const ISOLATION_ROWS: IsolationRow[] = [
  // Booking (issue 52)
  {
    name: "cancel B's booking",
    method: 'POST',
    path: (b) => `/api/bookings/${b.bookingId}/cancel`,
    body: () => ({}),
    status: 404,
  },
  {
    name: "change B's bookable service",
    method: 'PUT',
    path: (b) => `/api/booking/services/${b.serviceId}`,
    body: () => ({ name: 'Overtaget', minutes: 30, bufferMinutes: 0, priceKr: null, fromPrice: false }),
    status: 404,
  },
  {
    name: "delete B's bookable service",
    method: 'DELETE',
    path: (b) => `/api/booking/services/${b.serviceId}`,
    status: 404,
  },
  {
    name: "B's free times",
    method: 'GET',
    path: (b) => `/api/bookings/free-times?serviceId=${b.serviceId}&date=2026-03-03`,
    status: 404,
  },
  {
    name: "book B's service",
    method: 'POST',
    path: () => '/api/bookings',
    body: (b) => ({
      serviceId: b.serviceId,
      startsAt: '2026-03-03T09:00:00.000Z',
      customerName: 'X',
      customerPhone: '',
    }),
    status: 404,
  },
  {
    name: "B's bookings in A's list",
    method: 'GET',
    path: () => '/api/bookings?from=2026-03-01&days=30',
    status: 200,
  },
  // Company
  { name: 'read the company', method: 'GET', path: () => '/api/company', status: 200 },
  {
    name: "read the company by B's CVR in the query",
    method: 'GET',
    path: (b) => `/api/company?cvr=${b.cvr}`,
    status: 200,
  },
  {
    name: "read the company by B's CVR in the path",
    method: 'GET',
    path: (b) => `/api/company/${b.cvr}`,
    status: 404,
  },
  {
    name: "save settings naming B's CVR in the body",
    method: 'PUT',
    path: () => '/api/company/settings',
    body: (b) => ({ cvr: b.cvr, id: b.cvr, companyEmail: 'a@firma-a.dk', phone: '11111111', theme: 'red' }),
    status: 200,
  },
  {
    name: "save settings with B's CVR in the query",
    method: 'PUT',
    path: (b) => `/api/company/settings?cvr=${b.cvr}`,
    body: () => ({ city: 'Roskilde' }),
    status: 200,
  },
  {
    name: "take B's custom domain",
    method: 'PUT',
    path: () => '/api/company/settings',
    body: (b) => ({ customDomain: b.company.customDomain }),
    status: 409,
  },
  {
    name: "save settings at B's CVR in the path",
    method: 'PUT',
    path: (b) => `/api/company/${b.cvr}/settings`,
    body: () => ({ phone: '22222222' }),
    status: 404,
  },
  // Pages
  { name: 'list pages', method: 'GET', path: () => '/api/pages', status: 200 },
  {
    name: "list pages with B's CVR in the query",
    method: 'GET',
    path: (b) => `/api/pages?cvr=${b.cvr}`,
    status: 200,
  },
  {
    name: "create a page naming B's CVR in the body",
    method: 'POST',
    path: () => '/api/pages',
    body: (b) => ({ pageName: 'Indbrud', cvr: b.cvr, companyCvr: b.cvr }),
    status: 201,
  },
  {
    name: "save B's page",
    method: 'PUT',
    path: (b) => `/api/pages/${b.about.id}`,
    body: () => ({ title: 'Overtaget', pageName: 'Overtaget' }),
    status: 404,
  },
  {
    name: "save B's homepage",
    method: 'PUT',
    path: (b) => `/api/pages/${b.homepage.id}`,
    body: (b) => ({ content: 'Overtaget', companyCvr: b.cvr }),
    status: 404,
  },
  {
    name: "preview B's page",
    method: 'POST',
    path: (b) => `/api/pages/${b.about.id}/preview`,
    body: () => ({ title: 'Overtaget' }),
    status: 404,
  },
  {
    name: "preview B's homepage naming B's CVR in the body",
    method: 'POST',
    path: (b) => `/api/pages/${b.homepage.id}/preview`,
    body: (b) => ({ content: 'Overtaget', companyCvr: b.cvr }),
    status: 404,
  },
  {
    name: "preview settings naming B's CVR in the body",
    method: 'POST',
    path: () => '/api/company/preview',
    body: (b) => ({ cvr: b.cvr, companyCvr: b.cvr, theme: 'red' }),
    status: 200,
  },
  { name: "delete B's page", method: 'DELETE', path: (b) => `/api/pages/${b.about.id}`, status: 404 },
  { name: "delete B's homepage", method: 'DELETE', path: (b) => `/api/pages/${b.homepage.id}`, status: 404 },
  { name: "read B's page by id", method: 'GET', path: (b) => `/api/pages/${b.about.id}`, status: 404 },
  // Page history and undo
  {
    name: "list B's page revisions",
    method: 'GET',
    path: (b) => `/api/pages/${b.homepage.id}/revisions`,
    status: 404,
  },
  {
    name: "restore B's page revision",
    method: 'POST',
    path: (b) => `/api/pages/${b.homepage.id}/revisions/${b.revisionId}/restore`,
    status: 404,
  },
  { name: 'list deleted pages', method: 'GET', path: () => '/api/pages/deleted', status: 200 },
  {
    name: "list deleted pages with B's CVR",
    method: 'GET',
    path: (b) => `/api/pages/deleted?cvr=${b.cvr}`,
    status: 200,
  },
  {
    name: "restore B's deleted page",
    method: 'POST',
    path: (b) => `/api/pages/deleted/${b.deletedPageId}/restore`,
    status: 404,
  },
  {
    name: "order B's pages",
    method: 'PUT',
    path: () => '/api/pages/order',
    body: (b) => ({
      pages: [
        { id: b.about.id, showInMenu: false },
        { id: b.homepage.id, showInMenu: true },
      ],
    }),
    status: 409,
  },
  // What a customer checks before calling (issue 42): A's own settings only, whatever names B.
  { name: 'read the trust settings', method: 'GET', path: () => '/api/trust', status: 200 },
  {
    name: "read the trust settings with B's CVR in the query",
    method: 'GET',
    path: (b) => `/api/trust?cvr=${b.cvr}`,
    status: 200,
  },
  {
    name: "save trust settings naming B's CVR in the body",
    method: 'PUT',
    path: () => '/api/trust',
    body: (b) => ({
      cvr: b.cvr,
      companyCvr: b.cvr,
      // A's trade (none named) is offered no authorisation (issue 48).
      authorisation: null,
      schemes: [],
      schemesConfirmed: false,
      deductionShown: false,
      area: { mode: 'none' },
      emergency: { enabled: false, phone: '', hours: 'always' },
    }),
    status: 200,
  },
  {
    name: "mark B's authorisation checked (A is no operator)",
    method: 'POST',
    path: (b) => `/api/operator/authorisations/${b.cvr}/checked`,
    body: () => ({ type: 'vvs', number: '4711' }),
    status: 404,
  },
  {
    name: 'list authorisations to check (A is no operator)',
    method: 'GET',
    path: () => '/api/operator/authorisations',
    status: 404,
  },
  // Issue 48: the operator's checks of schemes, and taking a check back.
  {
    name: 'list claims to check (A is no operator)',
    method: 'GET',
    path: () => '/api/operator/claims',
    status: 404,
  },
  {
    name: "take back B's authorisation check (A is no operator)",
    method: 'POST',
    path: (b) => `/api/operator/claims/authorisations/${b.cvr}/unchecked`,
    body: () => ({ type: 'vvs', number: '4711' }),
    status: 404,
  },
  {
    name: "mark B's scheme checked (A is no operator)",
    method: 'POST',
    path: (b) => `/api/operator/claims/schemes/${b.cvr}/tekniq/checked`,
    status: 404,
  },
  {
    name: "take back B's scheme check (A is no operator)",
    method: 'POST',
    path: (b) => `/api/operator/claims/schemes/${b.cvr}/tekniq/unchecked`,
    status: 404,
  },
  // Subscription and session
  { name: 'read the subscription', method: 'GET', path: () => '/api/subscription', status: 200 },
  {
    name: "read the subscription with B's CVR",
    method: 'GET',
    path: (b) => `/api/subscription?cvr=${b.cvr}`,
    status: 200,
  },
  { name: 'read the session', method: 'GET', path: () => '/api/auth/session', status: 200, ownerOnly: false },
  // Account (issue 13): A's own login only, whatever names B.
  {
    name: "change the password naming B's e-mail (wrong current password)",
    method: 'PUT',
    path: () => '/api/account/password',
    body: (b) => ({
      email: b.company.companyEmail,
      currentPassword: 'forkert',
      password: 'Nye-Brædder-8',
      passwordRepeat: 'Nye-Brædder-8',
    }),
    status: 400,
  },
  {
    name: "move A's login to B's e-mail",
    method: 'POST',
    path: () => '/api/account/email',
    body: (b) => ({ email: b.company.companyEmail, currentPassword: 'Tømrer-kode-2024!' }),
    status: 409,
  },
  // Dashboard, order and operator view (issue 14)
  { name: 'read the dashboard', method: 'GET', path: () => '/api/dashboard', status: 200 },
  {
    name: "read the dashboard with B's CVR",
    method: 'GET',
    path: (b) => `/api/dashboard?cvr=${b.cvr}`,
    status: 200,
  },
  {
    name: "order naming B's CVR in the body",
    method: 'POST',
    path: (b) => `/api/subscription/order?cvr=${b.cvr}`,
    body: (b) => ({ plan: 'monthly', billingEmail: 'bogholderi@firma-a.dk', cvr: b.cvr, companyCvr: b.cvr }),
    status: 201,
  },
  {
    name: 'read the operator view (A is no operator)',
    method: 'GET',
    path: () => '/api/operator',
    status: 404,
  },
  // Images, logo and AI: A works on A's archive, logo and quota whatever names B.
  { name: 'list images', method: 'GET', path: () => '/api/images', status: 200 },
  { name: "list images with B's CVR", method: 'GET', path: (b) => `/api/images?cvr=${b.cvr}`, status: 200 },
  { name: "delete B's image", method: 'DELETE', path: (b) => `/api/images/${b.image.id}`, status: 404 },
  {
    name: "upload an image with B's CVR in the query",
    method: 'POST',
    path: (b) => `/api/images?cvr=${b.cvr}`,
    body: () => uploadForm(picture, 'billede.jpg', 'image/jpeg'),
    status: 201,
  },
  {
    name: "upload a logo with B's CVR in the query",
    method: 'POST',
    path: (b) => `/api/company/logo?cvr=${b.cvr}`,
    body: () => uploadForm(picture, 'logo.jpg', 'image/jpeg'),
    status: 200,
  },
  {
    name: "remove the logo with B's CVR",
    method: 'DELETE',
    path: (b) => `/api/company/logo?cvr=${b.cvr}`,
    status: 200,
  },
  {
    name: "spend AI naming B's CVR in the body",
    method: 'POST',
    path: (b) => `/api/ai/generate?cvr=${b.cvr}`,
    body: (b) => ({
      cvr: b.cvr,
      companyName: b.company.name,
      keywords: 'tag, tagrenovering',
      pageType: 'page',
    }),
    status: 200,
  },
  {
    name: "read AI usage with B's CVR",
    method: 'GET',
    path: (b) => `/api/ai/usage?cvr=${b.cvr}`,
    status: 200,
  },
  // Reviews (issue 41)
  { name: 'read the reviews', method: 'GET', path: () => '/api/reviews', status: 200 },
  {
    name: "read the reviews with B's CVR in the query",
    method: 'GET',
    path: (b) => `/api/reviews?cvr=${b.cvr}`,
    status: 200,
  },
  {
    name: "ask for a review from B's quote request",
    method: 'POST',
    path: () => '/api/reviews/requests',
    body: (b) => ({ leadId: b.leadId, cvr: b.cvr }),
    status: 404,
  },
  {
    name: "answer B's review",
    method: 'POST',
    path: (b) => `/api/reviews/${b.reviewId}/answer`,
    body: () => ({ answer: 'Overtaget svar' }),
    status: 404,
  },
  {
    name: "report B's review",
    method: 'POST',
    path: (b) => `/api/reviews/${b.reviewId}/report`,
    body: () => ({ reason: 'threats' }),
    status: 404,
  },
  {
    name: "remove B's review through the operator's route",
    method: 'POST',
    path: (b) => `/api/operator/reviews/${b.cvr}/${b.reviewId}/removal`,
    body: () => ({ reason: 'Ikke en kunde' }),
    status: 404,
  },
  // Tilbud and fakturaer (issue 51)
  {
    name: "make a tilbud from B's quote request",
    method: 'POST',
    path: () => '/api/quotes',
    body: (b) => ({ leadId: b.leadId, cvr: b.cvr }),
    status: 404,
  },
  { name: "read B's tilbud", method: 'GET', path: (b) => `/api/quotes/${b.quoteId}`, status: 404 },
  {
    name: "list the tilbud of B's request",
    method: 'GET',
    path: (b) => `/api/quotes?leadId=${b.leadId}&cvr=${b.cvr}`,
    status: 200,
  },
  {
    name: "save B's draft tilbud",
    method: 'PUT',
    path: (b) => `/api/quotes/${b.draftQuoteId}`,
    body: () => ({ customerName: 'Overtaget', validUntil: '2026-03-20', terms: 'x', lines: [] }),
    status: 404,
  },
  {
    name: "send B's draft tilbud",
    method: 'POST',
    path: (b) => `/api/quotes/${b.draftQuoteId}/send`,
    status: 404,
  },
  {
    name: "delete B's draft tilbud",
    method: 'DELETE',
    path: (b) => `/api/quotes/${b.draftQuoteId}`,
    status: 404,
  },
  { name: "revise B's tilbud", method: 'POST', path: (b) => `/api/quotes/${b.quoteId}/revise`, status: 404 },
  {
    name: "invoice B's accepted tilbud",
    method: 'POST',
    path: (b) => `/api/quotes/${b.quoteId}/invoice`,
    body: () => ({}),
    status: 404,
  },
  { name: "read B's tilbud as PDF", method: 'GET', path: (b) => `/api/quotes/${b.quoteId}/pdf`, status: 404 },
  { name: "read B's invoice", method: 'GET', path: (b) => `/api/invoices/${b.invoiceId}`, status: 404 },
  {
    name: "read B's invoice as PDF",
    method: 'GET',
    path: (b) => `/api/invoices/${b.invoiceId}/pdf`,
    status: 404,
  },
  {
    name: "credit B's invoice",
    method: 'POST',
    path: (b) => `/api/invoices/${b.invoiceId}/credit`,
    status: 404,
  },
  { name: "send B's invoice", method: 'POST', path: (b) => `/api/invoices/${b.invoiceId}/send`, status: 404 },
  {
    name: "save tilbud settings naming B's CVR",
    method: 'PUT',
    path: (b) => `/api/quotes/settings?cvr=${b.cvr}`,
    body: (b) => ({
      cvr: b.cvr,
      terms: 'A-betingelser',
      paymentDays: 8,
      validDays: 30,
      bankReg: '',
      bankAccount: '',
      mobilepay: '',
      hourlyRateOre: 0,
    }),
    status: 200,
  },
];

// Made before the tests are collected: the route list below is this app's own OpenAPI document.
const h: ApiHarness = await createApiHarness();
let a: Owner;
let b: Owner;
let victim: Victim;
/** A real JPEG for the upload rows, made once. */
let picture: Buffer;

/** Everything of B's that A must not change. */
async function snapshotOfB() {
  return {
    company: await findCompanyByCvr(h.db, b.company.cvr),
    pages: await listPages(h.db, b.company.cvr),
    images: await listImages(h.db, b.company.cvr),
    aiUsage: await getAiUsage(h.db, b.company.cvr, copenhagenDay(h.now())),
    revisions: await listPageRevisions(h.db, b.company.cvr, b.homepage.id),
    deletedPages: await listDeletedPages(h.db, b.company.cvr, new Date(0)),
    trust: await getTrustSettings(h.db, b.company.cvr),
    reviews: await listReviews(h.db, b.company.cvr, { removed: true }),
    reviewRequests: await listReviewRequests(h.db, b.company.cvr),
    reviewSettings: await getReviewSettings(h.db, b.company.cvr),
    quotes: await listQuotes(h.db, b.company.cvr),
    quoteSettings: await getQuoteSettings(h.db, b.company.cvr),
    invoices: await listInvoices(h.db, b.company.cvr),
    publishes: h.published.filter((entry) => entry.cvr === b.company.cvr),
    bookingServices: await listBookingServices(h.db, b.company.cvr),
    bookings: await listActiveBookings(h.db, b.company.cvr, new Date(0), new Date('2100-01-01T00:00:00Z')),
    bookingSettings: await h.db
      .selectFrom('bookingSettings')
      .selectAll()
      .where('companyCvr', '=', b.company.cvr)
      .execute(),
  };
}

/** A preview of A's own draft renders with the built site templates, which the quick lane does not
 *  build: there those probes are named as not run (itRenders; B's ids are refused before any render,
 *  and the signed-out probes render nothing, so they run in every lane). */
function rendersPreview(row: { name?: string; path: unknown; status?: number }): boolean {
  return typeof row.path === 'string'
    ? row.path === '/api/company/preview'
    : /^preview /.test(row.name ?? '') && row.status === 200;
}

/** Strings that only B's data contains. */
function secretsOfB(): string[] {
  return [
    b.company.cvr,
    b.company.name,
    b.company.subdomain,
    b.email,
    victim.homepage.id,
    victim.about.id,
    victim.image.id,
    victim.revisionId,
    victim.deletedPageId,
    victim.image.url,
    b.company.logo ?? 'no logo',
    b.company.customDomain ?? 'no domain',
    victim.leadId,
    victim.reviewId,
    'B-kundens anmeldelse',
    victim.draftQuoteId,
    victim.quoteId,
    victim.invoiceId,
    'B-tilbuddets linje',
    victim.serviceId,
    victim.bookingId,
    victim.feedToken,
    'B-bookingkunde',
  ];
}

beforeAll(async () => {
  picture = await solidImage(320, 240);
  a = await h.createOwner('12345678', 'Firma A Tømrer ApS', 'ejer@firma-a.dk');
  b = await h.createOwner('87654321', 'Firma B VVS ApS', 'ejer@firma-b.dk');
  await h.db
    .updateTable('companies')
    // B has proved its domain: a verified domain is B's (a pending claim is nobody's, issue 23).
    .set({
      logo: '/media/87654321/logo-b.webp',
      customDomain: 'firma-b-vvs.dk',
      customDomainVerifiedAt: '2026-01-01T00:00:00.000Z',
      phone: '87654321',
    })
    .where('cvr', '=', b.company.cvr)
    .execute();
  const image = acceptedValue(
    await insertImage(h.db, b.company.cvr, {
      path: 'images/87654321/1-vaerksted-b.webp',
      url: '/media/87654321/1-vaerksted-b.webp',
      name: 'vaerksted-b.webp',
      uploaderEmail: b.email,
      contentType: 'image/webp',
      width: 800,
      height: 600,
      bytes: 1234,
      variants: [],
    }),
  );
  await takeAiUse(h.db, b.company.cvr, copenhagenDay(h.now()), AI_DAILY_LIMIT);
  await saveTrustSettings(h.db, b.company.cvr, {
    authorisation: { type: 'vvs', number: '4711' },
    schemes: ['tekniq'],
    deductionShown: true,
    area: { mode: 'radius', km: 25 },
    emergency: { enabled: true, phone: '70 11 22 33', hours: 'always' },
  });
  b.company = (await findCompanyByCvr(h.db, b.company.cvr)) as Company;
  const revision = await insertPageRevision(h.db, b.homepage, 'Tekst ændret', h.now());
  const deletedPageId = 'b-deleted-page-0000';
  await insertDeletedPage(h.db, { ...b.about, id: deletedPageId, pageName: 'Slettet B-side' }, h.now());
  const lead = await insertLead(h.db, b.company.cvr, {
    name: 'B-kunde Hansen',
    phone: '40404040',
    email: 'kunde@firma-b-kunde.dk',
    postcode: '4000',
    message: 'Nyt fyr',
    photos: [],
    contentHash: 'b-lead',
  });
  await updateLeadState(h.db, b.company.cvr, lead.id, { handled: true });
  const asked = acceptedValue(
    await createReviewRequest(h.db, b.company.cvr, {
      customerName: lead.name,
      email: lead.email,
      phone: '',
      leadId: lead.id,
    }),
  );
  const review = acceptedValue(
    await submitReview(h.db, b.company.cvr, asked.request.id, {
      stars: 4,
      service: '',
      text: 'B-kundens anmeldelse',
      authorName: 'B-kunde H.',
    }),
  );
  const quoteDraft = {
    leadId: lead.id,
    customerName: lead.name,
    customerEmail: lead.email,
    customerPhone: lead.phone,
    customerAddress: 'Vej 1, 4000 Roskilde',
    title: 'Nyt fyr',
    description: '',
    validUntil: '2026-04-01',
    terms: 'B-betingelser',
    lines: [
      {
        kind: 'labour' as const,
        text: 'B-tilbuddets linje',
        quantityHundredths: 100,
        unit: 'hours' as const,
        unitPriceOre: 50_000,
        deduction: null,
      },
    ],
  };
  const draftQuote = await createQuote(h.db, b.company.cvr, quoteDraft, h.now());
  const quote = await createQuote(h.db, b.company.cvr, quoteDraft, h.now());
  acceptedValue(await markQuoteSent(h.db, b.company.cvr, quote.id, h.now()));
  acceptedValue(
    await acceptQuote(
      h.db,
      b.company.cvr,
      quote.id,
      { name: lead.name, ip: '192.0.2.9', documentHash: 'b'.repeat(64) },
      h.now(),
    ),
  );
  const invoice = acceptedValue(
    await createInvoiceFromQuote(
      h.db,
      b.company.cvr,
      quote.id,
      {
        sellerName: b.company.name,
        sellerAddress: 'B-vej 2, 4000 Roskilde',
        sellerCvr: b.company.cvr,
        paymentDays: 8,
        bankReg: '9999',
        bankAccount: '1234567',
        mobilepay: '',
      },
      { date: '2026-03-02' },
      h.now(),
    ),
  );
  const bService = await addBookingService(
    h.db,
    b.company.cvr,
    { name: 'B-olieskift', minutes: 45, bufferMinutes: 0, priceOre: null, fromPrice: false },
    h.now(),
  );
  const bBooking = await insertBooking(
    h.db,
    b.company.cvr,
    [0],
    {
      serviceId: bService.id,
      serviceName: bService.name,
      start: new Date('2026-03-03T08:00:00Z'),
      end: new Date('2026-03-03T08:45:00Z'),
      heldUntil: new Date('2026-03-03T08:45:00Z'),
      customerName: 'B-bookingkunde',
      customerPhone: '30303030',
      customerEmail: '',
      customerNote: '',
      registrationNumber: 'AB12345',
      source: 'site',
    },
    h.now(),
  );
  if (!bBooking.ok) throw new Error("B's booking was not stored");
  const feedToken = await ensureFeedToken(h.db, b.company.cvr, defaultBookingSettings(true), h.now());
  victim = {
    draftQuoteId: draftQuote.id,
    quoteId: quote.id,
    invoiceId: invoice.id,
    serviceId: bService.id,
    bookingId: bBooking.booking.id,
    feedToken,
    leadId: lead.id,
    reviewId: review.id,
    cvr: b.company.cvr,
    company: b.company,
    homepage: b.homepage,
    about: b.about,
    image,
    revisionId: revision.id,
    deletedPageId,
  };
});

afterAll(async () => {
  await h.close();
});

describe('owner A cannot read or change company B', () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await h.signIn(a.email);
  });

  for (const row of ISOLATION_ROWS) {
    (rendersPreview(row) ? itRenders : it)(`${row.method}: ${row.name}`, async () => {
      const before = await snapshotOfB();
      const response = await h.send(row.method, row.path(victim), { cookie, body: row.body?.(victim) });
      const text = await response.text();
      expect(response.status, text).toBe(row.status);
      for (const secret of secretsOfB()) expect(text, `leaks ${secret}`).not.toContain(secret);
      expect(await snapshotOfB()).toEqual(before);
    });
  }

  it('B is still whole after the whole matrix, and A changed only its own data', async () => {
    const after = await snapshotOfB();
    expect(after.company?.phone).toBe('87654321');
    expect(after.company?.logo).toBe('/media/87654321/logo-b.webp');
    expect(after.company?.customDomain).toBe('firma-b-vvs.dk');
    expect(after.company?.companyEmail).toBe('ejer@firma-b.dk');
    expect(after.pages.map((page) => page.title)).toEqual(['Velkommen til Firma B VVS ApS', 'Om os']);
    expect(after.images).toHaveLength(1);
    expect(after.aiUsage).toBe(1);
    expect(after.publishes).toEqual([]);
    const companyA = await findCompanyByCvr(h.db, a.company.cvr);
    expect(companyA).toMatchObject({
      phone: '11111111',
      theme: 'red',
      city: 'Roskilde',
      companyEmail: a.email,
    });
  });
});

describe('signed out, every owner endpoint answers 401', () => {
  it.each(ISOLATION_ROWS.filter((row) => row.ownerOnly !== false))('$method: $name', async (row) => {
    const before = await snapshotOfB();
    const response = await h.send(row.method, row.path(victim), { body: row.body?.(victim) });
    expect(response.status).toBe(401);
    expect(await snapshotOfB()).toEqual(before);
  });
});

interface Operation {
  security: unknown[];
  tags?: string[];
}

/** Every owner endpoint of the app's OpenAPI document (generated from the routes it mounts; an
 *  operation needing the session cookie is an owner route), `{params}` filled with B's ids. */
const document = (await (await h.send('GET', '/api/openapi.json')).json()) as {
  paths: Record<string, Record<string, Operation>>;
};
const OWNER_ENDPOINTS = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations)
    .filter(([, operation]) => operation.security.length > 0)
    .map(([method, operation]) => ({ method, path, operation })),
);

/** A body naming B's ids for the methods that carry one. */
function probeBody(method: string): unknown {
  return method === 'get' || method === 'delete'
    ? undefined
    : {
        cvr: victim.cvr,
        id: victim.homepage.id,
        pageId: victim.homepage.id,
        leadId: victim.leadId,
        serviceId: victim.serviceId,
      };
}

function withIds(template: string, id: string): string {
  return template.replace(/\{[^}]+\}/g, encodeURIComponent(id));
}

describe('every owner endpoint of the route list, probed by itself', () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await h.signIn(a.email);
  });

  it('covers the whole owner API', () => {
    expect(OWNER_ENDPOINTS.length).toBeGreaterThan(20);
  });

  it.each(OWNER_ENDPOINTS)('$method $path: signed out 401', async (route) => {
    const before = await snapshotOfB();
    const response = await h.send(
      route.method.toUpperCase() as IsolationRow['method'],
      withIds(route.path, victim.homepage.id),
      { body: probeBody(route.method) },
    );
    expect(response.status).toBe(401);
    expect(await snapshotOfB()).toEqual(before);
  });

  for (const route of OWNER_ENDPOINTS) {
    (rendersPreview(route) ? itRenders : it)(
      `${route.method} ${route.path}: signed in as A with B's ids, nothing of B's`,
      async () => {
        const ids = [
          victim.homepage.id,
          victim.image.id,
          victim.revisionId,
          victim.deletedPageId,
          victim.cvr,
          victim.reviewId,
          victim.leadId,
          victim.draftQuoteId,
          victim.quoteId,
          victim.invoiceId,
          victim.serviceId,
          victim.bookingId,
        ];
        const templates = route.path.includes('{') ? ids.map((id) => withIds(route.path, id)) : [route.path];
        for (const target of [...new Set(templates)]) {
          const before = await snapshotOfB();
          const response = await h.send(route.method.toUpperCase() as IsolationRow['method'], target, {
            cookie,
            body: probeBody(route.method),
          });
          const text = await response.text();
          expect(response.status, `${target}: ${text}`).toBeLessThan(500);
          for (const secret of secretsOfB()) expect(text, `${target} leaks ${secret}`).not.toContain(secret);
          expect(await snapshotOfB(), target).toEqual(before);
        }
      },
    );
  }
});

/** Every public form of the document (built with api/public-form, tagged `public-form`). */
const PUBLIC_FORM_ENDPOINTS = publicFormEndpoints(document);

describe('every public form of the route list, probed by itself', () => {
  it('covers the review form', () => {
    expect(PUBLIC_FORM_ENDPOINTS).toContainEqual({
      method: 'POST',
      path: '/api/sites/{cvr}/anmeldelse/{token}',
    });
  });

  it.each(PUBLIC_FORM_ENDPOINTS)(
    "$method $path: on A's host B's CVR is no site, nothing of B's",
    async (route) => {
      const before = await snapshotOfB();
      await probeForeignCvr(h, route, a.company.subdomain, victim.cvr, secretsOfB().slice(1));
      expect(await snapshotOfB()).toEqual(before);
    },
  );
});

/** The customer's booking link (issue 52): its pages are no public-form route, so probed here. */
describe("a customer's booking link, probed with B's real link", () => {
  const linkRoutes: { method: 'GET' | 'POST'; rest: string }[] = [
    { method: 'GET', rest: '' },
    { method: 'GET', rest: '/kalender.ics' },
    { method: 'POST', rest: '/flyt' },
    { method: 'POST', rest: '/aflys' },
  ];

  it.each(linkRoutes)(
    "$method …/booking/{token}$rest: B's link opens nothing on A's host or under A's CVR",
    async (route) => {
      const token = await documentLinkToken(h.db, BOOKING_LINK_PURPOSE, victim.cvr, victim.bookingId);
      const host = new URL(`http://${h.config.publicHost}`).host;
      const onA = { Host: `${a.company.subdomain}.${host}`, Origin: `http://${a.company.subdomain}.${host}` };
      const form: Record<string, string> =
        route.method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {};
      for (const cvr of [victim.cvr, a.company.cvr]) {
        const before = await snapshotOfB();
        const response = await h.send(route.method, `${bookingLinkPath(cvr, token)}${route.rest}`, {
          headers: { ...onA, ...form },
          ...(route.method === 'POST' ? { body: 'tid=2030-01-01T09:00:00.000Z' } : {}),
        });
        const text = await response.text();
        expect(response.status, text.slice(0, 200)).toBe(404);
        for (const secret of secretsOfB()) expect(text, `${cvr} leaks ${secret}`).not.toContain(secret);
        expect(await snapshotOfB()).toEqual(before);
      }
    },
  );
});
