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

/** The contact form's name and message (the spec's Screens Contact). */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;

/** Saves per company per minute, counted in the database so every process shares the count. */
export const MAX_SAVES_PER_MINUTE = 60;

/** Live previews per company per 10 seconds (issue 27): the editor asks for one ~300 ms after typing
 *  stops, so an owner typing and pausing stays below 3 a second; a client sending more gets 429s
 *  after 30, never a minute's worth at once (the noisy-neighbour bench's previewing owner). */
export const MAX_PREVIEWS_PER_WINDOW = 30;
export const PREVIEW_WINDOW_MS = 10_000;

/**
 * The whole API's flood guard (issue 44, server/request-limit.ts): how many requests one client may
 * send to /api, per serving process, counted per session (the cookie) and per address: `burst` at
 * once, then `perSecond` as they come back (a token bucket). What the busiest real owner sends
 * (admin/src): the live preview asks ~150 ms after the draft stops changing and aborts the one still
 * running (under 7 a second however fast the owner types, and the preview limit above refuses more
 * than 3 a second kept up); a save is a click on "Gem" (there is no autosave), at most 60 a minute; a
 * screen opens with 1–4 GETs plus the unread count (GET /leads/unread on every screen change); images
 * upload one file after another (use-uploads.ts), 15 at most; nothing polls on a timer (the dashboard
 * loads once per visit, onboarding's wait polls the site, not /api). Uploading 15 images and clicking
 * through every screen in a few seconds is under 50 requests, and typing with the preview open under
 * 7 a second: a session's burst of 100 and 10 a second after it are twice that. An address may be a
 * household or a workshop behind one router, owners and visitors of the sites (quote forms, the
 * marketing site's beacons): three such sessions at full tilt.
 *
 * A steady rate, not a count per window: a window lets its whole count through in its first second,
 * and a flooding client's 200 requests at once held a visitor of another site 10× longer at p95.
 * `inFlight`: requests of one session the API works on at once; more wait, unread, for one of them
 * to be answered. A visitor's request then waits behind a few of that owner's steps, never behind all
 * it sent at once (30 previews when the preview limit's window opens). The admin's fullest screen
 * asks for 5 things at once, and the 5th waits a few milliseconds. Not per address: the people behind
 * one router would wait for each other, and the public routes without a session have limits of their
 * own per address (the quote form's large bodies, issue 39: api/leads/upload-gate.ts).
 */
export const API_REQUEST_LIMITS = Object.freeze({
  session: Object.freeze({ burst: 100, perSecond: 10, inFlight: 4 }),
  address: Object.freeze({ burst: 300, perSecond: 30 }),
  /** A refusal right after a request that passed is answered at once; each refusal after a refusal
   *  (the client ignored Retry-After) after this pause, so a client that sends again the moment it
   *  is answered gets one answer a second per connection instead of thousands: refused at full speed,
   *  eight connections took half of a serving process (the noisy bench's API flood). */
  refusalPauseMs: 1_000,
});

/** The minute a save at `now` is counted in: minutes since the epoch, UTC. */
export function saveWindow(now: Date): number {
  return Math.floor(now.getTime() / 60_000);
}

// The quote-request form on the company sites (rules/lead-form.ts, issue 25).
export const LEAD_NAME_MAX = 100;
export const LEAD_PHONE_MAX = 30;
/** A number plate on a garage's form: "AB 12 345" is 9; room for a personal plate. */
export const LEAD_PLATE_MAX = 12;
export const LEAD_MESSAGE_MAX = 2000;
export const LEAD_MAX_PHOTOS = 3;
/** Links a request may hold: a person may name a page or two; spam holds many. */
export const LEAD_MAX_LINKS = 2;
/** A fresh form token younger than this is refused (faster than a person fills a form); the site's
 *  script waits out the rest before it sends (db/lead-form-token.ts). */
export const LEAD_TOKEN_MIN_AGE_MS = 3_000;
/** How long a request is kept, in months (the form says it; a sweep deletes older ones). */
export const LEAD_KEEP_MONTHS = 12;

/** How long after its time a booking (issue 52) is kept, then deleted by the retention job; the
 *  privacy page says so. Like a quote request: long enough to look up last year's visit. */
export const BOOKING_KEEP_MONTHS = 12;
/** A person types a request's message at most this many characters a second (issue 48): a request
 *  whose fresh token is younger than its message takes at this pace does not read as typed. */
export const LEAD_PERSON_CHARS_PER_SECOND = 10;
/** A request's photos are re-encoded on the server to fit inside this many pixels a side (issue 48). */
export const LEAD_PHOTO_MAX_SIDE = 2000;
const MB = 1024 * 1024;
/** What a request's photos may take on disk, once re-encoded, in bytes (issue 48). */
export const LEAD_PHOTO_BYTES_PER_REQUEST = 6 * MB;
/** What one company's requests' photos may take on disk a day (Copenhagen), in bytes. */
export const LEAD_PHOTO_BYTES_PER_COMPANY_DAY = 50 * MB;
/** What one client's (address's) requests' photos may take on disk a day, whatever the company. */
export const LEAD_PHOTO_BYTES_PER_CLIENT_DAY = 20 * MB;

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
// Issue 48: a review needs a real customer.
/** One request per recipient (normalised address or number) per this many days. */
export const REVIEW_RECIPIENT_DAYS = 60;
/** A review from a client address that already gave this many to the company (in 30 days) is held:
 *  one customer writes one review; a second from the same connection waits for the operator. */
export const REVIEW_HOLD_SAME_CLIENT = 1;
/** The window of REVIEW_HOLD_SAME_CLIENT, in days. */
export const REVIEW_HOLD_CLIENT_DAYS = 30;
/** A review after this many others for the company in the last hour is held. */
export const REVIEW_HOLD_PER_HOUR = 3;
/** How long a customer has to confirm their e-mail (a review by an SMS text the owner copied). */
export const REVIEW_CONFIRM_VALID_DAYS = 7;
