/**
 * Toasts sit at the viewport's bottom-left above the open form; they must never cover its Close
 * or Submit button. Where the toast stack and the button row share columns (phones, narrow
 * windows), the dialog is given room: `--ci-toast-room` (the stack's height plus a gap) shortens
 * the area the dialog is centred in (form.css), so its buttons stay above the toasts. On a wide
 * screen the buttons are right of the stack and the dialog does not move.
 */

const GAP = 8;

/** Watches the toast region inside the dialog; returns the cleanup. */
export function keepDialogClear(region: HTMLElement): () => void {
  const dialog = region.closest('dialog');
  if (!dialog || typeof ResizeObserver === 'undefined') return () => undefined;
  const update = () => {
    const stack = region.getBoundingClientRect();
    const firstButton = dialog.querySelector('.ci-actions button')?.getBoundingClientRect();
    const shared = stack.height > 0 && firstButton !== undefined && stack.right > firstButton.left;
    const room = shared ? Math.ceil(window.innerHeight - stack.top) + GAP : 0;
    dialog.style.setProperty('--ci-toast-room', `${room}px`);
  };
  const observer = new ResizeObserver(update);
  observer.observe(region);
  window.addEventListener('resize', update);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', update);
  };
}
