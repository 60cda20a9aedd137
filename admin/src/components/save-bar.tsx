// 'Gem ændringer' / 'Gemmer...', then 'Ændringer gemt!' for 3 seconds, or the failure (the spec's Screens, Error catalogue);
// "Ikke gemt" while the editor holds changes not saved (issue 40), never beside "Ændringer gemt!".
import { MESSAGES } from '../../../rules/messages';
import { UnsavedMark } from './unsaved-changes';
import type { SaveState } from './use-save-state';

interface SaveBarProps {
  state: SaveState;
  disabled?: boolean;
  /** The editor holds unsaved changes. */
  dirty?: boolean;
  /** Where the saved thing is seen on the site: "Ændringer gemt!" then links there (issue 49). */
  viewHref?: string;
}

export function SaveBar({ state, disabled = false, dirty = false, viewHref }: SaveBarProps) {
  const unsaved = dirty && state.status !== 'saving';
  return (
    <div className="save-bar">
      <button type="submit" className="button" disabled={disabled || state.status === 'saving'}>
        {state.status === 'saving' ? 'Gemmer...' : 'Gem ændringer'}
      </button>
      <UnsavedMark dirty={unsaved} />
      <span aria-live="polite">
        {state.status === 'saved' && !unsaved ? (
          <>
            <span className="save-ok">{MESSAGES.saveSuccess}</span>
            {viewHref ? (
              <>
                {' '}
                <a href={viewHref} target="_blank" rel="noopener">
                  Se siden på hjemmesiden
                </a>
              </>
            ) : null}
          </>
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
