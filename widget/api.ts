/**
 * The widget's public API: the one typed file partners (and our own site) program against.
 * `window.CollegeInquiry` is this object once the script has loaded; before that, the README's
 * queue stub may stand in for it (see widget/README.md).
 */

/** What every event tells a partner: never personal data, only what the inquiry is about. */
export interface InquiryEventDetail {
  /** The course `_id` (preset on open; chosen on submit), or null. */
  course: string | null;
  /** The course type: 1 Full Time, 2 Part Time, or null. */
  courseType: number | null;
  /** The ad source of the visit: 1 direct/other, 3 search ad, 4 social ad (seed §3). */
  source: number;
}

/** Why a submission failed: the server refused fields, it could not be reached, it did not answer in time, or it failed. */
export type InquiryErrorReason = 'invalid' | 'network' | 'timeout' | 'server';

export interface InquiryEventMap {
  /** The form opened. */
  open: InquiryEventDetail;
  /** The form closed (by the visitor, by close(), or after a successful submission). */
  close: InquiryEventDetail;
  /** The server accepted the lead: the moment to fire an ad conversion. */
  submit: InquiryEventDetail;
  /** A submission failed. */
  error: InquiryEventDetail & { reason: InquiryErrorReason };
}

export type InquiryEventName = keyof InquiryEventMap;
export type InquiryEventHandler<E extends InquiryEventName> = (detail: InquiryEventMap[E]) => void;

/** The DOM events dispatched on `window` for the same moments (`event.detail` is the payload). */
export const WINDOW_EVENT_PREFIX = 'collegeinquiry:';

export interface CollegeInquiryApi {
  /**
   * Opens the Student Inquiry Form. Bad arguments are reported with console.warn and dropped;
   * the call never throws.
   * @param course     a course `_id` (24 hex characters) to preselect and lock (optional)
   * @param courseType a course-type id (1 Full Time, 2 Part Time) to preselect and lock (optional)
   * @param redirect   where to go after a successful inquiry: an http(s) URL or a path
   *                   (default: the thank-you page)
   */
  open(course?: string | null, courseType?: number | string | null, redirect?: string | null): void;
  /** Closes the form, resetting every field. */
  close(): void;
  /** Calls `handler` on every `event` ('open', 'close', 'submit', 'error'). A handler that throws is reported, never rethrown. */
  on<E extends InquiryEventName>(event: E, handler: InquiryEventHandler<E>): void;
  /** Removes a handler added with on(). */
  off<E extends InquiryEventName>(event: E, handler: InquiryEventHandler<E>): void;
  /** The widget's version. */
  readonly version: string;
}

/** The queue stub's shape: calls made before the script loads, replayed in order. */
export interface QueuedCollegeInquiry {
  q?: [method: string, args: unknown[]][];
  open?: (...args: unknown[]) => void;
  close?: () => void;
  on?: (...args: unknown[]) => void;
  off?: (...args: unknown[]) => void;
}

declare global {
  interface Window {
    CollegeInquiry?: CollegeInquiryApi | QueuedCollegeInquiry;
  }
  interface WindowEventMap {
    'collegeinquiry:open': CustomEvent<InquiryEventMap['open']>;
    'collegeinquiry:close': CustomEvent<InquiryEventMap['close']>;
    'collegeinquiry:submit': CustomEvent<InquiryEventMap['submit']>;
    'collegeinquiry:error': CustomEvent<InquiryEventMap['error']>;
  }
}
