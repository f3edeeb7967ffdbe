/**
 * Declarative openers: any element marked `data-college-inquiry` opens the form when clicked,
 * with optional `data-course`, `data-course-type` and `data-redirect`. One listener on the
 * document covers elements added later too.
 *   <button data-college-inquiry data-course-type="2">Apply</button>
 */

export const OPENER_ATTRIBUTE = 'data-college-inquiry';

export type OpenFromElement = (args: unknown[], opener: HTMLElement) => void;

export function installOpeners(doc: Document, open: OpenFromElement): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || event.defaultPrevented) return;
    const opener = target.closest(`[${OPENER_ATTRIBUTE}]`);
    if (!(opener instanceof HTMLElement)) return;
    // A link fallback (e.g. href="/apply") is for pages without the widget; here the form opens.
    event.preventDefault();
    const { course, courseType, redirect } = opener.dataset;
    open([course, courseType, redirect], opener);
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
