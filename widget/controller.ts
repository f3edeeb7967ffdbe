/**
 * The bridge between the imperative public API (open/register/close, callable any time, even
 * before the UI has mounted) and the dialog's UI, which subscribes to it. Framework-free.
 * One dialog shows either the Student Inquiry Form (open()) or an event's registration form
 * (register()); a registration request is the one that carries an `eventId`.
 */
import type { OpenOptions } from './arguments';

/** What register() asked for: the event (a decimal id, '' when the id given was unusable) and where to go after. */
export interface RegisterOptions {
  eventId: string;
  redirect: string | null;
}

interface RequestMeta {
  /** Changes on every open() or register(), so the form remounts with fresh fields and the new presets. */
  readonly id: number;
  /** What had focus when the form opened; focus returns there when it closes. */
  readonly opener: HTMLElement | null;
}

/** The inquiry form's request: exactly open()'s options (its shape is pinned by tests and events). */
export type InquiryRequest = OpenOptions & RequestMeta & { readonly eventId?: undefined };
export type RegisterRequest = RegisterOptions & RequestMeta;
export type OpenRequest = InquiryRequest | RegisterRequest;

export const isRegistration = (request: OpenRequest): request is RegisterRequest => request.eventId !== undefined;

export interface Controller {
  current(): OpenRequest | null;
  open(options: OpenOptions, opener: HTMLElement | null): void;
  register(options: RegisterOptions, opener: HTMLElement | null): void;
  close(): void;
  subscribe(listener: () => void): () => void;
}

export function createController(): Controller {
  let state: OpenRequest | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const show = (options: OpenOptions | RegisterOptions, opener: HTMLElement | null) => {
    // Reopening while open keeps the first opener: that is where the visitor came from.
    state = { ...options, id: nextId++, opener: state?.opener ?? opener };
    emit();
  };
  return {
    current: () => state,
    open: show,
    register: show,
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
