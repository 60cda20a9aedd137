// Loads one thing from the API for a screen: data, the error message to show, and reload/replace.
// A 401 means the session ended: the auth state turns signed-out and the guard sends to the login.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { ApiError } from './client';

export interface Resource<T> {
  data: T | null;
  /** The Danish message of the last failed load, or null. */
  error: string | null;
  loading: boolean;
  reload(): Promise<void>;
  /** Replace the data after a save, without asking the API again. */
  setData(next: T | ((current: T | null) => T)): void;
}

export function useResource<T>(load: () => Promise<T>): Resource<T> {
  const { sessionEnded } = useAuth();
  const [data, setDataState] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  const live = useRef(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const next = await loadRef.current();
      if (!live.current) return;
      setDataState(next);
      setError(null);
    } catch (caught) {
      if (!live.current) return;
      if (caught instanceof ApiError && caught.status === 401) sessionEnded();
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      if (live.current) setLoading(false);
    }
  }, [sessionEnded]);

  useEffect(() => {
    live.current = true;
    void reload();
    return () => {
      live.current = false;
    };
  }, [reload]);

  const setData = useCallback((next: T | ((current: T | null) => T)) => {
    setDataState((current) => (typeof next === 'function' ? (next as (c: T | null) => T)(current) : next));
  }, []);

  return { data, error, loading, reload, setData };
}
