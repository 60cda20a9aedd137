// What an owner types as a link's address in the page text (issue 40): a page of the site, the
// contact section, a phone number, an e-mail address or a web address, checked here once for the
// admin's Link panel. A web address must name a real host by the same rule the API holds custom
// domains and website addresses to (rules/domain.ts `isPublicHostname`): `firma.dk` and
// `https://www.firma.dk/side` pass, `www.google` and `localhost` do not. Every href this accepts is
// one the site keeps (rules/page-content.ts `ownerLinkHref`): nothing accepted here renders as text.
import { isPublicHostname } from './domain';
import { MESSAGES } from './messages';
import { PAGE_MESSAGES } from './page-messages';

export type LinkAddress = { ok: true; href: string } | { ok: false; message: string };

/** A page the owner can link to: what the panel lists, and the href it stands for. */
export interface LinkTarget {
  label: string;
  href: string;
}

/** The contact section every page of a site has; `/kontakt` is how the writers link to it. */
export const CONTACT_TARGET: LinkTarget = { label: 'Få et tilbud (kontaktformularen)', href: '/kontakt' };

/** The pages of a site as link targets: the homepage is `/`, every other page `/<slug>`. */
export function pageTargets(
  pages: readonly { pageName: string; slug: string; type: string }[],
): LinkTarget[] {
  return pages.map((page) => ({
    label: page.pageName,
    href: page.type === 'homepage' ? '/' : `/${page.slug}`,
  }));
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const EMAIL = /^[^\s@/:]+@([^\s@/]+\.[^\s@/]+)$/;
const PHONE = /^\+?[0-9][0-9 ]{6,}[0-9]$/;
/** Looks like a host name someone meant (`firma.dk`, `www.google`), with an optional path. */
const HOST_LIKE = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+(?::\d+)?(?:[/?#]\S*)?$/u;

function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** The host of an http(s) address, as URL reads it (lowercase, punycode), or null. */
function hostOf(address: string): string | null {
  try {
    const url = new URL(address);
    if (url.username !== '' || url.password !== '') return null;
    return url.hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/**
 * The href for what the owner typed, or a Danish message. Accepted: a page of the site by its name
 * or address (`Priser`, `priser`, `/priser`), a path (`/kontakt`, `#kontakt`), a phone number
 * (`12 34 56 78` → `tel:12345678`), an e-mail address (`mailto:`), and http(s) addresses on a real host
 * (`firma.dk` → `https://firma.dk`). Every other scheme is refused.
 */
export function checkLinkAddress(input: string, pages: readonly LinkTarget[] = []): LinkAddress {
  const typed = input.trim();
  if (typed === '') return { ok: false, message: PAGE_MESSAGES.linkAddressRequired };
  const invalid = { ok: false, message: PAGE_MESSAGES.linkAddressInvalid } as const;
  const noHost = { ok: false, message: MESSAGES.invalidWebsiteUrl() } as const;
  // C0 and C1 controls: a browser drops some inside a URL (`java\tscript:`).
  if (typed.includes('\\') || [...typed].some(isControl)) return invalid;
  const page = pages.find(
    (target) =>
      target.label.toLowerCase() === typed.toLowerCase() ||
      target.href === typed.toLowerCase() ||
      target.href === `/${typed.toLowerCase()}`,
  );
  if (page) return { ok: true, href: page.href };
  if (PHONE.test(typed)) return { ok: true, href: `tel:${typed.replace(/ /g, '')}` };
  if (/\s/.test(typed)) return invalid;
  const email = EMAIL.exec(typed);
  if (email) {
    const host = hostOf(`https://${email[1]}`);
    return host !== null && isPublicHostname(host) ? { ok: true, href: `mailto:${typed}` } : noHost;
  }
  if (typed.startsWith('/')) return typed.startsWith('//') ? invalid : { ok: true, href: typed };
  if (typed.startsWith('#') && typed.length > 1) return { ok: true, href: typed };
  const scheme = SCHEME.exec(typed)?.[1]?.toLowerCase();
  if (
    scheme === undefined ||
    (/^\d+$/.test(typed.split(':')[1]?.split('/')[0] ?? '') && !typed.includes('://'))
  ) {
    // No scheme (`firma.dk/side`; `firma.dk:8080` reads as one too): a web address.
    if (!HOST_LIKE.test(typed)) return invalid;
    const host = hostOf(`https://${typed}`);
    return host !== null && isPublicHostname(host) ? { ok: true, href: `https://${typed}` } : noHost;
  }
  const rest = typed.slice(scheme.length + 1);
  if (scheme === 'http' || scheme === 'https') {
    if (!rest.startsWith('//')) return invalid;
    const host = hostOf(typed);
    if (host === null || host === '') return invalid;
    return isPublicHostname(host) ? { ok: true, href: typed } : noHost;
  }
  if (scheme === 'mailto') {
    const address = EMAIL.exec(rest.split('?')[0] ?? '');
    const host = address ? hostOf(`https://${address[1]}`) : null;
    if (!address) return invalid;
    return host !== null && isPublicHostname(host) ? { ok: true, href: typed } : noHost;
  }
  if (scheme === 'tel') return /^\+?[0-9-]{3,}$/.test(rest) ? { ok: true, href: typed } : invalid;
  return invalid;
}
