/**
 * Fetches the form code (a separate file beside the loader) once, and mounts it. It is asked
 * for on the first sign of intent, a pointer over or focus on a declarative opener (inquiry or event), in the
 * browser's idle time after the page has loaded, and at the latest by open(). A failed
 * download is reported and tried again on the next open(). (The event registration form is a
 * chunk of the form code's own, fetched by it on register(): ui/useRegistrationForm.ts.)
 */
import { reportLoadFailure } from './load-failure';
import type { FormModule, MountDeps } from './mount';
import { ANY_OPENER } from './openers';

export interface FormLoader {
  load(): Promise<void>;
}

export function createFormLoader(url: string, deps: () => MountDeps): FormLoader {
  let loading: Promise<void> | null = null;
  return {
    load() {
      loading ??= (import(/* webpackIgnore: true */ url) as Promise<FormModule>)
        .then((module) => module.mountWidget(deps()))
        .catch((error: unknown) => {
          loading = null;
          reportLoadFailure(error);
        });
      return loading;
    },
  };
}

/** Starts the download on intent: pointer or focus on an opener, or idle time after load. */
export function prefetchOnIntent(doc: Document, win: Window, load: () => void): void {
  const types = ['pointerover', 'pointerdown', 'focusin', 'touchstart'];
  const options = { passive: true, capture: true };
  // Once asked for, the listeners go: pointerover fires on every move across the page.
  const once = () => {
    for (const type of types) doc.removeEventListener(type, onIntent, options);
    load();
  };
  const onIntent = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(ANY_OPENER)) once();
  };
  for (const type of types) doc.addEventListener(type, onIntent, options);
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(once, { timeout: 5000 });
    else win.setTimeout(once, 2000);
  };
  if (doc.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
