/**
 * A list of flat records written column by column, for a page's embedded data (issue 31). The
 * calendar embeds a year of intakes, about 300 records repeating the same nine keys and a few dozen
 * course names: as plain JSON that was 90 KB of its 121 KB of HTML, which the browser's parser
 * works through before the page can respond. Written once per column, with a column of few
 * distinct values as a dictionary and indexes, the same list takes about a quarter of that; the
 * browser restores the exact records (same keys, same order, same values) before anything reads them.
 */
export type Cell = string | number | boolean | null;

/** One column: its values in order, or its distinct values and each row's index into them. */
export type PackedColumn = Cell[] | { dictionary: Cell[]; index: number[] };

export interface PackedRows {
  columns: string[];
  values: PackedColumn[];
}

const isCell = (value: unknown): value is Cell => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function packColumn(cells: Cell[]): PackedColumn {
  const dictionary = [...new Set(cells)];
  // A dictionary pays only when values repeat (course names, dates); ids stay as they are.
  if (dictionary.length * 2 > cells.length) return cells;
  const position = new Map(dictionary.map((cell, i) => [cell, i]));
  return { dictionary, index: cells.map((cell) => position.get(cell) ?? 0) };
}

/** The list packed, or null when it is not a non-empty list of flat records with the same keys in the same order. */
export function packRows(list: unknown): PackedRows | null {
  if (!Array.isArray(list) || list.length === 0) return null;
  const records = list as unknown[];
  const first = records[0];
  if (typeof first !== 'object' || first === null) return null;
  const columns = Object.keys(first);
  const key = columns.join('\u0000');
  const flat = records.every(
    (record) =>
      typeof record === 'object' &&
      record !== null &&
      !Array.isArray(record) &&
      Object.keys(record).join('\u0000') === key &&
      Object.values(record).every(isCell),
  );
  if (!flat) return null;
  const rows = records as Record<string, Cell>[];
  return { columns, values: columns.map((column) => packColumn(rows.map((row) => row[column] ?? null))) };
}

/** The records a packed list was made from. */
export function unpackRows(packed: PackedRows): Record<string, Cell>[] {
  const cellsOf = (column: PackedColumn): Cell[] =>
    Array.isArray(column) ? column : column.index.map((i) => column.dictionary[i] ?? null);
  const columns = packed.values.map(cellsOf);
  const length = columns[0]?.length ?? 0;
  const rows: Record<string, Cell>[] = [];
  for (let i = 0; i < length; i += 1) {
    const row: Record<string, Cell> = {};
    packed.columns.forEach((name, c) => {
      row[name] = columns[c]?.[i] ?? null;
    });
    rows.push(row);
  }
  return rows;
}
