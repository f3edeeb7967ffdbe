/**
 * Opens the Student Inquiry Form through the widget's public API, exactly as a partner page would.
 * The widget script loads async; until it has, calls go into the widget's queue stub
 * (`{ q: [...], open() {...} }`), which the widget replays when it starts.
 */
import type { CollegeInquiryApi, QueuedCollegeInquiry } from '../../widget/api';

function isLoaded(api: CollegeInquiryApi | QueuedCollegeInquiry): api is CollegeInquiryApi {
  return 'version' in api && typeof api.open === 'function';
}

/** With a course `_id` and its course type, the form opens preset and locked to that course. */
export function openInquiry(course?: string, courseType?: number): void {
  const args: unknown[] = course ? [course, courseType ?? null] : [];
  const current = window.CollegeInquiry;
  if (current && isLoaded(current)) {
    try {
      current.open(...(args as [string?, number?]));
    } catch (error) {
      console.warn('The inquiry form could not open', error);
    }
    return;
  }
  const stub: QueuedCollegeInquiry = current ?? {};
  const queue = (stub.q ??= []);
  stub.open ??= (...callArgs: unknown[]) => {
    queue.push(['open', callArgs]);
  };
  window.CollegeInquiry = stub;
  stub.open(...args);
}
