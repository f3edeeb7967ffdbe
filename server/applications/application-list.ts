/**
 * GET /api/crm/applications (issue 33): a page of the applications in the caller's view, with the
 * total and the counts per shown status. The counts honour the same view and every filter but the
 * status, so each status chip says how many rows choosing it would list.
 */
import type { Queryable } from '../db/database';
import {
  APPLICATION_STATUSES,
  type ApplicationListPage,
  type ApplicationListRow,
  type ApplicationStatus,
} from '../../src/application-contract';
import { shownStatus } from './application-status';
import { visibleCondition, type ApplicationView } from './staff-visibility';
import { APPLICATION_PAGE_SIZE, filterConditions, orderBy, statusCondition, type ApplicationQuery } from './application-list-query';
import { LABEL_COLUMNS, LABEL_JOINS, fullName, intakeLabel, ownerOf, type LabelRow } from './staff-labels';

interface ListRow extends LabelRow {
  id: string;
  lead_id: string;
  email: string;
  status: string;
  answer: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function listApplications(db: Queryable, view: ApplicationView, query: ApplicationQuery): Promise<ApplicationListPage> {
  const params: unknown[] = [];
  const base = [visibleCondition(view, params), ...filterConditions(query, params, view.userId)];
  const countParams = [...params];
  const where = query.status ? [...base, statusCondition(query.status, params)] : base;
  params.push(APPLICATION_PAGE_SIZE, (query.page - 1) * APPLICATION_PAGE_SIZE);
  const [page, counts] = await Promise.all([
    db.query<ListRow>(
      `SELECT * FROM (
         SELECT a.id, a.lead_id, a.email, a.status, a.answer, a.created_at, a.updated_at, ${LABEL_COLUMNS}
           FROM applications a JOIN leads l ON l.id = a.lead_id ${LABEL_JOINS}
          WHERE ${where.join(' AND ')}) a
       ${orderBy(query)}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    db.query<{ status: string; n: string }>(
      `SELECT coalesce(a.answer, a.status) AS status, count(*) AS n
         FROM applications a JOIN leads l ON l.id = a.lead_id
        WHERE ${base.join(' AND ')} GROUP BY 1`,
      countParams,
    ),
  ]);
  const byStatus = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s.id, 0])) as Record<ApplicationStatus, number>;
  for (const row of counts.rows) byStatus[shownStatus({ status: row.status, answer: null })] = Number(row.n);
  const total = query.status ? byStatus[query.status] : Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return { applications: page.rows.map(toListRow), total, counts: byStatus };
}

function toListRow(row: ListRow): ApplicationListRow {
  return {
    _id: row.id.trim(),
    lead_id: row.lead_id.trim(),
    name: fullName(row),
    email: row.email,
    program: row.program,
    intake: intakeLabel(row.intake_start),
    status: shownStatus(row),
    owner: ownerOf(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
