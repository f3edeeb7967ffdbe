/**
 * A WHERE clause built from filters: each condition gets its value as the next `$n` parameter,
 * so a value never enters the SQL text. `add((p) => \`a.owner_id = ${p}\`, ownerId)`.
 */
export interface SqlConditions {
  /** The conditions so far, to join with AND. */
  readonly conditions: string[];
  /** Adds a condition whose value goes in as the next parameter. */
  add(sql: (placeholder: string) => string, value: unknown): void;
}

export function sqlConditions(params: unknown[], conditions: string[] = []): SqlConditions {
  return {
    conditions,
    add(sql, value) {
      params.push(value);
      conditions.push(sql(`$${params.length}`));
    },
  };
}
