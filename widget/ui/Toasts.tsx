/**
 * The toast region (requirements R-toasts: bottom-left, closing after 5 seconds): each toast an alert with
 * its own close button (see widget/toasts.ts). The region is a `popover="manual"` shown as soon as
 * it mounts, so it lives in the browser's top layer: fixed at the viewport's bottom-left, above
 * the host page whatever its z-index and, inside the open form, above the modal dialog (which
 * entered the top layer first: InquiryDialog opens it in a layout effect, before this effect).
 * Inside the dialog it stays the dialog's descendant, so the modal does not make it inert.
 */
import { useEffect, useRef, useState } from 'react';
import type { ToastStore } from '../toasts';
import { keepDialogClear } from './toast-room';

export function Toasts({ store, dialog }: { store: ToastStore; dialog?: boolean }) {
  const [toasts, setToasts] = useState(store.list);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setToasts(store.list());
    return store.subscribe(() => setToasts(store.list()));
  }, [store]);

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    // Without the Popover API (older browsers) the region is simply position: fixed (toast.css).
    if (typeof element.showPopover === 'function' && !element.matches(':popover-open')) element.showPopover();
    return dialog ? keepDialogClear(element) : undefined;
    // Once, when the region mounts: the dialog it keeps clear of is the one it was rendered with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Always rendered (empty when there is nothing to say), so an alert is added to a region that
  // is already shown, which screen readers announce reliably.
  return (
    <div ref={region} popover="manual" className="ci-toasts">
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
