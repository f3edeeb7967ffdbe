/**
 * Declarative openers: any element marked `data-college-inquiry` opens the inquiry form when
 * clicked, with optional `data-course`, `data-course-type` and `data-redirect`; any element marked
 * `data-college-event="<event id>"` opens that event's registration form, with an optional
 * `data-redirect`. One listener on the document covers elements added later too.
 *   <button data-college-inquiry data-course-type="2">Apply</button>
 *   <a href="/events/open-house" data-college-event="42">Register</a>
 */

export const OPENER_ATTRIBUTE = 'data-college-inquiry';
export const EVENT_OPENER_ATTRIBUTE = 'data-college-event';
/** Both kinds of opener, for closest() and intent prefetching. */
export const ANY_OPENER = `[${OPENER_ATTRIBUTE}],[${EVENT_OPENER_ATTRIBUTE}]`;

export type OpenFromElement = (args: unknown[], opener: HTMLElement) => void;

export function installOpeners(doc: Document, open: OpenFromElement, register: OpenFromElement): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || event.defaultPrevented) return;
    const opener = target.closest(ANY_OPENER);
    if (!(opener instanceof HTMLElement)) return;
    // A link fallback (e.g. href="/apply" or the event's page) is for pages without the widget; here the form opens.
    event.preventDefault();
    const { course, courseType, redirect, collegeEvent } = opener.dataset;
    if (collegeEvent !== undefined) register([collegeEvent, redirect], opener);
    else open([course, courseType, redirect], opener);
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
