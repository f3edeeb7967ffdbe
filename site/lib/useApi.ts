/**
 * Loads one API answer for a page: `{ status, data, error }`, re-fetched when the request's path
 * changes and aborted when the page goes away. An answer the page was server-rendered with (see
 * pageData.ts) is used at once, so hydration matches and the first view makes no call.
 * A 404 or 410 answer is shown by site/public/MissingPage.tsx.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../../src/api-client';
import type { ApiRequest } from './api';
import { pageDataFor, type PageData } from './pageData';

export type ApiState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: ApiError };

const LOADING = { status: 'loading', data: null, error: null } as const;

function fromPageData<T>(answer: PageData | undefined): ApiState<T> | null {
  if (!answer) return null;
  // The answer holds exactly the JSON the API answers for this path, whose type the request names.
  if (answer.ok) return { status: 'ready', data: answer.data as T, error: null };
  return { status: 'error', data: null, error: new ApiError(answer.message, answer.status, answer.body ?? null) };
}

export function useApi<T>(request: ApiRequest<T>): ApiState<T> {
  const key = request.path;
  const [held, setHeld] = useState<{ key: string; state: ApiState<T> }>(() => ({
    key,
    state: fromPageData<T>(pageDataFor(key)) ?? LOADING,
  }));
  useEffect(() => {
    const embedded = fromPageData<T>(pageDataFor(key));
    if (embedded) {
      setHeld({ key, state: embedded });
      return;
    }
    const controller = new AbortController();
    setHeld({ key, state: LOADING });
    request.load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setHeld({ key, state: { status: 'ready', data, error: null } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const apiError = error instanceof ApiError ? error : new ApiError('Something went wrong. Please try again.', 0, null);
        setHeld({ key, state: { status: 'error', data: null, error: apiError } });
      },
    );
    return () => controller.abort();
    // `request` is a fresh object on every render; its path says when its inputs changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (held.key === key) return held.state;
  return fromPageData<T>(pageDataFor(key)) ?? LOADING;
}
