// Company sites on the front server: /<cvr>/…, a subdomain or a verified domain, to the site's files,
// its own 404 page, a moved page's new address, or the page of a site whose trial has ended.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { domainTwin } from '../rules/domain';
import { MAIN_HOST_PAGES, notFoundFileOf, type SiteTarget } from '../rules/request-target';
import { type FixedResponse, notFoundPage, redirectHeaders } from './fallback-pages';
import { serveMarketing } from './front-pages';
import { accepts, type Front, fail, HOST_MEMO_LIMIT, redirect, send, serveFile } from './front-state';
import { isCountableView, pagePathOf } from './site-visits';
import type { FileLookup } from './static-file-cache';

export function serveSite(front: Front, req: IncomingMessage, res: ServerResponse, target: SiteTarget): void {
  if (target.by === 'path') {
    serveCompany(front, req, res, target, target.cvr);
    return;
  }
  const name = target.by === 'subdomain' ? target.subdomain : target.hostname;
  const cvr = front.companies.peek(target.by, name);
  if (cvr !== undefined) {
    serveCompany(front, req, res, target, cvr);
    return;
  }
  front.companies
    .resolve(target.by, name)
    .then((found) => serveCompany(front, req, res, target, found))
    .catch((error: unknown) => fail(front, res, error));
}

function serveCompany(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  target: SiteTarget,
  cvr: string | null,
): void {
  if (cvr === null) {
    // Nobody's subdomain: the same 404 page as nobody's domain, at the address asked for.
    if (target.by === 'custom-domain') serveTwinOrNotFound(front, req, res, target.hostname);
    else send(front, res, front.domainNotFound, req);
    return;
  }
  const state = front.access.peek(cvr);
  if (state === undefined) {
    front.access
      .resolve(cvr)
      .then(() => serveCompany(front, req, res, target, cvr))
      .catch((error: unknown) => fail(front, res, error));
    return;
  }
  if (state === 'inactive') {
    send(front, res, front.inactiveSite, req);
    return;
  }
  const found = front.files.get(`${front.sitesDir}/${cvr}`, target.file, accepts(req));
  if (found instanceof Promise) {
    found
      .then((result) => serveSiteFile(front, req, res, target, cvr, result))
      .catch((error) => fail(front, res, error));
  } else {
    serveSiteFile(front, req, res, target, cvr, found);
  }
}

function serveSiteFile(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  target: SiteTarget,
  cvr: string,
  found: FileLookup,
  movedChecked = false,
): void {
  if (found === 'no-file' && !movedChecked && target.file !== notFoundFileOf(target)) {
    // A page that moved: 301 to its address now (issue 49), before the missing-page answer below.
    if (serveMoved(front, req, res, target, cvr)) return;
  }
  if (typeof found === 'object') {
    if (target.status === 200 && isCountableView(req)) {
      const page = pagePathOf(target.file);
      if (page !== null) front.visits.count(cvr, page);
    }
    serveFile(front, req, res, found, target.status);
    return;
  }
  // A missing page is answered with the site's own 404 page, status 404, at the address asked for
  // (issue 49). A product page linked from /privacy or the blog goes to the main host instead.
  const notFoundFile = notFoundFileOf(target);
  if (target.file !== notFoundFile) {
    const slug = target.file.replace(/\.html$/, '');
    if (target.by !== 'path' && MAIN_HOST_PAGES.has(slug))
      redirect(res, redirectHeaders(`${front.origin}/${slug}`, false));
    else serveCompany(front, req, res, { ...target, file: notFoundFile, status: 404 }, cvr);
    return;
  }
  // No 404 page either. Under /<cvr>/ without a site (an unknown CVR, one not published yet): the
  // product's own 404 page; a site without its own (an older build): ours, home being the site's.
  if (target.by !== 'path') send(front, res, front.siteNotFound, req);
  else if (found === 'no-folder') serveMarketing(front, req, res, '/404', 404);
  else send(front, res, sitePathNotFound(front, cvr), req);
}

/** A site with no 404 page of its own (an older build): ours, leading to that site's home page. */
function sitePathNotFound(front: Front, cvr: string): FixedResponse {
  let page = front.pathNotFound.get(cvr);
  if (page === undefined) {
    page = notFoundPage(`/${cvr}/`);
    if (front.pathNotFound.size >= HOST_MEMO_LIMIT) front.pathNotFound.clear();
    front.pathNotFound.set(cvr, page);
  }
  return page;
}

/**
 * A page the site folder does not have, at an address one of the company's pages had before it
 * moved: 301 to its address now. True when it answers (or will, after asking the database);
 * otherwise the request is served as a missing page.
 */
function serveMoved(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  target: SiteTarget,
  cvr: string,
): boolean {
  const known = front.moved.peek(req, target, cvr);
  if (known === null) return false;
  if (known !== undefined) {
    redirect(res, known, 301);
    return true;
  }
  front.moved
    .resolve(req, target, cvr)
    .then((headers) => {
      if (headers === null) serveSiteFile(front, req, res, target, cvr, 'no-file', true);
      else redirect(res, headers, 301);
    })
    .catch((error: unknown) => fail(front, res, error));
  return true;
}

// `eksempel.dk` when the company's verified domain is `www.eksempel.dk` (or the other way round):
// a permanent redirect to the spelling the owner chose; anything else is not ours.
function serveTwinOrNotFound(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  hostname: string,
): void {
  const twin = domainTwin(hostname);
  front.companies
    .resolve('custom-domain', twin)
    .then((cvr) => {
      if (cvr === null) send(front, res, front.domainNotFound, req);
      else redirect(res, redirectHeaders(`https://${twin}${req.url ?? '/'}`, true), 301);
    })
    .catch((error: unknown) => fail(front, res, error));
}
