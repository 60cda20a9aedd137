// Social media links (the spec's Validation rules): shown without a scheme in the form, stored as full https URLs, and
// only ever a profile on the network's own host (issue 28): 'ikke et link', a line feed or another
// site in the Facebook field is refused, not published as a Facebook link.

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'tiktok'] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export type SocialMedia = Record<SocialNetwork, string>;

export const EMPTY_SOCIAL_MEDIA: Readonly<SocialMedia> = Object.freeze({
  facebook: '',
  instagram: '',
  linkedin: '',
  tiktok: '',
});

const LEADING_SCHEME = /^https?:\/\//i;

// Repeated so a pasted 'https://https://…' cannot survive into storage.
function stripSchemes(value: string): string {
  let rest = value.trim();
  while (LEADING_SCHEME.test(rest)) rest = rest.replace(LEADING_SCHEME, '').trim();
  return rest;
}

export function socialLinkForDisplay(stored: string): string {
  return typeof stored === 'string' ? stripSchemes(stored) : '';
}

export function socialLinkForStorage(input: string): string {
  const rest = typeof input === 'string' ? stripSchemes(input) : '';
  return rest === '' ? '' : `https://${rest}`;
}

// Unknown keys are dropped and missing networks become '', so stored data always has all four.
export function normalizeSocialMedia(input: Partial<Record<SocialNetwork, string>>): SocialMedia {
  const result: SocialMedia = { ...EMPTY_SOCIAL_MEDIA };
  for (const network of SOCIAL_NETWORKS) {
    const value = input[network];
    result[network] = typeof value === 'string' ? socialLinkForStorage(value) : '';
  }
  return result;
}

/** Each network's own hosts; a subdomain of one (www., m., dk., da-dk.) is that network's too. */
const SOCIAL_HOSTS: Readonly<Record<SocialNetwork, readonly string[]>> = Object.freeze({
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  linkedin: ['linkedin.com'],
  tiktok: ['tiktok.com'],
});

// Whitespace or a control character anywhere: no URL a person pastes has one.
const SPACE_OR_CONTROL = /[\s\p{Cc}\p{Cf}]/u;

/**
 * `input` (typed with or without https://) as a link to be stored for `network`: '' for an empty
 * field, the https link when it is a page on one of the network's own hosts (with a path: the profile,
 * not the front page), and null for anything else: words, spaces, line feeds, another host, a port or
 * a user name before the host.
 */
export function socialProfileLink(network: SocialNetwork, input: string): string | null {
  const stored = socialLinkForStorage(input);
  if (stored === '') return '';
  if (SPACE_OR_CONTROL.test(socialLinkForDisplay(stored))) return null;
  let url: URL;
  try {
    url = new URL(stored);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  const host = url.hostname.toLowerCase();
  const own = SOCIAL_HOSTS[network].some((name) => host === name || host.endsWith(`.${name}`));
  if (!own || url.pathname.replace(/\/+$/, '') === '') return null;
  return stored;
}
