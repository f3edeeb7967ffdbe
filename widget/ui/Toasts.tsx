/** The toast region: each toast an alert with its own close button (see widget/toasts.ts). */
import { useEffect, useState } from 'react';
import type { ToastStore } from '../toasts';

export function Toasts({ store, inline }: { store: ToastStore; inline: boolean }) {
  const [toasts, setToasts] = useState(store.list);
  useEffect(() => {
    setToasts(store.list());
    return store.subscribe(() => setToasts(store.list()));
  }, [store]);
  if (toasts.length === 0) return null;
  // Inline: in the dialog's flow above its buttons; otherwise fixed at the page's bottom-left.
  return (
    <div className={inline ? 'ci-toasts ci-toasts--inline' : 'ci-toasts'}>
      {toasts.map((toast) => (
        <div key={toast.id} role="alert" className={`ci-toast ci-toast--${toast.kind}`}>
          <span>{toast.message}</span>
          <button type="button" className="ci-toast-close" aria-label="Dismiss message" onClick={() => store.dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
