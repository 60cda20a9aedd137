// Settings › Åbningstider: whether the hours show on the site, and one text field per weekday.
import type { FormEvent } from 'react';
import { WEEKDAYS } from '../../../../rules/hours';
import { Field } from '../../components/field';
import { SaveBar } from '../../components/save-bar';
import { TAB_FIELDS } from './settings-draft';
import { useSettingsEditor } from './settings-editor';
import { SettingsPreview } from './settings-preview';

export function HoursTab() {
  const { form, change, state, errors, save, dirty } = useSettingsEditor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(TAB_FIELDS.hours);
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2>Åbningstider</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.showHours}
          onChange={(event) => change('showHours', event.target.checked)}
        />
        Vis åbningstider på hjemmesiden
      </label>
      <div className="hours-grid">
        {WEEKDAYS.map((day) => (
          <Field
            key={day}
            label={day}
            value={form.hours[day]}
            placeholder="f.eks. 07:00 - 16:00 eller Lukket"
            onChange={(value) => change('hours', { ...form.hours, [day]: value })}
            error={errors[`hours.${day}`]}
          />
        ))}
      </div>
      <SaveBar state={state} dirty={dirty(TAB_FIELDS.hours)} />
      <SettingsPreview />
    </form>
  );
}
