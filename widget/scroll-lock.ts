/**
 * While the form is open the page behind it does not scroll; on close the page's own overflow
 * setting and scroll position come back exactly. Only the root element's inline style is
 * touched, so a host modal's own lock (Bootstrap puts one on <body>) is left as it was.
 */
export function lockPageScroll(doc: Document): () => void {
  const win = doc.defaultView;
  const root = doc.documentElement;
  const x = win?.scrollX ?? 0;
  const y = win?.scrollY ?? 0;
  const value = root.style.getPropertyValue('overflow');
  const priority = root.style.getPropertyPriority('overflow');
  root.style.setProperty('overflow', 'hidden', 'important');
  return () => {
    if (value) root.style.setProperty('overflow', value, priority);
    else root.style.removeProperty('overflow');
    win?.scrollTo(x, y);
  };
}
