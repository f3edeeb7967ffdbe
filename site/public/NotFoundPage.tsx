/** The 404 page (requirements R-404). Part of the entry: unknown paths and API 404s show it at once. */
import { Link } from 'wouter';
import { usePageMeta } from '../lib/usePageMeta';
import { declarePageStatus } from '../lib/pageData';

export const NOT_FOUND_TEXT = 'Sorry! This page not found. It might be deleted or its name changed.';

export function NotFoundPage() {
  declarePageStatus(404);
  usePageMeta('Page Not Found', NOT_FOUND_TEXT, { noindex: true });
  return (
    <section className="container page not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p className="lead">{NOT_FOUND_TEXT}</p>
      <p className="not-found-actions">
        <Link href="/" className="btn btn-primary">
          Go to the home page
        </Link>
        <Link href="/programs" className="btn btn-outline">
          Browse programs
        </Link>
      </p>
    </section>
  );
}
