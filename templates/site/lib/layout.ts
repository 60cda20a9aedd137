// Which layout a page is drawn with: site-page.astro picks the layout component by it, and
// site-document.astro the styles only that layout uses.
import type { Page } from '../../../db';
import { isPageLayout, type PageLayout } from '../../../rules/pages';

/** The page's layout; null for the 404 page. db/tables/pages.ts already maps unknown layouts to
 *  text; this keeps a hand-made model rendering too. */
export function pageLayout(page: Pick<Page, 'layout'> | null): PageLayout | null {
  if (page === null) return null;
  return isPageLayout(page.layout) ? page.layout : 'text';
}
