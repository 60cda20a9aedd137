// The settings screen's one working copy (issue 40): every tab edits a field of it, and it lives in
// the screen, not in the tab. Each tab used to keep its own copy and lose it when another tab
// opened, so "Blå" chosen in Design was Rav again on Åbningstider, in its preview too. A field
// the owner has not touched follows the stored company (a save or a new logo shows at once).
import type { SettingsInput } from '../../../../contracts/company';
import type { Weekday } from '../../../../rules/hours';
import { SOCIAL_NETWORKS, type SocialNetwork, socialLinkForDisplay } from '../../../../rules/social';
import type { ThemeId } from '../../../../rules/themes';
import type { Company } from '../../api/types';

/** The fields as the tabs show them (social links without https://, no domain as ''). */
export interface SettingsForm {
  phone: string;
  email: string;
  address: string;
  zipcode: string;
  city: string;
  hours: Record<Weekday, string>;
  showHours: boolean;
  socialMedia: Record<SocialNetwork, string>;
  theme: ThemeId;
  customDomain: string;
}

export type SettingsField = keyof SettingsForm;

/** The fields each tab shows and saves. */
export const TAB_FIELDS = {
  contact: ['phone', 'email', 'address', 'zipcode', 'city'],
  hours: ['hours', 'showHours'],
  social: ['socialMedia'],
  design: ['theme'],
  domain: ['customDomain'],
} as const satisfies Record<string, readonly SettingsField[]>;
/** What the owner typed or chose, field by field; an absent field shows the stored value. */
export type SettingsEdits = Partial<SettingsForm>;

export function formFrom(company: Company): SettingsForm {
  return {
    phone: company.phone,
    email: company.email,
    address: company.address,
    zipcode: company.zipcode,
    city: company.city,
    hours: { ...company.hours },
    showHours: company.showHours,
    socialMedia: Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, socialLinkForDisplay(company.socialMedia[network])]),
    ) as Record<SocialNetwork, string>,
    theme: company.theme,
    customDomain: company.customDomain ?? '',
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every(
    (key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key],
  );
}

/** The edits that differ from what is stored: the unsaved changes, and the body that saves them. */
export function changedSettings(edits: SettingsEdits, company: Company): SettingsEdits {
  const stored = formFrom(company);
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edits)) {
    if (!sameValue(value, stored[key as SettingsField])) changed[key] = value;
  }
  return changed as SettingsEdits;
}

/** A save's body: the given fields as shown (a tab saves its own, changed or not) and every change. */
export function settingsBody(
  edits: SettingsEdits,
  company: Company,
  fields: readonly SettingsField[],
): SettingsInput {
  const form = { ...formFrom(company), ...edits };
  const body: Record<string, unknown> = {};
  for (const field of fields) body[field] = form[field];
  return { ...body, ...changedSettings(edits, company) } as SettingsInput;
}

/** The edits left after `sent` was saved: a field typed again while the save ran stays an edit. */
export function editsAfterSave(edits: SettingsEdits, sent: SettingsInput): SettingsEdits {
  const left: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edits)) {
    if ((sent as Record<string, unknown>)[key] !== value) left[key] = value;
  }
  return left as SettingsEdits;
}
