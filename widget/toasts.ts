/**
 * The widget's toasts (requirements R-toasts: bottom-left, closing after 5 seconds), as a tiny store. Our
 * own rather than react-toastify: it costs a fraction of the bytes. Where they sit (the viewport's
 * bottom-left, in the top layer above the open form, never over Close or Submit) is
 * widget/ui/Toasts.tsx, toast-room.ts and toast.css.
 */

export type ToastKind = 'success' | 'error';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: string;
}

export const TOAST_MS = 5000;
/** At most this many at once; the oldest goes first. */
const LIMIT = 3;

export interface ToastStore {
  list(): readonly Toast[];
  show(kind: ToastKind, message: string): void;
  dismiss(id: number): void;
  /** Removes every toast of a kind (a success clears earlier errors), or all. */
  clear(kind?: ToastKind): void;
  subscribe(listener: () => void): () => void;
}

export function createToastStore(autoCloseMs = TOAST_MS): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const set = (next: readonly Toast[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };
  const store: ToastStore = {
    list: () => toasts,
    show(kind, message) {
      const toast = { id: nextId++, kind, message };
      set([...toasts, toast].slice(-LIMIT));
      setTimeout(() => store.dismiss(toast.id), autoCloseMs);
    },
    dismiss(id) {
      if (toasts.some((t) => t.id === id)) set(toasts.filter((t) => t.id !== id));
    },
    clear(kind) {
      set(kind ? toasts.filter((t) => t.kind !== kind) : []);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
