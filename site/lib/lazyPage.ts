/**
 * Lazy page code with the seed's chunk-load rules (R-chunk-loading): a page's code that fails to load, or
 * takes longer than 120 seconds, ends in an error the page frame shows with a Retry button.
 */
import { useCallback, useEffect, useState, type ComponentType } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Resolves with the import's value, or rejects with a ChunkLoadError on failure or timeout. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading timed out after ${timeoutMs / 1000} seconds`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

export type PageModule<P> = { default: ComponentType<P> };
export type PageLoader<P> = () => Promise<PageModule<P>>;

export type LazyState<P> =
  { status: 'loading' } | { status: 'ready'; Component: ComponentType<P> } | { status: 'failed'; retry: () => void };

const loaded = new Map<PageLoader<never>, ComponentType<never>>();

type Outcome<P> =
  | { loader: PageLoader<P>; attempt: number; result: 'ready'; Component: ComponentType<P> }
  | { loader: PageLoader<P>; attempt: number; result: 'failed' };

/**
 * Loads a page's code ahead of rendering: the server loads every page once at start, and the
 * browser loads the current page's code before hydrating, so the first render is the page itself
 * (as the server rendered it), never the loading status.
 */
export async function preloadComponent<P>(loader: PageLoader<P>): Promise<void> {
  if (loaded.has(loader as PageLoader<never>)) return;
  const module = await loadWithTimeout(loader);
  loaded.set(loader as PageLoader<never>, module.default as ComponentType<never>);
}

/** Server only: the component a loader would yield, imported statically (renders are synchronous). */
export function primeComponent<P>(loader: PageLoader<P>, Component: ComponentType<P>): void {
  loaded.set(loader as PageLoader<never>, Component as ComponentType<never>);
}

/** The component a loader yields; loaded code is kept, so going back to a page is instant. */
export function useLazyComponent<P>(loader: PageLoader<P>): LazyState<P> {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<P> | null>(null);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const cached = loaded.get(loader as PageLoader<never>) as ComponentType<P> | undefined;
  useEffect(() => {
    if (loaded.has(loader as PageLoader<never>)) return;
    let live = true;
    loadWithTimeout(loader).then(
      (module) => {
        loaded.set(loader as PageLoader<never>, module.default as ComponentType<never>);
        if (live) setOutcome({ loader, attempt, result: 'ready', Component: module.default });
      },
      (error: unknown) => {
        console.warn('A page failed to load', error);
        if (live) setOutcome({ loader, attempt, result: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [loader, attempt]);
  // Derived from the current loader, so a previous page's outcome never shows for the next one.
  if (cached) return { status: 'ready', Component: cached };
  if (outcome && outcome.loader === loader && outcome.attempt === attempt) {
    return outcome.result === 'ready' ? { status: 'ready', Component: outcome.Component } : { status: 'failed', retry };
  }
  return { status: 'loading' };
}
