// Settings › Kontakt: phone, e-mail, address, postal code and city shown on the site.
import type { FormEvent } from 'react';
import { Field } from '../../components/field';
import { SaveBar } from '../../components/save-bar';
import { TAB_FIELDS } from './settings-draft';
import { useSettingsEditor } from './settings-editor';

export function ContactTab() {
  const { form, change, state, errors, save, dirty } = useSettingsEditor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(TAB_FIELDS.contact);
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2>Kontaktoplysninger</h2>
      <p className="field-hint">Vises i Kontakt-sektionen og i bunden af alle dine sider.</p>
      <Field
        label="Telefon"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="Dansk nummer med 8 cifre, gerne med +45 foran, f.eks. 70 20 30 40"
        value={form.phone}
        onChange={(value) => change('phone', value)}
        error={errors.phone}
      />
      <Field
        label="E-mail"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={(value) => change('email', value)}
        error={errors.email}
      />
      <Field
        label="Adresse"
        autoComplete="street-address"
        value={form.address}
        onChange={(value) => change('address', value)}
        error={errors.address}
      />
      <div className="field-row">
        <Field
          label="Postnummer"
          inputMode="numeric"
          autoComplete="postal-code"
          hint="4 cifre"
          value={form.zipcode}
          onChange={(value) => change('zipcode', value)}
          error={errors.zipcode}
        />
        <Field
          label="By"
          autoComplete="address-level2"
          value={form.city}
          onChange={(value) => change('city', value)}
          error={errors.city}
        />
      </div>
      <SaveBar state={state} dirty={dirty(TAB_FIELDS.contact)} />
    </form>
  );
}
