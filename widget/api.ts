/**
 * The widget's public API: the one typed file partners (and our own site) program against.
 * `window.CollegeInquiry` is this object once the script has loaded; before that, the README's
 * queue stub may stand in for it (see widget/README.md).
 */

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
  /** The widget's version. */
  readonly version: string;
}

/** The queue stub's shape: calls made before the script loads, replayed in order. */
export interface QueuedCollegeInquiry {
  q?: [method: string, args: unknown[]][];
  open?: (...args: unknown[]) => void;
  close?: () => void;
}

declare global {
  interface Window {
    CollegeInquiry?: CollegeInquiryApi | QueuedCollegeInquiry;
  }
}
