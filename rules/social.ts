// Social media links (SPEC §5): shown without a scheme in the form, stored as full https URLs.

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
