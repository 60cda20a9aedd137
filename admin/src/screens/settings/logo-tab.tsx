// Settings › Logo: the current logo (or the name's initial, as the site shows it), upload with
// progress, and removal. The logo is saved alone ({logo}, the spec's Calls) and published at once.
import { type ChangeEvent, useRef, useState } from 'react';
import { MESSAGES } from '../../../../rules/messages';
import { COMPANY_MESSAGES } from '../../../../rules/settings-messages';
import { UPLOAD_MESSAGES } from '../../../../rules/upload-messages';
import { api, uploadForm } from '../../api/client';
import { useCompany } from '../../shell/company-context';
import { SettingsPreview } from './settings-preview';

type LogoState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'removing' }
  | { status: 'done'; message: string }
  | { status: 'failed'; error: string };

export function LogoTab() {
  const { company, setCompany } = useCompany();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<LogoState>({ status: 'idle' });
  const busy = state.status === 'uploading' || state.status === 'removing';

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setState({ status: 'failed', error: UPLOAD_MESSAGES.notAnImage });
      return;
    }
    setState({ status: 'uploading', progress: 0 });
    const form = new FormData();
    form.append('file', file);
    try {
      const saved = await uploadForm('/company/logo', form, MESSAGES.logoUploadFailed, (progress) =>
        setState({ status: 'uploading', progress }),
      );
      setCompany({ ...company, logo: saved.logo });
      setState({ status: 'done', message: COMPANY_MESSAGES.logoSaved });
    } catch (error) {
      setState({
        status: 'failed',
        error: error instanceof Error ? error.message : MESSAGES.logoUploadFailed,
      });
    }
  };

  const remove = async () => {
    setState({ status: 'removing' });
    try {
      await api.delete('/company/logo', MESSAGES.updateFailed);
      setCompany({ ...company, logo: null });
      setState({ status: 'done', message: COMPANY_MESSAGES.logoRemoved });
    } catch (error) {
      setState({ status: 'failed', error: error instanceof Error ? error.message : MESSAGES.updateFailed });
    }
  };

  return (
    <div>
      <h2>Logo</h2>
      <div className="logo-current">
        {company.logo ? (
          <img src={company.logo} alt={`Logo for ${company.name}`} className="logo-image" />
        ) : (
          <span className="logo-initial" aria-hidden="true">
            {company.name.trim().charAt(0).toUpperCase() || '?'}
          </span>
        )}
        <p className="field-hint">
          {company.logo
            ? 'Dit nuværende logo.'
            : 'Du har intet logo endnu. Hjemmesiden viser forbogstavet i firmanavnet.'}{' '}
          Brug gerne et PNG med gennemsigtig baggrund, mindst 200 pixel bredt.
        </p>
      </div>
      {/* The button below opens the picker; hidden from screen readers so it is no second, unlabelled control. */}
      <input
        ref={input}
        id="logo-upload"
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void upload(event)}
      />
      <div className="save-bar">
        <button type="button" className="button" disabled={busy} onClick={() => input.current?.click()}>
          {state.status === 'uploading' ? 'Uploader...' : company.logo ? 'Skift logo' : 'Upload logo'}
        </button>
        {company.logo ? (
          <button type="button" className="button button-ghost" disabled={busy} onClick={() => void remove()}>
            {state.status === 'removing' ? 'Fjerner...' : 'Fjern logo'}
          </button>
        ) : null}
      </div>
      {state.status === 'uploading' ? (
        <progress max={1} value={state.progress} aria-label="Upload af logo" className="upload-bar" />
      ) : null}
      <p aria-live="polite">
        {state.status === 'done' ? <span className="save-ok">{state.message}</span> : null}
      </p>
      {state.status === 'failed' ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <SettingsPreview />
    </div>
  );
}
