/**
 * The bridge between the imperative public API (open/close, callable any time, even before the
 * UI has mounted) and the form's UI, which subscribes to it. Framework-free.
 */
import type { OpenOptions } from './arguments';

export interface OpenRequest extends OpenOptions {
  /** Changes on every open(), so the form remounts with fresh fields and the new presets. */
  readonly id: number;
  /** What had focus when the form opened; focus returns there when it closes. */
  readonly opener: HTMLElement | null;
}

export interface Controller {
  current(): OpenRequest | null;
  open(options: OpenOptions, opener: HTMLElement | null): void;
  close(): void;
  subscribe(listener: () => void): () => void;
}

export function createController(): Controller {
  let state: OpenRequest | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    current: () => state,
    open(options, opener) {
      // Reopening while open keeps the first opener: that is where the visitor came from.
      state = { ...options, id: nextId++, opener: state?.opener ?? opener };
      emit();
    },
    close() {
      if (!state) return;
      state = null;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
