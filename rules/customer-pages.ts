// Where a company's customer-facing pages outside the static build live, so a template, a mail and
// the route that answers agree on one address. Each sits under the company's own host like the
// review form (/api/sites/{cvr}/anmeldelse/{token}); the token is a signed per-document link
// (db/document-link.ts) bound to one company, one document and one purpose.

/** The booking pages of a company's site ("Book tid"): the choice of service, day and time. */
export function bookingPagePath(cvr: string): string {
  return `/api/sites/${cvr}/book-tid`;
}

/** A customer's own booking (see, move, cancel), by its signed link. */
export function bookingLinkPath(cvr: string, token: string): string {
  return `/api/sites/${cvr}/booking/${token}`;
}

/** A tilbud the customer reads and accepts or declines, by its signed link. */
export function quotePagePath(cvr: string, token: string): string {
  return `/api/sites/${cvr}/tilbud/${token}`;
}

/** An invoice the customer reads, by its signed link. */
export function invoicePagePath(cvr: string, token: string): string {
  return `/api/sites/${cvr}/faktura/${token}`;
}
