// Caps no real craftsman reaches, that keep one owner from stalling every tenant (issue 15): the
// spec's "unlimited pages" holds for any real site. Each refusal has its Danish message in
// messages.ts; README.md and rules/README.md state the numbers.

/** Pages per site (the homepage included; deleted pages awaiting undo do not count). */
export const MAX_PAGES_PER_SITE = 100;

/** Characters of a page's body text; the other text fields have smaller caps (contracts/pages.ts). */
export const MAX_PAGE_CONTENT_CHARS = 30_000;

/** Levels of quotes and lists inside each other in a page's text (`> > - x` is 3); real texts use
 *  two or three. Deeper text is refused at save, and renders its excess as text (rules/markdown-bounds.ts). */
export const MAX_TEXT_NESTING = 10;

/** Images in one page's gallery. */
export const GALLERY_MAX_ITEMS = 50;

/** The contact form's name and message (SPEC §2 Contact). */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;

/** Saves per company per minute, counted in the database so every process shares the count. */
export const MAX_SAVES_PER_MINUTE = 60;

/** Live previews per company per 10 seconds (issue 27): the editor asks for one ~300 ms after typing
 *  stops, so an owner typing and pausing stays below 3 a second; a client sending more gets 429s
 *  after 30, never a minute's worth at once (the noisy-neighbour bench's previewing owner). */
export const MAX_PREVIEWS_PER_WINDOW = 30;
export const PREVIEW_WINDOW_MS = 10_000;

/** The minute a save at `now` is counted in: minutes since the epoch, UTC. */
export function saveWindow(now: Date): number {
  return Math.floor(now.getTime() / 60_000);
}

// The quote-request form on the company sites (rules/lead-form.ts, issue 25).
export const LEAD_NAME_MAX = 100;
export const LEAD_PHONE_MAX = 30;
export const LEAD_MESSAGE_MAX = 2000;
export const LEAD_MAX_PHOTOS = 3;
/** Links a request may hold: a person may name a page or two; spam holds many. */
export const LEAD_MAX_LINKS = 2;
/** A fresh form token younger than this is refused (faster than a person fills a form); the site's
 *  script waits out the rest before it sends (db/lead-form-token.ts). */
export const LEAD_TOKEN_MIN_AGE_MS = 3_000;
/** How long a request is kept, in months (the form says it; a sweep deletes older ones). */
export const LEAD_KEEP_MONTHS = 12;

/** The area a company drives to as a radius from its address (issue 42): 1–300 km; a company that
 *  covers the whole country picks all the municipalities instead. */
export const SERVICE_RADIUS_MIN_KM = 1;
export const SERVICE_RADIUS_MAX_KM = 300;

// Reviews from real customers (issue 41).
/** Review requests a company may send in 24 hours (from a quote request or to a past customer). */
export const REVIEW_REQUESTS_PER_DAY = 30;
/** How long a review link can be used, in days. */
export const REVIEW_LINK_VALID_DAYS = 60;
/** When the one reminder goes to a customer who has not answered, in days after the request. */
export const REVIEW_REMINDER_AFTER_DAYS = 7;
export const REVIEW_TEXT_MAX = 1000;
/** The owner's one public answer to a review. */
export const REVIEW_ANSWER_MAX = 1000;
/** The name shown under a review ("Mette H., Køge"). */
export const REVIEW_AUTHOR_MAX = 80;
/** The reason the operator gives for removing a review (kept in the operator view). */
export const REVIEW_REMOVAL_REASON_MAX = 300;
