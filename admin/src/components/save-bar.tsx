// 'Gem ændringer' / 'Gemmer...', then 'Ændringer gemt!' for 3 seconds, or the failure (SPEC §2, §8);
// "Ikke gemt" while the editor holds changes not saved (issue 40), never beside "Ændringer gemt!".
import { MESSAGES } from '../../../rules/messages';
import { UnsavedMark } from './unsaved-changes';
import type { SaveState } from './use-save-state';

interface SaveBarProps {
  state: SaveState;
  disabled?: boolean;
  /** The editor holds unsaved changes. */
  dirty?: boolean;
}

export function SaveBar({ state, disabled = false, dirty = false }: SaveBarProps) {
  const unsaved = dirty && state.status !== 'saving';
  return (
    <div className="save-bar">
      <button type="submit" className="button" disabled={disabled || state.status === 'saving'}>
        {state.status === 'saving' ? 'Gemmer...' : 'Gem ændringer'}
      </button>
      <UnsavedMark dirty={unsaved} />
      <span aria-live="polite">
        {state.status === 'saved' && !unsaved ? (
          <span className="save-ok">{MESSAGES.saveSuccess}</span>
        ) : null}
      </span>
      {state.status === 'failed' ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
