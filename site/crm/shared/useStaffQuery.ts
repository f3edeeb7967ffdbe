/**
 * Loads staff data for a screen: re-runs when `key` changes, aborts the previous request, and
 * exposes loading / error / data. `reload` fetches again (after a change was saved).
 */
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './api';

export interface StaffQuery<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

export function useStaffQuery<T>(load: (signal: AbortSignal) => Promise<T>, key: string): StaffQuery<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    load(controller.signal)
      .then((answer) => {
        setData(answer);
        setLoading(false);
      })
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorMessage(caught));
        setLoading(false);
      });
    return () => controller.abort();
    // `load` is a fresh closure every render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  return { data, error, loading, reload };
}
