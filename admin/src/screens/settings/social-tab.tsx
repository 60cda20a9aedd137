// Settings › Sociale medier: facebook, instagram, linkedin and tiktok, shown without https:// and
// stored with it (SPEC §5); an empty field removes the link from the site. Each field shows an example
// of the profile link it takes in full under it (a placeholder was cut off at 360 px), and the shared
// contract refuses anything that is no profile on the network's own host (issue 28).
import { type FormEvent, useState } from 'react';
import { SOCIAL_NETWORKS, type SocialNetwork, socialLinkForDisplay } from '../../../../rules/social';
import { Field } from '../../components/field';
import { SaveBar } from '../../components/save-bar';
import { useCompany } from '../../shell/company-context';
import { useSettingsSave } from './use-settings-save';

const LABELS: Record<SocialNetwork, { label: string; example: string }> = {
  facebook: { label: 'Facebook', example: 'facebook.com/ditfirma' },
  instagram: { label: 'Instagram', example: 'instagram.com/ditfirma' },
  linkedin: { label: 'LinkedIn', example: 'linkedin.com/company/ditfirma' },
  tiktok: { label: 'TikTok', example: 'tiktok.com/@ditfirma' },
};

export function SocialTab() {
  const { company } = useCompany();
  const [links, setLinks] = useState(
    () =>
      Object.fromEntries(
        SOCIAL_NETWORKS.map((network) => [network, socialLinkForDisplay(company.socialMedia[network])]),
      ) as Record<SocialNetwork, string>,
  );
  const { state, errors, save } = useSettingsSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save({ socialMedia: links })) {
      // Show what was stored, without the scheme the server added.
      setLinks(
        (current) =>
          Object.fromEntries(
            SOCIAL_NETWORKS.map((network) => [network, socialLinkForDisplay(current[network])]),
          ) as Record<SocialNetwork, string>,
      );
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <h2>Sociale medier</h2>
      <p className="field-hint">
        Links vises som ikoner i bunden af din hjemmeside. Lad et felt stå tomt for at skjule det.
      </p>
      {SOCIAL_NETWORKS.map((network) => (
        <Field
          key={network}
          label={LABELS[network].label}
          type="url"
          inputMode="url"
          prefix="https://"
          hint={`F.eks. ${LABELS[network].example}`}
          value={links[network]}
          onChange={(value) => setLinks((current) => ({ ...current, [network]: value }))}
          error={errors[`socialMedia.${network}`]}
        />
      ))}
      <SaveBar state={state} />
    </form>
  );
}
