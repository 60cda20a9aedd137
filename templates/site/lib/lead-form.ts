// Which pages carry the quote form (issue 25): the homepage and the contact page (slug `kontakt`),
// when the owner shows the form.
import type { SiteLocals } from '../../../generator/site-model';

export function showsLeadForm(site: SiteLocals['site'], page: SiteLocals['page']): boolean {
  if (!site.leadForm || page === null) return false;
  return page.type === 'homepage' || page.slug === 'kontakt';
}
