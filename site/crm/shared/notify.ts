/**
 * The CRM's toasts (requirements R-toasts: bottom-left, 5 s, set on the container in CrmApp). One message
 * shows once: a toast with the same kind and text as one still on screen is not stacked again but
 * refreshed (react-toastify restarts its 5 s when a toast is updated), so three wrong passwords
 * leave one "wrong password" toast, not three. A success dismisses the error toasts before it.
 */
import { toast } from 'react-toastify/unstyled';

type Kind = 'success' | 'error' | 'info';

/** The toast id of a message: identical messages share it. */
export const toastIdOf = (kind: Kind, message: string) => `${kind}:${message}`;

/** Error toasts still possibly on screen: a later success makes them stale. */
const errorsShown = new Set<string>();

function show(kind: Kind, message: string): void {
  const toastId = toastIdOf(kind, message);
  if (kind === 'success') {
    // The attempt that failed before has now worked: its red toast would contradict the green one.
    errorsShown.forEach((id) => toast.dismiss(id));
    errorsShown.clear();
  }
  if (kind === 'error') errorsShown.add(toastId);
  if (toast.isActive(toastId)) toast.update(toastId, { render: message });
  else toast[kind](message, { toastId });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
