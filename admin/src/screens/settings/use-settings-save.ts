// Saving one settings tab (SPEC §7 settings save): the tab's fields are checked with the API's own
// schema first (same messages), then PUT /api/company/settings; the saved company replaces the
// shell's copy, so every screen shows what is stored.
import { useState } from 'react';
import { type SettingsInput, settingsSchema } from '../../../../contracts/company';
import { MESSAGES } from '../../../../rules/messages';
import { api } from '../../api/client';
import { type FieldErrors, validate } from '../../components/form-errors';
import { useSaveState } from '../../components/use-save-state';
import { useCompany } from '../../shell/company-context';

export function useSettingsSave() {
  const { setCompany } = useCompany();
  const { state, run, clear } = useSaveState();
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = async (input: SettingsInput): Promise<boolean> => {
    const checked = validate(settingsSchema, input);
    if (!checked.ok) {
      setErrors(checked.errors);
      clear();
      return false;
    }
    setErrors({});
    return run(async () => {
      const saved = await api.put('/company/settings', MESSAGES.saveFailed, input);
      setCompany(saved);
    });
  };

  return { state, errors, save };
}
