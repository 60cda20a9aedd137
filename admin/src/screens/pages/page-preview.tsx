// The page editor's live preview (issue 27): the draft as a save would publish it, beside the form
// on wide screens, behind a toggle on phones (components/site-preview.tsx).

import type { Page } from '../../api/types';
import { SitePreview } from '../../components/lazy-site-preview';
import { type PageDraft, previewFrom } from './page-draft';
import { previewPage } from './pages-api';

export function PagePreview({ page, draft }: { page: Page; draft: PageDraft }) {
  // The body a save would send now, but the address: what the preview renders, and (as JSON) when it
  // changed. An address half typed is no reason to show no preview, and the page looks the same.
  const update = previewFrom(draft, page);
  return (
    <SitePreview
      subject="siden"
      draftKey={JSON.stringify(update)}
      load={(signal) => previewPage(page.id, update, signal)}
    />
  );
}
