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
  /** The ad source of the visit: 1 direct/other, 3 search ad, 4 social ad (requirements R-lead-source). */
  source: number;
  /** 'registration' on the events of register()'s form; absent for the inquiry form (its payload is exactly the three fields above). */
  kind?: 'registration';
  /** The event's id, as given to register() (registrations only). */
  event?: string;
}

/** An event registration's payload: `course` is the program of interest (null until submitted), `courseType` always null. */
export interface RegistrationEventDetail extends InquiryEventDetail {
  kind: 'registration';
  event: string;
  courseType: null;
}

/**
 * Why a submission failed: the server refused fields, it could not be reached, it did not answer
 * in time, or it failed; for a registration also 'unavailable' (the event is past, cancelled or
 * closed to registration).
 */
export type InquiryErrorReason = 'invalid' | 'network' | 'timeout' | 'server' | 'unavailable';

export interface InquiryEventMap {
  /** The form opened. */
  open: InquiryEventDetail;
  /** The form closed (by the visitor, by close(), or after a successful submission). */
  close: InquiryEventDetail;
  /** The server accepted the lead (or the registration): the moment to fire an ad conversion. */
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
  /**
   * Opens the registration form of an event (an information session, open house, campus tour or
   * webinar) in the same dialog. Bad arguments are reported with console.warn; the call never throws.
   * @param eventId  the event's id (decimal digits, as in the college's event pages and API)
   * @param redirect where to go after a successful registration: an http(s) URL or a path
   *                 (default: none; the dialog shows the confirmation)
   */
  register(eventId: string | number, redirect?: string | null): void;
  /** Closes the form (inquiry or registration), resetting every field. */
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
  register?: (...args: unknown[]) => void;
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
