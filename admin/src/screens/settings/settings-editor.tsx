// The settings screen's editor (the spec's Calls settings save, issue 40): the working copy of every tab's
// fields (settings-draft.ts), one save for them — checked with the API's own schema first (same
// messages), then PUT /api/company/settings, the saved company replacing the shell's copy — and its
// place among the editors that ask before their changes are left (components/unsaved-changes.tsx).
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { settingsSchema } from '../../../../contracts/company';
import { MESSAGES } from '../../../../rules/messages';
import { api } from '../../api/client';
import { type FieldErrors, validate } from '../../components/form-errors';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { type SaveState, useSaveState } from '../../components/use-save-state';
import { useCompany } from '../../shell/company-context';
import {
  changedSettings,
  editsAfterSave,
  formFrom,
  type SettingsEdits,
  type SettingsField,
  type SettingsForm,
  settingsBody,
} from './settings-draft';

interface SettingsEditorValue {
  /** The fields as shown: the owner's edits over the stored company. */
  form: SettingsForm;
  change<K extends SettingsField>(key: K, value: SettingsForm[K]): void;
  /** The unsaved changes (also what the preview shows over the stored company). */
  changes: SettingsEdits;
  /** Whether any of `fields` holds an unsaved change. */
  dirty(fields: readonly SettingsField[]): boolean;
  /** Saves `fields` as shown, with every other unsaved change; false when refused. */
  save(fields: readonly SettingsField[]): Promise<boolean>;
  state: SaveState;
  errors: FieldErrors;
}

const SettingsEditorContext = createContext<SettingsEditorValue | null>(null);

export function useSettingsEditor(): SettingsEditorValue {
  const value = useContext(SettingsEditorContext);
  if (!value) throw new Error('useSettingsEditor outside the settings screen');
  return value;
}

interface ProviderProps {
  /** The shown tab's fields: what the leave question's "Gem" saves with the other changes. */
  fields: readonly SettingsField[];
  children: ReactNode;
}

export function SettingsEditorProvider({ fields, children }: ProviderProps) {
  const { company, setCompany } = useCompany();
  const [edits, setEdits] = useState<SettingsEdits>({});
  const { state, run, clear, reset } = useSaveState();
  const [errors, setErrors] = useState<FieldErrors>({});
  // Another tab: the last save's outcome and messages were about the one before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the shown tab's fields are the signal.
  useEffect(() => {
    reset();
    setErrors({});
  }, [fields, reset]);
  // The save reads the newest edits and company, also when the leave question calls it.
  const latest = useRef({ edits, company });
  latest.current = { edits, company };

  const changes = useMemo(() => changedSettings(edits, company), [edits, company]);
  const form = useMemo(() => ({ ...formFrom(company), ...edits }), [edits, company]);

  const change = useCallback(
    <K extends SettingsField>(key: K, value: SettingsForm[K]) => {
      // An edit makes "Ændringer gemt!" untrue of the form.
      clear();
      setEdits((current) => ({ ...current, [key]: value }));
    },
    [clear],
  );

  const save = useCallback(
    async (saveFields: readonly SettingsField[]): Promise<boolean> => {
      const body = settingsBody(latest.current.edits, latest.current.company, saveFields);
      const checked = validate(settingsSchema, body);
      if (!checked.ok) {
        setErrors(checked.errors);
        clear();
        return false;
      }
      setErrors({});
      return run(async () => {
        const saved = await api.put('/company/settings', MESSAGES.saveFailed, body);
        setCompany(saved);
        setEdits((current) => editsAfterSave(current, body));
      });
    },
    [clear, run, setCompany],
  );

  const discard = useCallback(() => {
    setEdits({});
    setErrors({});
  }, []);

  const unsaved = Object.keys(changes).length > 0;
  useUnsavedChanges({ dirty: unsaved, save: () => save(fields), discard });

  const value = useMemo<SettingsEditorValue>(
    () => ({
      form,
      change,
      changes,
      dirty: (of) => of.some((field) => field in changes),
      save,
      state,
      errors,
    }),
    [form, change, changes, save, state, errors],
  );
  return <SettingsEditorContext.Provider value={value}>{children}</SettingsEditorContext.Provider>;
}
