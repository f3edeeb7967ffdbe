/** One versioned schema change. An applied migration is never edited: add a new one. */
export interface Migration {
  id: string;
  sql: string;
}
