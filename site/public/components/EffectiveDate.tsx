/**
 * A policy's effective date, on the page ("Effective January 1, 2024") and in its JSON-LD
 * (a WebPage with `datePublished`), so readers and search engines see which version applies.
 */
import { formatDate } from '../../lib/courses';
import { currentOrigin } from '../../lib/head';
import { useStructuredData } from '../../lib/usePageMeta';

export function EffectiveDate({ date, title, path }: { date: string; title: string; path: string }) {
  const origin = currentOrigin();
  useStructuredData('policy', {
    '@type': 'WebPage',
    '@id': `${origin}${path}#page`,
    name: title,
    url: `${origin}${path}`,
    datePublished: date,
  });
  return (
    <p className="effective-date">
      Effective <time dateTime={date}>{formatDate(date)}</time>
    </p>
  );
}
