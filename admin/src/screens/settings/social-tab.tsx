// Settings › Sociale medier: facebook, instagram, linkedin and tiktok, shown without https:// and
// stored with it (the spec's Validation rules); an empty field removes the link from the site. Each field shows an example
// of the profile link it takes in full under it (a placeholder was cut off at 360 px), and the shared
// contract refuses anything that is no profile on the network's own host (issue 28). After a save the
// fields show what was stored, without the scheme the server added (settings-draft.ts).
import type { FormEvent } from 'react';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../../../rules/social';
import { Field } from '../../components/field';
import { SaveBar } from '../../components/save-bar';
import { TAB_FIELDS } from './settings-draft';
import { useSettingsEditor } from './settings-editor';

const LABELS: Record<SocialNetwork, { label: string; example: string }> = {
  facebook: { label: 'Facebook', example: 'facebook.com/ditfirma' },
  instagram: { label: 'Instagram', example: 'instagram.com/ditfirma' },
  linkedin: { label: 'LinkedIn', example: 'linkedin.com/company/ditfirma' },
  tiktok: { label: 'TikTok', example: 'tiktok.com/@ditfirma' },
};

export function SocialTab() {
  const { form, change, state, errors, save, dirty } = useSettingsEditor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(TAB_FIELDS.social);
  };

  return (
    <form onSubmit={submit} noValidate>
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
          value={form.socialMedia[network]}
          onChange={(value) => change('socialMedia', { ...form.socialMedia, [network]: value })}
          error={errors[`socialMedia.${network}`]}
        />
      ))}
      <SaveBar state={state} dirty={dirty(TAB_FIELDS.social)} />
    </form>
  );
}
