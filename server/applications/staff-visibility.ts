/**
 * Which applications a staff member may see (issue 33): a counsellor those of the leads they own;
 * admins, and accounts an admin granted "all applications" on the Staff page, every one. The grant
 * is read from the database on each call, so a revoked grant counts at once. An application out of
 * view answers as an unknown one does (404), so its existence is not revealed either.
 */
import type { Queryable } from '../db/database';
import { NotFound } from '../domain-errors';

export const APPLICATION_NOT_FOUND_MESSAGE = 'There is no application with this id.';

export interface ApplicationView {
  userId: string;
  /** Sees every application (admin, or granted all_applications). */
  all: boolean;
}

export async function applicationViewOf(db: Queryable, userId: string): Promise<ApplicationView> {
  const { rows } = await db.query<{ all: boolean }>(
    `SELECT role = 'admin' OR all_applications AS all FROM users WHERE id = $1 AND status = 1`,
    [userId],
  );
  return { userId, all: rows[0]?.all ?? false };
}

/** The SQL condition (on the lead aliased `l`) of the view; a counsellor's id goes into `params`. */
export function visibleCondition(view: ApplicationView, params: unknown[]): string {
  if (view.all) return 'TRUE';
  params.push(view.userId);
  return `l.owner_id = $${params.length}`;
}

export interface VisibleApplication {
  id: string;
  lead_id: string;
  email: string;
  status: string;
  answer: string | null;
  decided_at: Date | null;
}

/** The application if it exists and is in view, locked when `forUpdate`; else NotFound. */
export async function visibleApplication(db: Queryable, view: ApplicationView, id: string, forUpdate = false): Promise<VisibleApplication> {
  if (!/^[0-9a-f]{24}$/.test(id)) throw new NotFound(APPLICATION_NOT_FOUND_MESSAGE);
  const params: unknown[] = [id];
  const { rows } = await db.query<VisibleApplication>(
    `SELECT a.id, a.lead_id, a.email, a.status, a.answer, a.decided_at
       FROM applications a JOIN leads l ON l.id = a.lead_id
      WHERE a.id = $1 AND ${visibleCondition(view, params)}${forUpdate ? ' FOR UPDATE OF a' : ''}`,
    params,
  );
  const row = rows[0];
  if (!row) throw new NotFound(APPLICATION_NOT_FOUND_MESSAGE);
  return { ...row, id: row.id.trim(), lead_id: row.lead_id.trim() };
}
