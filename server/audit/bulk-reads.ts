/**
 * Many leads read through the inbox (issue 35). Every signed-in staff member may page through every
 * lead: counsellors work the whole inbox. A file of leads needs the export permission and is
 * recorded; paging through the API (100 a page) collects the same data without a file, so the leads
 * each member is shown are counted per hour in the shared counters (`rate_limit_hits`, purged by
 * housekeeping), and the page that takes the count past BULK_READ_LEADS is recorded in the audit
 * log (`leads.read_many`) before it is answered: once per member per hour, never a refusal.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { countHits } from '../http/rate-limit-store';
import { auditWho, exportFilter, recordAudit } from './audit-log';

/** Leads shown to one member within BULK_READ_WINDOW_MS that make an entry: 20 full pages of 100. */
export const BULK_READ_LEADS = 2000;
export const BULK_READ_WINDOW_MS = 60 * 60 * 1000;

/** Counts the leads one page showed; records the page that crosses the mark. */
export async function countLeadsRead(db: Queryable, request: FastifyRequest, shown: number, query: Record<string, unknown>): Promise<void> {
  const who = auditWho(request);
  if (shown === 0 || !who.actorId) return;
  const { current, ttl } = await countHits(db, `leads-read:${who.actorId}`, BULK_READ_WINDOW_MS, shown);
  if (current < BULK_READ_LEADS || current - shown >= BULK_READ_LEADS) return;
  const since = new Date(Date.now() - (BULK_READ_WINDOW_MS - ttl)).toISOString();
  await recordAudit(db, {
    ...who,
    action: 'leads.read_many',
    details: { leads: current, since, filter: exportFilter(query), page: query.page, page_size: query.page_size },
  });
}
