// /admin/settings (SPEC §2 Settings): 'Hjemmeside indstillinger' with the tabs logo, contact, hours,
// social, design and domain, and Troværdighed (issue 42). The chosen tab is in the address (?fane=design), so it can be linked.
import { useSearchParams } from 'react-router';
import { Tabs } from '../../components/tabs';
import { ContactTab } from './contact-tab';
import { DesignTab } from './design-tab';
import { DomainTab } from './domain-tab';
import { HoursTab } from './hours-tab';
import { LogoTab } from './logo-tab';
import { SocialTab } from './social-tab';
import { TrustTab } from './trust-tab';
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

const PANELS: Record<TabKey, () => React.JSX.Element> = {
  logo: LogoTab,
  kontakt: ContactTab,
  aabningstider: HoursTab,
  'sociale-medier': SocialTab,
  design: DesignTab,
  domaene: DomainTab,
  trovaerdighed: TrustTab,
};

export function SettingsScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('fane');
  const selected: TabKey = TABS.some((tab) => tab.key === asked) ? (asked as TabKey) : 'logo';
  const Panel = PANELS[selected];
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Hjemmeside indstillinger</h1>
      <Tabs
        label="Indstillinger"
        tabs={TABS}
        selected={selected}
        onSelect={(key) => setParams({ fane: key }, { replace: true })}
      >
        <Panel key={selected} />
      </Tabs>
    </section>
  );
}
