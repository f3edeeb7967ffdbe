/**
 * The audit log's one way in: `recordAudit(dbOrTransaction, entry)`. Call it with the transaction
 * client of the action it records, so the action and its entry commit (or roll back) together;
 * where an action has no transaction (a read such as an export), call it before answering, so an
 * entry that cannot be written fails the request instead of leaving it unrecorded.
 * The table is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE; migration 014).
 * Details never hold a secret: no password, token, code or TOTP key is ever passed here.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import type { AuditAction } from '../../src/audit-contract';

export interface AuditWho {
  /** The account that acted; null when none is known (a sign-in with an unknown address). */
  actorId: string | null;
  /** request.ip: the client's address, TRUST_PROXY applied. */
  ip: string | null;
}

export interface AuditRecord extends AuditWho {
  action: AuditAction;
  details?: Record<string, unknown>;
}

/** Detail values are short: a typed e-mail or filter is cut, so a flood cannot bloat the log. */
const MAX_TEXT = 200;

function bounded(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (Array.isArray(value)) return value.map(bounded);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, bounded(inner)]));
  }
  return value;
}

export async function recordAudit(db: Queryable, record: AuditRecord): Promise<void> {
  await db.query('INSERT INTO audit_log (actor_id, action, ip, details) VALUES ($1, $2, $3, $4::jsonb)', [
    record.actorId,
    record.action,
    record.ip,
    JSON.stringify(bounded(record.details ?? {})),
  ]);
}

/** Who and from where, for a request that passed the staff guard. */
export function auditWho(request: FastifyRequest): AuditWho {
  return { actorId: request.staff?.user._id ?? null, ip: request.ip ?? null };
}

/** An export's filter as typed, for its entry: paging does not apply to a file, unset fields are left out. */
export function exportFilter(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([key, value]) => value !== undefined && key !== 'page' && key !== 'page_size'));
}
