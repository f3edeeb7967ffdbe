/**
 * The catalogue's change log: every create, update and delete is written, with who made it and
 * each changed field's value before and after, in the same transaction as the change itself.
 */
import type { Queryable } from '../db/database';
import type { CatalogueChange, CatalogueItemKind } from '../../src/crm-catalogue-contract';
import { newId } from '../auth/tokens';
import { recordAudit } from '../audit/audit-log';
import { clientAddressOf } from '../audit/client-address';

type Fields = Record<string, unknown>;

/** The fields whose JSON value differs, as [before, after]. */
export function changedFields(before: Fields, after: Fields): Record<string, [unknown, unknown]> {
  const changed: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'version' || key === 'updated_at' || key === 'updated_by') continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      changed[key] = [before[key] ?? null, after[key] ?? null];
  }
  return changed;
}

export interface ChangeRecord {
  kind: CatalogueItemKind;
  itemId: string;
  by: string;
  before: Fields | null;
  after: Fields | null;
}

export async function recordChange(client: Queryable, change: ChangeRecord): Promise<void> {
  const action = change.before === null ? 'create' : change.after === null ? 'delete' : 'update';
  const fields = changedFields(change.before ?? {}, change.after ?? {});
  if (action === 'update' && Object.keys(fields).length === 0) return;
  const id = newId();
  await client.query(`INSERT INTO catalogue_changes (id, kind, item_id, action, by_user, fields) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`, [
    id,
    change.kind,
    change.itemId,
    action,
    change.by,
    JSON.stringify(fields),
  ]);
  // The audit log points at this entry rather than copying the fields (GET /crm/catalogue/changes has them).
  await recordAudit(client, {
    actorId: change.by,
    ip: clientAddressOf(client),
    action: 'catalogue.changed',
    details: { kind: change.kind, item_id: change.itemId, change: action, change_id: id, fields: Object.keys(fields) },
  });
}

export async function listChanges(
  db: Queryable,
  kind: CatalogueItemKind | undefined,
  itemId: string | undefined,
): Promise<CatalogueChange[]> {
  const { rows } = await db.query<{
    id: string;
    kind: CatalogueItemKind;
    item_id: string;
    action: CatalogueChange['action'];
    at: Date;
    by_id: string | null;
    by_name: string | null;
    fields: CatalogueChange['fields'];
  }>(
    `SELECT c.id, c.kind, c.item_id, c.action, c.at, u.id AS by_id, u.name AS by_name, c.fields
       FROM catalogue_changes c LEFT JOIN users u ON u.id = c.by_user
      WHERE ($1::text IS NULL OR c.kind = $1) AND ($2::text IS NULL OR c.item_id = $2)
      ORDER BY c.at DESC, c.id DESC LIMIT 200`,
    [kind ?? null, itemId ?? null],
  );
  return rows.map((row) => ({
    _id: row.id.trim(),
    kind: row.kind,
    item_id: row.item_id.trim(),
    action: row.action,
    at: new Date(row.at).toISOString(),
    by: row.by_id ? { _id: row.by_id.trim(), name: row.by_name ?? '' } : null,
    fields: row.fields,
  }));
}
