// Nothing lost (issue 40): every editor with a save button tells the shell whether it holds unsaved
// changes (`useUnsavedChanges`), and the shell asks before anything throws them away — one question,
// "Du har ændringer, der ikke er gemt", with "Gem", "Kassér" and "Bliv":
// - a navigation inside the admin (a menu link, another page or settings tab, the browser's back
//   button) through the router's one blocker (`useBlocker`, a data router's feature: routes.tsx
//   makes the router with createBrowserRouter);
// - a step the shell takes itself, like "Log ud", through `useConfirmLeave()`;
// - a reload, a closed tab or another site: the browser's own prompt (beforeunload), the only
//   question a browser allows there.
// A router supports one blocker, so the editors do not block: they register here, and the blocker
// asks the registry at the moment of the navigation. A new editor gets all of it by calling the hook.
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { UNSAVED_MESSAGES } from '../../../rules/messages';
import { useModalDialog } from './use-modal-dialog';

export interface UnsavedEditor {
  /** Whether the editor holds changes that are not saved. */
  dirty: boolean;
  /** Saves them as the editor's own save button would; false when refused (the owner stays). */
  save(): Promise<boolean>;
  /** Throws them away (the editor shows what is stored again). */
  discard(): void;
}

type Choice = 'save' | 'discard' | 'stay';

interface UnsavedChangesValue {
  register(editor: { current: UnsavedEditor }): () => void;
  /** Asks when anything is unsaved; resolves true when the owner may go on (saved or discarded). */
  confirmLeave(): Promise<boolean>;
}

const UnsavedChangesContext = createContext<UnsavedChangesValue | null>(null);

/**
 * Registers an editor for as long as it is shown; the latest `editor` is read at each question.
 * `forget()` counts it clean at once, until it renders again: for a step that makes its changes moot
 * and navigates before React renders (its page was deleted).
 */
export function useUnsavedChanges(editor: UnsavedEditor): { forget(): void } {
  const context = useContext(UnsavedChangesContext);
  const latest = useRef(editor);
  useLayoutEffect(() => {
    latest.current = editor;
  });
  useEffect(() => context?.register(latest), [context]);
  return useMemo(() => ({ forget: () => markClean(latest) }), []);
}

/** Saved or discarded: clean now, not only once the editor has rendered its new state. */
function markClean(entry: { current: UnsavedEditor }) {
  entry.current = { ...entry.current, dirty: false };
}

/** For a step that leaves the editors without a navigation the router sees (e.g. logging out). */
export function useConfirmLeave(): () => Promise<boolean> {
  const context = useContext(UnsavedChangesContext);
  return context?.confirmLeave ?? (() => Promise.resolve(true));
}

/** Same path and query: no editor is left (a hash or a replaced state is no leaving). */
function samePlace(a: { pathname: string; search: string }, b: { pathname: string; search: string }) {
  return a.pathname === b.pathname && a.search === b.search;
}

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const editors = useRef(new Set<{ current: UnsavedEditor }>());
  const dirtyEditors = useCallback(() => [...editors.current].filter((entry) => entry.current.dirty), []);
  // The open question: how to go on once the owner has chosen.
  const [question, setQuestion] = useState<{ settle(leave: boolean): void } | null>(null);
  const [saving, setSaving] = useState(false);
  const asking = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      !samePlace(currentLocation, nextLocation) && dirtyEditors().length > 0,
    [dirtyEditors],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    setQuestion({ settle: (leave) => (leave ? blocker.proceed() : blocker.reset()) });
  }, [blocker]);

  // Reload, closing the tab, typing another address: the browser asks in its own words.
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (dirtyEditors().length === 0) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [dirtyEditors]);

  const answer = useCallback(
    async (choice: Choice) => {
      if (!question) return;
      let leave = choice !== 'stay';
      if (choice === 'discard') {
        for (const entry of dirtyEditors()) {
          entry.current.discard();
          markClean(entry);
        }
      } else if (choice === 'save') {
        setSaving(true);
        for (const entry of dirtyEditors()) {
          // A refused save shows its message in the editor; the owner stays to read it.
          if (!(await entry.current.save().catch(() => false))) {
            leave = false;
            break;
          }
          markClean(entry);
        }
        setSaving(false);
      }
      asking.current = false;
      setQuestion(null);
      question.settle(leave);
    },
    [question, dirtyEditors],
  );

  const value = useMemo<UnsavedChangesValue>(
    () => ({
      register(entry) {
        editors.current.add(entry);
        return () => {
          editors.current.delete(entry);
        };
      },
      confirmLeave() {
        if (asking.current) return Promise.resolve(false);
        if (dirtyEditors().length === 0) return Promise.resolve(true);
        asking.current = true;
        return new Promise<boolean>((resolve) => setQuestion({ settle: resolve }));
      },
    }),
    [dirtyEditors],
  );

  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      <LeaveDialog open={question !== null} saving={saving} onAnswer={(choice) => void answer(choice)} />
    </UnsavedChangesContext.Provider>
  );
}

/** The one question (a native modal <dialog>: focus moves in and stays, Escape is "Bliv"). */
function LeaveDialog({
  open,
  saving,
  onAnswer,
}: {
  open: boolean;
  saving: boolean;
  onAnswer(choice: Choice): void;
}) {
  const stay = useCallback(() => {
    if (!saving) onAnswer('stay');
  }, [saving, onAnswer]);
  const ref = useModalDialog(open, stay);
  const keep = useRef<HTMLButtonElement>(null);
  // Focus starts on the answer that keeps the work.
  useEffect(() => {
    if (open) keep.current?.focus();
  }, [open]);
  return (
    <dialog ref={ref} className="leave-dialog" aria-labelledby="leave-title" aria-describedby="leave-message">
      <h2 id="leave-title">{UNSAVED_MESSAGES.leaveTitle}</h2>
      <p id="leave-message">{UNSAVED_MESSAGES.leaveQuestion}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={stay} disabled={saving}>
          Bliv
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onAnswer('discard')}
          disabled={saving}
        >
          Kassér
        </button>
        <button
          type="button"
          className="button"
          ref={keep}
          onClick={() => onAnswer('save')}
          disabled={saving}
        >
          {saving ? 'Gemmer...' : 'Gem'}
        </button>
      </div>
    </dialog>
  );
}

/** "Ikke gemt" beside an editor's save button while it holds unsaved changes. */
export function UnsavedMark({ dirty }: { dirty: boolean }) {
  return dirty ? <span className="unsaved-mark">Ikke gemt</span> : null;
}
