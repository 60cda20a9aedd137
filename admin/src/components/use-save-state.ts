// The save flag of the editors (the spec's States): idle, saving, saved (shown 3 seconds, then cleared); a
// failed save keeps its error until the next attempt. A save the form refuses before sending, or an
// edit after a save, clears "saved" at once (`clear`): "Ændringer gemt!" beside "Navn i menuen skal
// udfyldes" would claim a save that never happened (issue 28).
import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../rules/messages';

const SAVED_INDICATOR_MS = 3000;

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved' }
  | { status: 'failed'; error: string };

export function useSaveState() {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** Runs `save`, tracking its state; resolves to whether it succeeded. */
  const run = useCallback(async (save: () => Promise<unknown>): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    setState({ status: 'saving' });
    try {
      await save();
      setState({ status: 'saved' });
      timer.current = setTimeout(() => setState({ status: 'idle' }), SAVED_INDICATOR_MS);
      return true;
    } catch (error) {
      setState({ status: 'failed', error: error instanceof Error ? error.message : MESSAGES.saveFailed });
      return false;
    }
  }, []);

  /** Forgets a shown "saved" (a refused save, an edit since); a failure or a running save stays. */
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setState((current) => (current.status === 'saved' ? { status: 'idle' } : current));
  }, []);

  /** Forgets the outcome altogether (the form it belonged to is no longer shown). */
  const reset = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setState((current) => (current.status === 'saving' ? current : { status: 'idle' }));
  }, []);

  return { state, run, clear, reset };
}
