/**
 * A fitted table's columns from one list: the `<col>`s that carry each column's set width (CSS, by
 * the `crm-col--*` classes) and the header row naming them, so the two never disagree.
 */
export type Columns = readonly (readonly [key: string, title: string])[];

export function ColumnHeads({ columns }: { columns: Columns }) {
  return (
    <>
      <colgroup>
        {columns.map(([key]) => (
          <col key={key} className={`crm-col--${key}`} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map(([key, title]) => (
            <th key={key} scope="col">
              {title}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
