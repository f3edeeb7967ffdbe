/**
 * Loads an API answer in the browser only, after hydration. For the event lists on pages the
 * server keeps rendered per catalogue version (a program's page, the calendar): events change
 * with every edit and registration, so they are left out of those pages' cached HTML (both
 * renders start empty, so hydration matches) and the list arrives a moment later.
 */
import { useEffect, useState } from 'react';
import type { ApiRequest } from '../../../lib/api';

export function useClientApi<T>(request: ApiRequest<T>): T | null {
  const [data, setData] = useState<{ path: string; value: T } | null>(null);
  const path = request.path;
  useEffect(() => {
    const controller = new AbortController();
    request.load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setData({ path, value });
      },
      () => undefined, // a list beside the page's own content: on failure it simply does not show
    );
    return () => controller.abort();
    // `request` is a fresh object on every render; its path says when its inputs changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return data?.path === path ? data.value : null;
}
