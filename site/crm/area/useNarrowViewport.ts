/** Whether the window is narrower than a tablet (issue 31: the CRM menu starts closed there), kept current on resize. */
import { useSyncExternalStore } from 'react';

/** Phones: the width where the CRM's CSS turns the sidebar into a bar under the header (50-crm.css). */
export const NARROW_VIEWPORT = '(max-width: 760px)';

const query = () => window.matchMedia(NARROW_VIEWPORT);

function subscribe(onChange: () => void): () => void {
  const list = query();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useNarrowViewport(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query().matches,
    () => false,
  );
}
