/**
 * The event as it is now, after a registration made on its page (issue 31): the widget's form
 * says a registration ended with its `collegeinquiry:submit` window event (widget/api.ts; a
 * refused one, e.g. the last seat just taken, with `collegeinquiry:error`), and the page reads
 * the event again so its seat count and its button follow. The server's HTML and the first view
 * use the answer the page carries; this only loads after a registration.
 */
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../../src/api-client';
import { eventPaths, type PublicEvent } from '../../../../src/events-contract';
import { API_BASE } from '../../../lib/api';

/** The widget's window events (widget/api.ts WINDOW_EVENT_PREFIX), read without importing the widget. */
const REGISTRATION_ENDED = ['collegeinquiry:submit', 'collegeinquiry:error'] as const;

const isAbout = (event: Event, id: string): boolean => {
  const detail = (event as CustomEvent<{ kind?: string; event?: string | number } | null>).detail;
  return detail?.kind === 'registration' && String(detail.event) === id;
};

export function useEventAfterRegistration(event: PublicEvent): PublicEvent {
  const [fresh, setFresh] = useState<PublicEvent | null>(null);
  const { id, slug } = event;
  useEffect(() => {
    const controller = new AbortController();
    const reload = (ended: Event) => {
      if (!isAbout(ended, id)) return;
      // The public answer may be kept 15 s by the browser: this read must be the server's own.
      apiFetch<PublicEvent>(API_BASE, eventPaths.bySlug(slug), {
        signal: controller.signal,
        headers: { 'Cache-Control': 'no-cache' },
      }).then(
        (value) => {
          if (!controller.signal.aborted) setFresh(value);
        },
        () => undefined, // the count stays as it was; a reload shows the right one
      );
    };
    for (const name of REGISTRATION_ENDED) window.addEventListener(name, reload);
    return () => {
      controller.abort();
      for (const name of REGISTRATION_ENDED) window.removeEventListener(name, reload);
    };
  }, [id, slug]);
  return fresh?.id === id ? fresh : event;
}
