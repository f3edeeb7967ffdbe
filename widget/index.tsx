/**
 * The widget's entry (built to /widget/college-inquiry.js, an IIFE). It runs once per page even
 * if the script is included twice: installs window.CollegeInquiry, replays calls the queue stub
 * recorded before it loaded, captures the visit's ad attribution, listens for declarative
 * openers and mounts the form's host element.
 */
import { captureAttribution, leadSource } from '../src/attribution';
import type { QueuedCollegeInquiry } from './api';
import { replayQueue } from './arguments';
import { readConfig, type ScriptLike } from './config';
import { createController, type OpenRequest } from './controller';
import { createEvents } from './events';
import { mountWidget } from './mount';
import { navigateTo } from './navigate';
import { installOpeners } from './openers';
import { createPublicApi } from './public-api';

declare const __APP_VERSION__: string;

// Captured at the top level: document.currentScript is only set while the script first runs.
const currentScript = document.currentScript as HTMLScriptElement | null;
const MOUNTED = Symbol.for('college-inquiry.mounted');

function boot(): void {
  const marks = window as unknown as Record<symbol, boolean>;
  if (marks[MOUNTED]) return;
  marks[MOUNTED] = true;

  const warn = (message: string) => console.warn(message);
  const script: ScriptLike | null = currentScript ?? document.querySelector<HTMLScriptElement>('script[src*="college-inquiry.js"]');
  const config = readConfig(script, location.href);
  const attribution = captureAttribution(sessionStorageOrNull(), location.href, document.referrer);
  const controller = createController();
  const events = createEvents(window, warn);
  const detail = (request: OpenRequest) => ({ course: request.course, courseType: request.courseType, source: leadSource(attribution) });
  let shown = controller.current();
  controller.subscribe(() => {
    const now = controller.current();
    if (now && !shown) events.emit('open', detail(now));
    if (!now && shown) events.emit('close', detail(shown));
    shown = now;
  });
  const { api, openFrom } = createPublicApi({
    controller,
    events,
    version: __APP_VERSION__,
    pageHref: () => location.href,
    focused: () => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null),
    warn,
  });

  const stub = window.CollegeInquiry as QueuedCollegeInquiry | undefined;
  window.CollegeInquiry = api;
  replayQueue(stub?.q, api, warn);

  // The clicked element is the opener, even where clicks do not focus buttons (Safari).
  installOpeners(document, openFrom);

  const mount = () => mountWidget({ config, attribution, controller, events, navigate: (target) => navigateTo(target, window, config.origin, config.navigation) });
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount, { once: true });
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

try {
  boot();
} catch (error) {
  console.warn('[CollegeInquiry] the inquiry widget could not start:', error);
}
