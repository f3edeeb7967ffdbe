/** The staff side's reads and writes of leads: the inbox page, one lead, a stage change, the dashboard. */
import type { Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import type { DashboardAnswer, LeadSource, StaffLead, StaffLeadPage } from '../../src/contract';
import { LEAD_SOURCES, LEAD_STAGES } from '../../src/lookups';
import { leadWhere, type LeadQuery } from './lead-filters';
import { talliedTotal } from './lead-tallies';
import { searchLeadPage } from './lead-search-page';
import { LISTED, leadsByOrigin } from '../repeat/leads-by-origin';
import { STAFF_LEAD_COLUMNS, STAFF_LEAD_FROM, toStaffLead, type LeadRow } from './staff-lead';
import type { KnownOrigins } from '../repeat/partner-origins';

/** The 404 of a call naming a lead that does not exist (or was removed). */
export const LEAD_NOT_FOUND_MESSAGE = 'There is no lead with this id. It may have been removed.';

export const DASHBOARD_DAYS = 30;
export const DASHBOARD_NEWEST = 10;
/**
 * Beyond this many matches a filtered list says "more than" rather than counting them all. A
 * filter's matches are counted in an index; a search's are checked lead by lead in the table, so
 * its count stops sooner (finding one person needs no more).
 */
export const LIST_COUNT_CAP = 10_000;
export { SEARCH_COUNT_CAP } from './lead-search-page';

const NEWEST_FIRST = 'ORDER BY l.created_at DESC, l.id DESC';
const isLeadId = (id: string) => /^[0-9a-f]{24}$/.test(id);

/**
 * One page of the inbox. The page's ids are chosen first (an index walk, index-only where the
 * filters are columns of leads_newest_idx, skipped rows never read from the table), then joined
 * to their columns. The total is exact from lead_tallies when the filters allow, otherwise
 * counted up to LIST_COUNT_CAP (`total_capped` says there are more), never over every lead. A
 * search's page and total come from lead-search-page.ts, which picks its plan by the matches.
 */
export async function listLeads(
  db: Queryable,
  catalogue: Catalogue,
  known: KnownOrigins,
  query: LeadQuery,
  meId: string,
): Promise<StaffLeadPage> {
  if (query.q) {
    const { ids, total, total_capped } = await searchLeadPage(db, query, query.q, meId);
    const page = await db.query<LeadRow>(
      `SELECT ${STAFF_LEAD_COLUMNS} FROM ${STAFF_LEAD_FROM} WHERE l.id = ANY($1::char(24)[]) ${NEWEST_FIRST}`,
      [ids],
    );
    const leads = page.rows.map((row) => toStaffLead(row, catalogue, known));
    return { leads, total, total_capped, page: query.page, page_size: query.page_size };
  }
  const params: unknown[] = [];
  const where = leadWhere(query, params, meId);
  const offset = (query.page - 1) * query.page_size;
  const [total, page] = await Promise.all([
    leadTotal(db, query, where, params),
    db.query<LeadRow>(
      `SELECT ${STAFF_LEAD_COLUMNS}
         FROM (SELECT l.id FROM leads l ${where} ${NEWEST_FIRST} LIMIT $${params.length + 1} OFFSET $${params.length + 2}) page
         JOIN ${STAFF_LEAD_FROM} ON l.id = page.id ${NEWEST_FIRST}`,
      [...params, query.page_size, offset],
    ),
  ]);
  return {
    leads: page.rows.map((row) => toStaffLead(row, catalogue, known)),
    ...total,
    page: query.page,
    page_size: query.page_size,
  };
}

async function leadTotal(db: Queryable, query: LeadQuery, where: string, params: unknown[]) {
  const tallied = await talliedTotal(db, query);
  if (tallied !== null) return { total: tallied, total_capped: false };
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM leads l ${where} LIMIT ${LIST_COUNT_CAP + 1}) s`,
    params,
  );
  const counted = rows[0]?.n ?? 0;
  return { total: Math.min(counted, LIST_COUNT_CAP), total_capped: counted > LIST_COUNT_CAP };
}

export async function findLead(db: Queryable, catalogue: Catalogue, known: KnownOrigins, id: string): Promise<StaffLead | null> {
  if (!isLeadId(id)) return null;
  const { rows } = await db.query<LeadRow>(`SELECT ${STAFF_LEAD_COLUMNS} FROM ${STAFF_LEAD_FROM} WHERE l.id = $1`, [id]);
  return rows[0] ? toStaffLead(rows[0], catalogue, known) : null;
}

export async function dashboard(db: Queryable, catalogue: Catalogue, known: KnownOrigins, now = new Date()): Promise<DashboardAnswer> {
  const since = new Date(now.getTime() - DASHBOARD_DAYS * 24 * 60 * 60 * 1000);
  // One range scan of leads_newest_idx (it carries stage and source) for both counts; repeat
  // inquiries and merged leads are counted on the lead they joined (issue 23).
  const [recent, newest, byOrigin] = await Promise.all([
    db.query<{ stage: number; source: number; count: string }>(
      `SELECT stage, source, count(*) AS count FROM leads WHERE created_at >= $1 AND ${LISTED} GROUP BY stage, source`,
      [since],
    ),
    db.query<LeadRow>(
      `SELECT ${STAFF_LEAD_COLUMNS} FROM ${STAFF_LEAD_FROM} WHERE l.parent_lead_id IS NULL AND l.merged_into IS NULL ${NEWEST_FIRST} LIMIT ${DASHBOARD_NEWEST}`,
    ),
    leadsByOrigin(db, since),
  ]);
  // Every stage and source is listed, zeros included, in lookup order: the screen needs no gaps.
  const stageCount = new Map<number, number>();
  const sourceCount = new Map<number, number>();
  for (const row of recent.rows) {
    stageCount.set(row.stage, (stageCount.get(row.stage) ?? 0) + Number(row.count));
    sourceCount.set(row.source, (sourceCount.get(row.source) ?? 0) + Number(row.count));
  }
  return {
    since: since.toISOString(),
    by_stage: LEAD_STAGES.map(({ id }) => ({ stage: id, count: stageCount.get(id) ?? 0 })),
    by_source: LEAD_SOURCES.map(({ id }) => ({ source: id as LeadSource, count: sourceCount.get(id) ?? 0 })),
    newest: newest.rows.map((row) => toStaffLead(row, catalogue, known)),
    by_origin: byOrigin,
  };
}
