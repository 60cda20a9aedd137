// The page editor's live preview (issue 27): the draft as a save would publish it, beside the form
// on wide screens, behind a toggle on phones (components/site-preview.tsx).

import type { Page } from '../../api/types';
import { SitePreview } from '../../components/lazy-site-preview';
import { type PageDraft, updateFrom } from './page-draft';
import { previewPage } from './pages-api';

export function PagePreview({ page, draft }: { page: Page; draft: PageDraft }) {
  // The body a save would send now: what the preview renders, and (as JSON) when it changed.
  const update = updateFrom(draft, page);
  return (
    <SitePreview
      subject="siden"
      draftKey={JSON.stringify(update)}
      load={(signal) => previewPage(page.id, update, signal)}
    />
  );
}
