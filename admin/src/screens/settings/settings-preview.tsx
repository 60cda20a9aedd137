// The homepage with the settings not yet saved (issue 27): the design, logo and hours tabs show what
// the site will look like before "Gem ændringer", beside the tab on wide screens, behind a toggle on
// phones (components/site-preview.tsx).
import type { SettingsInput } from '../../../../contracts/company';
import { MESSAGES } from '../../../../rules/messages';
import { api } from '../../api/client';
import { SitePreview } from '../../components/site-preview';

interface SettingsPreviewProps {
  /** The tab's unsaved fields, as its save would send them. */
  draft: SettingsInput;
  /** Changes when something stored changed that the draft does not hold (a new logo). */
  version?: string;
}

export function SettingsPreview({ draft, version = '' }: SettingsPreviewProps) {
  return (
    <SitePreview
      subject="forsiden"
      draftKey={`${JSON.stringify(draft)}|${version}`}
      load={(signal) => api.postAbortable('/company/preview', MESSAGES.previewFailed, signal, draft)}
    />
  );
}
