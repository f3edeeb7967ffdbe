/** Reading the audit log: a filtered page, newest first, and the same filters as CSV. */
import type { Queryable } from '../db/database';
import type { AuditAction, AuditEntry, AuditPage } from '../../src/audit-contract';
import { AUDIT_ACTIONS } from '../../src/audit-contract';
import { toTorontoLocalInput } from '../../src/college-time';
import { CSV_BOM, csvLine } from '../crm';
import { auditWhere, type AuditQuery } from './audit-query';

/** An export is for a review, not a backup: beyond this, narrow the dates. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_name: string | null;
  action: AuditAction;
  ip: string | null;
  details: Record<string, unknown>;
}

const SELECT = `SELECT a.id::text AS id, a.at, a.actor_id, u.name AS actor_name, a.action, a.ip, a.details
  FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id`;

function toEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: new Date(row.at).toISOString(),
    actor: row.actor_id ? { _id: row.actor_id.trim(), name: row.actor_name ?? '' } : null,
    action: row.action,
    ip: row.ip,
    details: row.details,
  };
}

export async function listAudit(db: Queryable, query: AuditQuery): Promise<AuditPage> {
  const params: unknown[] = [];
  const where = auditWhere(query, params);
  const offset = (query.page - 1) * query.page_size;
  const [{ rows }, counted] = await Promise.all([
    db.query<AuditRow>(`${SELECT} ${where} ORDER BY a.at DESC, a.id DESC LIMIT ${query.page_size} OFFSET ${offset}`, params),
    db.query<{ n: string }>(`SELECT count(*) AS n FROM audit_log a ${where}`, params),
  ]);
  return { entries: rows.map(toEntry), total: Number(counted.rows[0]?.n ?? 0), page: query.page, page_size: query.page_size };
}

export const AUDIT_CSV_COLUMNS: [string, (entry: AuditEntry) => string][] = [
  ['Time (Toronto)', (e) => toTorontoLocalInput(new Date(e.at)).replace('T', ' ')],
  ['Person', (e) => e.actor?.name ?? ''],
  ['Person id', (e) => e.actor?._id ?? ''],
  ['Action', (e) => AUDIT_ACTIONS.find((a) => a.id === e.action)?.title ?? e.action],
  ['Action id', (e) => e.action],
  ['Address', (e) => e.ip ?? ''],
  ['Details', (e) => JSON.stringify(e.details)],
];

export async function auditCsv(db: Queryable, query: AuditQuery): Promise<{ csv: string; rows: number }> {
  const params: unknown[] = [];
  const where = auditWhere(query, params);
  const { rows } = await db.query<AuditRow>(`${SELECT} ${where} ORDER BY a.at DESC, a.id DESC LIMIT ${AUDIT_CSV_MAX_ROWS}`, params);
  const lines = [csvLine(AUDIT_CSV_COLUMNS.map(([title]) => title))];
  for (const row of rows) {
    const entry = toEntry(row);
    lines.push(csvLine(AUDIT_CSV_COLUMNS.map(([, value]) => value(entry))));
  }
  return { csv: CSV_BOM + lines.join(''), rows: rows.length };
}
