// 'Gem ændringer' / 'Gemmer...', then 'Ændringer gemt!' for 3 seconds, or the failure (SPEC §2, §8).
import { MESSAGES } from '../../../rules/messages';
import type { SaveState } from './use-save-state';

export function SaveBar({ state, disabled = false }: { state: SaveState; disabled?: boolean }) {
  return (
    <div className="save-bar">
      <button type="submit" className="button" disabled={disabled || state.status === 'saving'}>
        {state.status === 'saving' ? 'Gemmer...' : 'Gem ændringer'}
      </button>
      <span aria-live="polite">
        {state.status === 'saved' ? <span className="save-ok">{MESSAGES.saveSuccess}</span> : null}
      </span>
      {state.status === 'failed' ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
