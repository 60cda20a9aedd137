// Settings › Åbningstider: whether the hours show on the site, and one text field per weekday.
import { type FormEvent, useState } from 'react';
import { WEEKDAYS } from '../../../../rules/hours';
import { Field } from '../../components/field';
import { SaveBar } from '../../components/save-bar';
import { useCompany } from '../../shell/company-context';
import { SettingsPreview } from './settings-preview';
import { useSettingsSave } from './use-settings-save';

export function HoursTab() {
  const { company } = useCompany();
  const [hours, setHours] = useState({ ...company.hours });
  const [showHours, setShowHours] = useState(company.showHours);
  const { state, errors, save } = useSettingsSave();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ hours, showHours });
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2>Åbningstider</h2>
      <label className="checkbox">
        <input type="checkbox" checked={showHours} onChange={(event) => setShowHours(event.target.checked)} />
        Vis åbningstider på hjemmesiden
      </label>
      <div className="hours-grid">
        {WEEKDAYS.map((day) => (
          <Field
            key={day}
            label={day}
            value={hours[day]}
            placeholder="f.eks. 07:00 - 16:00 eller Lukket"
            onChange={(value) => setHours((current) => ({ ...current, [day]: value }))}
            error={errors[`hours.${day}`]}
          />
        ))}
      </div>
      <SaveBar state={state} />
      <SettingsPreview draft={{ hours, showHours }} />
    </form>
  );
}
