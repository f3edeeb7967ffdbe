/**
 * The loader (built to /widget/college-inquiry.js, the stable URL partners embed; an IIFE of a
 * few KB). It runs once per page even if the script is included twice: installs
 * window.CollegeInquiry and its events, replays calls the queue stub recorded before it loaded,
 * captures the visit's ad attribution and listens for declarative openers. The form code is a
 * separate file fetched on intent and at the latest on open() or register(); open() also starts
 * the course list request, register() the event's, in parallel with it.
 */
import { captureAttribution, leadSource } from '../src/attribution';
import { eventPaths } from '../src/events-contract';
import type { InquiryEventDetail, QueuedCollegeInquiry } from './api';
import { replayQueue } from './arguments';
import { readConfig, type ScriptLike } from './config';
import { createController, isRegistration, type OpenRequest } from './controller';
import { courseListPath, createCourseSource } from './course-source';
import { createEvents } from './events';
import { createFormLoader, prefetchOnIntent } from './form-loader';
import { installOpeners } from './openers';
import { createPublicApi } from './public-api';

declare const __APP_VERSION__: string;
/** The form code's file name with the version in its query, set by the build. */
declare const __FORM_FILE__: string;

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
  const courses = createCourseSource(config.apiBase);
  const form = createFormLoader(new URL(__FORM_FILE__, config.assetBase).href, () => ({
    config,
    attribution,
    controller,
    events,
    courseList: courses.list,
  }));
  const detail = (request: OpenRequest): InquiryEventDetail => {
    const source = leadSource(attribution);
    if (isRegistration(request)) return { kind: 'registration', event: request.eventId, course: null, courseType: null, source };
    return { course: request.course, courseType: request.courseType, source };
  };
  /** What a request is about: switching from the inquiry to an event (or another event) is a close and an open. */
  const subject = (request: OpenRequest | null) => (request ? (isRegistration(request) ? `event:${request.eventId}` : 'inquiry') : null);
  let shown = controller.current();
  controller.subscribe(() => {
    const now = controller.current();
    if (shown && subject(now) !== subject(shown)) events.emit('close', detail(shown));
    if (now && subject(now) !== subject(shown)) {
      // The downloads start now, side by side: the data does not wait for the form code.
      if (!isRegistration(now)) courses.prefetch(courseListPath(now.courseType));
      else if (now.eventId) {
        courses.prefetch(eventPaths.byId(now.eventId));
        // An event for all programs offers the inquiry form's course list.
        courses.prefetch(courseListPath(null));
      }
      void form.load();
      events.emit('open', detail(now));
    }
    shown = now;
  });
  const { api, openFrom, registerFrom } = createPublicApi({
    controller,
    events,
    version: __APP_VERSION__,
    pageHref: () => location.href,
    focused: () =>
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null,
    warn,
  });

  const stub = window.CollegeInquiry as QueuedCollegeInquiry | undefined;
  window.CollegeInquiry = api;
  replayQueue(stub?.q, api, warn);

  // The clicked element is the opener, even where clicks do not focus buttons (Safari).
  installOpeners(document, openFrom, registerFrom);
  prefetchOnIntent(document, window, () => void form.load());
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
