/** The staff side's reads and writes of leads: the inbox page, one lead, a stage change, the dashboard. */
import type { Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import type { DashboardAnswer, LeadSource, StaffLead, StaffLeadPage } from '../../src/contract';
import { LEAD_SOURCES, LEAD_STAGES } from '../../src/lookups';
import { leadWhere, type LeadQuery } from './lead-filters';
import { STAFF_LEAD_COLUMNS, STAFF_LEAD_FROM, toStaffLead, type LeadRow } from './staff-lead';

export const DASHBOARD_DAYS = 30;
export const DASHBOARD_NEWEST = 10;

const NEWEST_FIRST = 'ORDER BY l.created_at DESC, l.id DESC';
const isLeadId = (id: string) => /^[0-9a-f]{24}$/.test(id);

export async function listLeads(db: Queryable, catalogue: Catalogue, query: LeadQuery, meId: string): Promise<StaffLeadPage> {
  const params: unknown[] = [];
  const where = leadWhere(query, params, meId);
  const count = await db.query<{ total: string }>(`SELECT count(*) AS total FROM leads l ${where}`, params);
  const offset = (query.page - 1) * query.page_size;
  const { rows } = await db.query<LeadRow>(
    `SELECT ${STAFF_LEAD_COLUMNS} FROM ${STAFF_LEAD_FROM} ${where} ${NEWEST_FIRST}
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.page_size, offset],
  );
  return {
    leads: rows.map((row) => toStaffLead(row, catalogue)),
    total: Number(count.rows[0]?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

export async function findLead(db: Queryable, catalogue: Catalogue, id: string): Promise<StaffLead | null> {
  if (!isLeadId(id)) return null;
  const { rows } = await db.query<LeadRow>(`SELECT ${STAFF_LEAD_COLUMNS} FROM ${STAFF_LEAD_FROM} WHERE l.id = $1`, [id]);
  return rows[0] ? toStaffLead(rows[0], catalogue) : null;
}

export async function dashboard(db: Queryable, catalogue: Catalogue, now = new Date()): Promise<DashboardAnswer> {
  const since = new Date(now.getTime() - DASHBOARD_DAYS * 24 * 60 * 60 * 1000);
  const byStage = await db.query<{ stage: number; count: string }>(
    'SELECT stage, count(*) AS count FROM leads WHERE created_at >= $1 GROUP BY stage',
    [since],
  );
  const bySource = await db.query<{ source: number; count: string }>(
    'SELECT source, count(*) AS count FROM leads WHERE created_at >= $1 GROUP BY source',
    [since],
  );
  const newest = await db.query<LeadRow>(
    `SELECT ${STAFF_LEAD_COLUMNS} FROM ${STAFF_LEAD_FROM} ${NEWEST_FIRST} LIMIT ${DASHBOARD_NEWEST}`,
  );
  // Every stage and source is listed, zeros included, in lookup order: the screen needs no gaps.
  const stageCount = new Map(byStage.rows.map((r) => [r.stage, Number(r.count)]));
  const sourceCount = new Map(bySource.rows.map((r) => [r.source, Number(r.count)]));
  return {
    since: since.toISOString(),
    by_stage: LEAD_STAGES.map(({ id }) => ({ stage: id, count: stageCount.get(id) ?? 0 })),
    by_source: LEAD_SOURCES.map(({ id }) => ({ source: id as LeadSource, count: sourceCount.get(id) ?? 0 })),
    newest: newest.rows.map((row) => toStaffLead(row, catalogue)),
  };
}
