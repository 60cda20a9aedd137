// Settings › Kontakt: phone, e-mail, address, postal code and city shown on the site.
import { type FormEvent, useState } from 'react';
import { Field } from '../../components/field';
import { SaveBar } from '../../components/save-bar';
import { useCompany } from '../../shell/company-context';
import { useSettingsSave } from './use-settings-save';

export function ContactTab() {
  const { company } = useCompany();
  const [form, setForm] = useState({
    phone: company.phone,
    email: company.email,
    address: company.address,
    zipcode: company.zipcode,
    city: company.city,
  });
  const { state, errors, save } = useSettingsSave();
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(form);
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
        onChange={set('phone')}
        error={errors.phone}
      />
      <Field
        label="E-mail"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Field
        label="Adresse"
        autoComplete="street-address"
        value={form.address}
        onChange={set('address')}
        error={errors.address}
      />
      <div className="field-row">
        <Field
          label="Postnummer"
          inputMode="numeric"
          autoComplete="postal-code"
          hint="4 cifre"
          value={form.zipcode}
          onChange={set('zipcode')}
          error={errors.zipcode}
        />
        <Field
          label="By"
          autoComplete="address-level2"
          value={form.city}
          onChange={set('city')}
          error={errors.city}
        />
      </div>
      <SaveBar state={state} />
    </form>
  );
}
