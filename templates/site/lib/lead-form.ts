// Which pages carry the quote form (issue 25): the homepage and the contact page (the owner's Kontakt
// page or the generated one, navigation.ts), when the owner shows the form; and what its photo hint
// names, by the company's trade (issue 39).
import type { Company } from '../../../db';
import type { SiteLocals } from '../../../generator/site-model';
import { findTradeProfile } from '../../../rules/trades';
import { contactSlug } from './navigation';

export function showsLeadForm(site: SiteLocals['site'], page: SiteLocals['page']): boolean {
  if (!site.leadForm || page === null) return false;
  return page.type === 'homepage' || page.slug === contactSlug(site);
}

/** What a customer of this trade would photograph ('badeværelset, hanen eller utætheden' for VVS). */
export function photoExamples(company: Pick<Company, 'industryCode' | 'industryDesc' | 'name'>): string {
  return findTradeProfile({
    industryCode: company.industryCode ?? null,
    industryDesc: company.industryDesc,
    companyName: company.name,
  }).photoExamples;
}
