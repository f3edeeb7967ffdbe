/**
 * The event a registration form is for: GET {api}/events/:id, started by register() in the
 * loader in parallel with the form code (course-source.ts takes that answer once). 'missing' is
 * an id the server does not know (or an unusable one, which is not asked for); 'failed' is
 * everything else (network, time limit, server), which the form offers to retry.
 */
import { useEffect, useState } from 'react';
import { eventPaths, type PublicEvent } from '../../src/events-contract';
import type { CourseList } from '../course-source';
import { REQUEST_TIMEOUT_MS } from '../submit-lead';

export type EventLoad =
  { state: 'loading' } | { state: 'ready'; event: PublicEvent } | { state: 'missing' } | { state: 'failed'; retry(): void };

export function useEvent(source: CourseList, eventId: string): EventLoad {
  const [load, setLoad] = useState<EventLoad>(eventId ? { state: 'loading' } : { state: 'missing' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!eventId) return;
    const controller = new AbortController();
    const failed = (): EventLoad => ({ state: 'failed', retry: () => setAttempt((n) => n + 1) });
    // Cancelled (the form closed, or a retry replaced this request) vs timed out: only the latter is a failure.
    let cancelled = false;
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    setLoad({ state: 'loading' });
    source(eventPaths.byId(eventId), controller.signal)
      .then((body) => setLoad(isEvent(body) ? { state: 'ready', event: body } : failed()))
      .catch((error: unknown) => {
        if (cancelled) return;
        if (statusOf(error) === 404) return setLoad({ state: 'missing' });
        console.warn(`[CollegeInquiry] could not load event ${eventId}:`, error instanceof Error ? error.message : error);
        setLoad(failed());
      })
      .finally(() => clearTimeout(timer));
    return () => {
      cancelled = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [source, eventId, attempt]);
  return load;
}

function isEvent(body: unknown): body is PublicEvent {
  const event = body as PublicEvent | null;
  return Boolean(event) && typeof event?.title === 'string' && typeof event.starts_at === 'string' && Array.isArray(event.courses);
}

/**
 * The HTTP status of a failed request. Read from the error, not by `instanceof ApiError`: the
 * early request was made by the loader, whose bundle has its own copy of the ApiError class.
 */
function statusOf(error: unknown): number | null {
  const status = error && typeof error === 'object' && 'status' in error ? (error as { status: unknown }).status : null;
  return typeof status === 'number' ? status : null;
}
