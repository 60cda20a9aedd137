// /admin/settings (SPEC §2 Settings): 'Hjemmeside indstillinger' with the tabs logo, contact, hours,
// social, design and domain. The chosen tab is in the address (?fane=design), so it can be linked.
// The fields' working copy lives here, above the tabs (settings-editor.tsx): a tab is a view of it,
// and leaving a tab with unsaved changes asks first (components/unsaved-changes.tsx).
import { useSearchParams } from 'react-router';
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
] as const;

type TabKey = (typeof TABS)[number]['key'];

const PANELS: Record<TabKey, { Panel: () => React.JSX.Element; fields: readonly SettingsField[] }> = {
  logo: { Panel: LogoTab, fields: [] },
  kontakt: { Panel: ContactTab, fields: TAB_FIELDS.contact },
  aabningstider: { Panel: HoursTab, fields: TAB_FIELDS.hours },
  'sociale-medier': { Panel: SocialTab, fields: TAB_FIELDS.social },
  design: { Panel: DesignTab, fields: TAB_FIELDS.design },
  domaene: { Panel: DomainTab, fields: TAB_FIELDS.domain },
};

export function SettingsScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('fane');
  const selected: TabKey = TABS.some((tab) => tab.key === asked) ? (asked as TabKey) : 'logo';
  const { Panel, fields } = PANELS[selected];
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Hjemmeside indstillinger</h1>
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
