/**
 * Previous / next links between the pages of a long list (`?page=N`). Plain links, so paging works
 * without JavaScript and every page has an address of its own; nothing is shown for a single page.
 */
import { Link } from 'wouter';

/** The address of page `page` of `path`: page 1 is the path itself (its canonical address). */
export const pageHref = (path: string, page: number) => (page <= 1 ? path : `${path}?page=${page}`);

export function Pager({ path, page, pages, label }: { path: string; page: number; pages: number; label: string }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 && (
        <Link href={pageHref(path, page - 1)} className="btn btn-outline" rel="prev">
          Previous page
        </Link>
      )}
      <span className="pager-position">
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link href={pageHref(path, page + 1)} className="btn btn-outline" rel="next">
          Next page
        </Link>
      )}
    </nav>
  );
}
