/**
 * A CSV export of personal data (leads, the audit log): recorded in the audit log with its filter
 * and row count before the file is sent, so an export whose entry cannot be written fails instead
 * of leaving the log silent; then sent as a dated attachment.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import type { AuditAction } from '../../src/audit-contract';
import { auditWho, exportFilter, recordAudit } from './audit-log';

export interface RecordedExport {
  action: AuditAction;
  /** The filter as the request typed it (paging left out of the entry). */
  query: Record<string, unknown>;
  /** The file: whole, or a stream read as the client takes it (leads, server/crm/leads-csv.ts). */
  csv: string | Readable;
  rows: number;
  /** The file's name before its date: `leads` → `leads-2026-11-26.csv`. */
  fileName: string;
}

export async function sendRecordedExport(db: Queryable, request: FastifyRequest, reply: FastifyReply, file: RecordedExport) {
  await recordAudit(db, { ...auditWho(request), action: file.action, details: { filter: exportFilter(file.query), rows: file.rows } });
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.fileName}-${day}.csv"`)
    .send(file.csv);
}
