/**
 * The Applications table's columns: set widths (`crm-col--*`) and heads, the sortable ones as
 * buttons that say the order they are in (aria-sort) and turn it around when pressed again.
 */
const COLUMNS = [
  { key: 'name', title: 'Applicant', sort: 'name' },
  { key: 'program', title: 'Program', sort: null },
  { key: 'intake', title: 'Intake', sort: null },
  { key: 'status', title: 'Status', sort: 'status' },
  { key: 'owner', title: 'Owner', sort: null },
  { key: 'age', title: 'Age', sort: 'created' },
] as const;

export function SortableHeads({ sort, dir, onSort }: { sort: string; dir: string; onSort(sort: string, dir: string): void }) {
  return (
    <>
      <colgroup>
        {COLUMNS.map((c) => (
          <col key={c.key} className={`crm-col--${c.key}`} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {COLUMNS.map((c) => {
            const active = c.sort !== null && c.sort === sort;
            const ariaSort = active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined;
            return (
              <th key={c.key} scope="col" aria-sort={ariaSort}>
                {c.sort ? (
                  <button
                    type="button"
                    className="crm-sort"
                    onClick={() => onSort(c.sort, active && dir === 'asc' ? 'desc' : active ? 'asc' : c.sort === 'name' ? 'asc' : 'desc')}
                  >
                    {c.title}
                    <span aria-hidden="true">{active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                ) : (
                  c.title
                )}
              </th>
            );
          })}
        </tr>
      </thead>
    </>
  );
}
