/**
 * Loads one API answer for a page: `{ status, data, error }`, re-fetched when `key` changes and
 * aborted when the page goes away. Pages render the 404 page when `error.status` is 404.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../../src/api-client';

export type ApiState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: ApiError };

const LOADING = { status: 'loading', data: null, error: null } as const;

export function useApi<T>(key: string, load: (signal: AbortSignal) => Promise<T>): ApiState<T> {
  const [state, setState] = useState<ApiState<T>>(LOADING);
  useEffect(() => {
    const controller = new AbortController();
    setState(LOADING);
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const apiError = error instanceof ApiError ? error : new ApiError('Something went wrong. Please try again.', 0, null);
        setState({ status: 'error', data: null, error: apiError });
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure on every render; `key` says when its inputs changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

export function isNotFound(state: ApiState<unknown>): boolean {
  return state.status === 'error' && state.error.status === 404;
}
