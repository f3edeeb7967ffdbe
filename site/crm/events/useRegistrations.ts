/**
 * The check-in screen's data: the event (with its counts) and the registrants matching `q`. It
 * re-reads when `q` changes (the previous request is aborted), every 20 seconds while the tab is
 * shown (another phone at the door checks people in too), and on `refresh()` after an action,
 * which resolves with the new answer so the caller can announce the new counts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CrmRegistrationList } from '../../../src/events-contract';
import { errorMessage, withPhones } from '../shared/api';
import { fetchRegistrations } from './events-api';

const POLL_MS = 20_000;

export function useRegistrations(eventId: string, q: string) {
  const [data, setData] = useState<CrmRegistrationList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<AbortController | null>(null);

  const refresh = useCallback(async (): Promise<CrmRegistrationList | null> => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    try {
      // With the phone formatter in, so a number is never drawn first as stored.
      const answer = await withPhones(fetchRegistrations(eventId, q.trim(), controller.signal));
      setData(answer);
      setError(null);
      return answer;
    } catch (caught) {
      if (!controller.signal.aborted) setError(errorMessage(caught));
      return null;
    }
  }, [eventId, q]);

  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, POLL_MS);
    return () => {
      window.clearInterval(timer);
      current.current?.abort();
    };
  }, [refresh]);

  return { data, error, refresh };
}
