/**
 * Toasts sit at the viewport's bottom-left above the open form; they must never cover its Close
 * or Submit button (nor, better still, anything of the form). Where the toast stack would overlap
 * the dialog (phones, short or narrow windows), the dialog is given room: `--ci-toast-room` (the
 * stack's height, its offset and a gap) shortens the area the dialog is centred in (form.css), so
 * all of it, its buttons included, stays above the toasts. Where they do not overlap (a wide
 * screen) the dialog does not move. Once given, the room is kept while toasts show, so the dialog
 * does not jump back and forth.
 */

const GAP = 8;

/** Watches the toast region inside the dialog; returns the cleanup. */
export function keepDialogClear(region: HTMLElement): () => void {
  const dialog = region.closest('dialog');
  if (!dialog || typeof ResizeObserver === 'undefined') return () => undefined;
  let room = 0;
  const set = (next: number) => {
    room = next;
    dialog.style.setProperty('--ci-toast-room', `${next}px`);
  };
  const update = () => {
    const stack = region.getBoundingClientRect();
    if (stack.height === 0) return set(0);
    const box = dialog.getBoundingClientRect();
    const sideBySide = stack.right <= box.left || stack.left >= box.right;
    const overlaps = !sideBySide && (room > 0 || box.bottom > stack.top - GAP);
    set(overlaps ? Math.ceil(window.innerHeight - stack.top) + GAP : 0);
  };
  const observer = new ResizeObserver(update);
  observer.observe(region);
  window.addEventListener('resize', update);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', update);
  };
}
