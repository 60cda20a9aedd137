// /admin/settings (the spec's Screens Settings): 'Hjemmesideindstillinger' (the spec writes 'Hjemmeside indstillinger'; issue 49 item 8: one word in Danish) with the tabs logo, contact, hours,
// social, design and domain, and Troværdighed (issue 42). The chosen tab is in the address (?fane=design), so it can be linked.
// The fields' working copy lives here, above the tabs (settings-editor.tsx): a tab is a view of it,
// and leaving a tab with unsaved changes asks first (components/unsaved-changes.tsx).
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/spinner';
import { Tabs } from '../../components/tabs';
import { ContactTab } from './contact-tab';
import { DesignTab } from './design-tab';
import { DomainTab } from './domain-tab';
import { HoursTab } from './hours-tab';
import { LogoTab } from './logo-tab';
import { type SettingsField, TAB_FIELDS } from './settings-draft';
import { SettingsEditorProvider } from './settings-editor';
import { SocialTab } from './social-tab';
import './settings.css';

const TABS = [
  { key: 'logo', label: 'Logo' },
  { key: 'kontakt', label: 'Kontakt' },
  { key: 'aabningstider', label: 'Åbningstider' },
  { key: 'sociale-medier', label: 'Sociale medier' },
  { key: 'design', label: 'Design' },
  { key: 'domaene', label: 'Domæne' },
  { key: 'trovaerdighed', label: 'Troværdighed' },
] as const;

type TabKey = (typeof TABS)[number]['key'];

// Troværdighed (issue 42) comes in a chunk of its own: its lists (guarantee schemes, municipalities)
// are needed only when the owner opens it, and the settings screen stays within its weight budget.
const LazyTrustTab = lazy(() => import('./trust-tab').then((module) => ({ default: module.TrustTab })));
function TrustTab() {
  return (
    <Suspense fallback={<Spinner label="Henter…" />}>
      <LazyTrustTab />
    </Suspense>
  );
}

const PANELS: Record<TabKey, { Panel: () => React.JSX.Element; fields: readonly SettingsField[] }> = {
  logo: { Panel: LogoTab, fields: [] },
  kontakt: { Panel: ContactTab, fields: TAB_FIELDS.contact },
  aabningstider: { Panel: HoursTab, fields: TAB_FIELDS.hours },
  'sociale-medier': { Panel: SocialTab, fields: TAB_FIELDS.social },
  design: { Panel: DesignTab, fields: TAB_FIELDS.design },
  domaene: { Panel: DomainTab, fields: TAB_FIELDS.domain },
  // Its own form and save (PUT /api/trust), outside the settings' working copy.
  trovaerdighed: { Panel: TrustTab, fields: [] },
};

export function SettingsScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('fane');
  const selected: TabKey = TABS.some((tab) => tab.key === asked) ? (asked as TabKey) : 'logo';
  const { Panel, fields } = PANELS[selected];
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Hjemmesideindstillinger</h1>
      <SettingsEditorProvider fields={fields}>
        <Tabs
          label="Indstillinger"
          tabs={TABS}
          selected={selected}
          onSelect={(key) => setParams({ fane: key }, { replace: true })}
        >
          <Panel key={selected} />
        </Tabs>
      </SettingsEditorProvider>
    </section>
  );
}
