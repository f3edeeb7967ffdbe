/**
 * Keeps the frame's toast dock (60-crm-toast-dock.css) as tall as the bottom-left toasts stand
 * from the window's bottom edge, so where there is no sidebar beside the content (phones, or the
 * menu closed) the content area ends above the toasts instead of running under them (issue 31).
 * The toasts stay where the spec puts them; the dock is empty space that follows their height.
 */
import { useEffect, type RefObject } from 'react';

const CONTAINER = '.Toastify__toast-container--bottom-left';

/** How far the toasts reach up from the bottom of the window; 0 when none shows. */
function toastReach(): number {
  const container = document.querySelector<HTMLElement>(CONTAINER);
  if (!container?.querySelector('.Toastify__toast')) return 0;
  // The container's own box: the toasts' entry animation moves them inside it, not it. Rounded up, so
  // a fraction of a pixel never lets the content reach under the toast.
  return Math.max(0, Math.ceil(window.innerHeight - container.getBoundingClientRect().top));
}

export function useToastDock(dock: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = document.querySelector('.Toastify');
    if (!root) return undefined;
    let watched: Element | null = null;
    // A toast's text may wrap and a closing toast collapses: its size changes after it is added.
    const sizes = new ResizeObserver(() => update());
    function update() {
      dock.current?.style.setProperty('height', `${toastReach()}px`);
      const container = document.querySelector(CONTAINER);
      if (container === watched) return;
      if (watched) sizes.unobserve(watched);
      if (container) sizes.observe(container);
      watched = container;
    }
    const changes = new MutationObserver(update);
    changes.observe(root, { childList: true, subtree: true });
    window.addEventListener('resize', update);
    update();
    return () => {
      changes.disconnect();
      sizes.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [dock]);
}
