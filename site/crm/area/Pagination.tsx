/** Previous / next through the pages of a list, with where we are. */
export function Pagination({
  page,
  pageSize,
  total,
  more = false,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** More items than `total` exist (a capped count): the page count is a floor and Next stays on. */
  more?: boolean;
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="crm-pagination" aria-label="Pages">
      <button type="button" className="crm-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
        {more ? '+' : ''}
      </span>
      <button type="button" className="crm-button" disabled={page >= pages && !more} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
