// The homepage with the settings not yet saved (issue 27): the design, logo and hours tabs show what
// the site will look like before "Gem ændringer", beside the tab on wide screens, behind a toggle on
// phones (components/site-preview.tsx). It shows every unsaved change of the screen, whichever tab
// made it (settings-editor.tsx).
import { MESSAGES } from '../../../../rules/messages';
import { api } from '../../api/client';
import { SitePreview } from '../../components/lazy-site-preview';
import { useCompany } from '../../shell/company-context';
import { useSettingsEditor } from './settings-editor';

export function SettingsPreview() {
  const { changes } = useSettingsEditor();
  // A new logo is stored at once; the draft does not hold it.
  const { company } = useCompany();
  const draft = changes;
  return (
    <SitePreview
      subject="forsiden"
      draftKey={`${JSON.stringify(draft)}|${company.logo ?? ''}`}
      load={(signal) => api.postAbortable('/company/preview', MESSAGES.previewFailed, signal, draft)}
    />
  );
}
