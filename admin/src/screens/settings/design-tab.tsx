// Settings › Design: the 20 colour themes as radio swatches; the preview beside them (the site's own
// homepage, settings-preview.tsx) shows the chosen theme before it is saved.
import type { FormEvent } from 'react';
import { THEMES } from '../../../../rules/themes';
import { SaveBar } from '../../components/save-bar';
import { TAB_FIELDS } from './settings-draft';
import { useSettingsEditor } from './settings-editor';
import { SettingsPreview } from './settings-preview';

export function DesignTab() {
  const { form, change, state, errors, save, dirty } = useSettingsEditor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(TAB_FIELDS.design);
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
              checked={option.id === form.theme}
              onChange={() => change('theme', option.id)}
            />
            <span className="theme-swatch" style={{ background: option.colors.primary }} aria-hidden="true" />
            {option.label}
          </label>
        ))}
      </fieldset>
      {errors.theme ? <p className="form-error">{errors.theme}</p> : null}
      <SaveBar state={state} dirty={dirty(TAB_FIELDS.design)} />
      <SettingsPreview />
    </form>
  );
}
