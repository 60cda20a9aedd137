// Settings › Design: the 20 colour themes as radio swatches, with a live preview of the site's
// header, headline and button in the chosen theme before it is saved.
import { type FormEvent, useState } from 'react';
import { getTheme, THEMES, type ThemeId } from '../../../../rules/themes';
import { SaveBar } from '../../components/save-bar';
import { useCompany } from '../../shell/company-context';
import { SettingsPreview } from './settings-preview';
import { useSettingsSave } from './use-settings-save';

export function DesignTab() {
  const { company } = useCompany();
  const [theme, setTheme] = useState<ThemeId>(company.theme);
  const { state, errors, save } = useSettingsSave();
  const colors = getTheme(theme).colors;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ theme });
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2>Farvetema</h2>
      <fieldset className="theme-picker">
        <legend className="field-label">Vælg farvetema</legend>
        {THEMES.map((option) => (
          <label key={option.id} className="choice theme-option">
            <input
              type="radio"
              name="theme"
              value={option.id}
              checked={option.id === theme}
              onChange={() => setTheme(option.id)}
            />
            <span className="theme-swatch" style={{ background: option.colors.primary }} aria-hidden="true" />
            {option.label}
          </label>
        ))}
      </fieldset>
      {errors.theme ? <p className="form-error">{errors.theme}</p> : null}
      <div className="theme-preview" aria-label="Forhåndsvisning" role="img" data-theme={theme}>
        <div
          className="theme-preview-bar"
          style={{ background: colors.primaryDark, color: colors.onPrimaryDark }}
        >
          {company.name}
        </div>
        <div className="theme-preview-body" style={{ background: colors.primarySoft }}>
          <strong style={{ color: colors.primaryDark }}>Velkommen til {company.name}</strong>
          <span
            className="theme-preview-button"
            style={{ background: colors.primary, color: colors.onPrimary }}
          >
            Kontakt os
          </span>
        </div>
      </div>
      <SaveBar state={state} />
      <SettingsPreview draft={{ theme }} />
    </form>
  );
}
