/**
 * One versioned, logged store for the catalogue's plain rows — intakes, announcements and banner
 * offers — described by a table spec: its select list, its writable columns and its messages.
 */
import type { Queryable } from '../db/database';
import type { CatalogueItemKind } from '../../src/crm-catalogue-contract';
import { newId } from '../auth/tokens';
import { Conflict, NotFound } from '../domain-errors';
import { recordChange } from './change-log';

export interface ItemSpec<Input extends object> {
  kind: CatalogueItemKind;
  table: string;
  /** Selects the wire item from `t` (the table), `_id` and `version` included. */
  select: string;
  order: string;
  columns: readonly (keyof Input & string)[];
  /** Extra columns set on create only (e.g. the intake's course). */
  createOnly?: readonly string[];
  notFound: string;
  conflict: string;
}

type Item = { _id: string; version: number } & Record<string, unknown>;

export class ItemStore<Input extends object, Out extends Item> {
  constructor(private readonly spec: ItemSpec<Input>) {}

  async list(db: Queryable, where = 'TRUE', params: unknown[] = []): Promise<Out[]> {
    const { rows } = await db.query<Out>(
      `SELECT ${this.spec.select} FROM ${this.spec.table} t WHERE ${where} ORDER BY ${this.spec.order}`,
      params,
    );
    return rows;
  }

  async find(db: Queryable, id: string, lock = false): Promise<Out | null> {
    if (!/^[0-9a-f]{24}$/.test(id)) return null;
    const { rows } = await db.query<Out>(
      `SELECT ${this.spec.select} FROM ${this.spec.table} t WHERE t.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async create(client: Queryable, input: Input, by: string, fixed: unknown[] = []): Promise<Out> {
    const id = newId();
    const columns = [...(this.spec.createOnly ?? []), ...this.spec.columns];
    const values = [...fixed, ...this.spec.columns.map((column) => input[column])];
    await client.query(
      `INSERT INTO ${this.spec.table} (id, ${columns.join(', ')}) VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})`,
      [id, ...values],
    );
    const created = (await this.find(client, id)) as Out;
    await recordChange(client, { kind: this.spec.kind, itemId: id, by, before: null, after: created });
    return created;
  }

  /** The current row, locked, if `version` is still current; 404 or 409 `{ current }` otherwise. */
  async current(client: Queryable, id: string, version: number): Promise<Out> {
    const current = await this.find(client, id, true);
    if (!current) throw new NotFound(this.spec.notFound);
    if (current.version !== version) throw new Conflict(this.spec.conflict, { current });
    return current;
  }

  async update(client: Queryable, id: string, version: number, input: Input, by: string): Promise<Out> {
    const current = await this.current(client, id, version);
    const sets = this.spec.columns.map((column, i) => `${column} = $${i + 3}`).join(', ');
    const updated = await client.query(`UPDATE ${this.spec.table} SET ${sets}, version = version + 1 WHERE id = $1 AND version = $2`, [
      id,
      version,
      ...this.spec.columns.map((column) => input[column]),
    ]);
    if (updated.rowCount === 0) throw new Conflict(this.spec.conflict, { current });
    const saved = (await this.find(client, id)) as Out;
    await recordChange(client, { kind: this.spec.kind, itemId: id, by, before: current, after: saved });
    return saved;
  }

  async remove(client: Queryable, id: string, version: number, by: string): Promise<void> {
    const current = await this.current(client, id, version);
    await client.query(`DELETE FROM ${this.spec.table} WHERE id = $1 AND version = $2`, [id, version]);
    await recordChange(client, { kind: this.spec.kind, itemId: id, by, before: current, after: null });
  }
}
