import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SOCIAL_MEDIA,
  normalizeSocialMedia,
  SOCIAL_NETWORKS,
  socialLinkForDisplay,
  socialLinkForStorage,
  socialProfileLink,
} from './social';

const link = fc.oneof(
  fc.string(),
  fc.webUrl(),
  fc
    .tuple(fc.constantFrom('', 'http://', 'HTTPS://', 'https://', ' https://http://'), fc.string())
    .map(([scheme, rest]) => scheme + rest),
);

describe('socialLinkForDisplay', () => {
  it('strips a leading http:// or https:// in any case', () => {
    expect(socialLinkForDisplay('https://facebook.com/hansen')).toBe('facebook.com/hansen');
    expect(socialLinkForDisplay('http://instagram.com/hansen')).toBe('instagram.com/hansen');
    expect(socialLinkForDisplay('HTTPS://tiktok.com/@hansen')).toBe('tiktok.com/@hansen');
    expect(socialLinkForDisplay('linkedin.com/company/hansen')).toBe('linkedin.com/company/hansen');
    expect(socialLinkForDisplay('')).toBe('');
  });
});

describe('socialLinkForStorage', () => {
  it('stores with an https:// prefix', () => {
    expect(socialLinkForStorage('facebook.com/hansen')).toBe('https://facebook.com/hansen');
    expect(socialLinkForStorage('http://facebook.com/hansen')).toBe('https://facebook.com/hansen');
    expect(socialLinkForStorage('  https://https://facebook.com/hansen ')).toBe(
      'https://facebook.com/hansen',
    );
  });

  it('stores an empty or blank field as empty', () => {
    expect(socialLinkForStorage('')).toBe('');
    expect(socialLinkForStorage('   ')).toBe('');
    expect(socialLinkForStorage('https://')).toBe('');
  });

  it('round trips through the form: storage(display(x)) === storage(x)', () => {
    fc.assert(
      fc.property(link, (x) => {
        const stored = socialLinkForStorage(x);
        expect(socialLinkForStorage(socialLinkForDisplay(stored))).toBe(stored);
        expect(socialLinkForStorage(socialLinkForDisplay(x))).toBe(stored);
      }),
    );
  });

  it('shows the owner what they typed, minus the scheme', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const shown = typed.trim();
        fc.pre(shown !== '' && !/^https?:\/\//i.test(shown));
        expect(socialLinkForDisplay(socialLinkForStorage(typed))).toBe(shown);
      }),
    );
  });
});

describe('normalizeSocialMedia', () => {
  it('fills every network, normalises values and drops unknown keys', () => {
    const input = { facebook: 'facebook.com/hansen', tiktok: '  ', youtube: 'x' } as Partial<
      Record<(typeof SOCIAL_NETWORKS)[number], string>
    >;
    const result = normalizeSocialMedia(input);
    expect(result).toEqual({
      facebook: 'https://facebook.com/hansen',
      instagram: '',
      linkedin: '',
      tiktok: '',
    });
    expect(Object.keys(result).sort()).toEqual([...SOCIAL_NETWORKS].sort());
  });

  it('maps an empty object to the empty record', () => {
    expect(normalizeSocialMedia({})).toEqual(EMPTY_SOCIAL_MEDIA);
    expect(Object.isFrozen(EMPTY_SOCIAL_MEDIA)).toBe(true);
  });
});

describe('socialProfileLink (issue 28)', () => {
  it("takes a profile on the network's own host or its subdomains, stored with https://", () => {
    expect(socialProfileLink('facebook', 'facebook.com/hansen')).toBe('https://facebook.com/hansen');
    expect(socialProfileLink('facebook', 'http://fb.com/hansen')).toBe('https://fb.com/hansen');
    expect(socialProfileLink('facebook', 'https://m.facebook.com/profile.php?id=4')).toBe(
      'https://m.facebook.com/profile.php?id=4',
    );
    expect(socialProfileLink('instagram', 'WWW.Instagram.com/hansen')).toBe(
      'https://WWW.Instagram.com/hansen',
    );
    expect(socialProfileLink('linkedin', 'dk.linkedin.com/company/hansen')).toBe(
      'https://dk.linkedin.com/company/hansen',
    );
    expect(socialProfileLink('tiktok', 'tiktok.com/@hansen')).toBe('https://tiktok.com/@hansen');
    expect(socialProfileLink('tiktok', '  ')).toBe('');
  });

  it.each([
    ['facebook', 'ikke et link'],
    ['facebook', 'facebook.com/hansen\nfacebook.com/andet'],
    ['facebook', 'facebook.com/han sen'],
    ['facebook', 'facebook.com'],
    ['facebook', 'facebook.com/'],
    ['facebook', 'notfacebook.com/hansen'],
    ['facebook', 'facebook.com.example.net/hansen'],
    ['facebook', 'facebook.com@example.net/hansen'],
    ['facebook', 'facebook.com:444/hansen'],
    ['instagram', 'facebook.com/hansen'],
    ['linkedin', 'example.net/linkedin.com/in/hansen'],
    ['tiktok', 'javascript:alert(1)'],
  ] as const)('refuses %s: %j', (network, input) => {
    expect(socialProfileLink(network, input)).toBeNull();
  });
});
