/** Staff accounts as the CRM sees them: roles, Active/Inactive status, the admin check. */
import type { Queryable } from '../db/database';
import type { StaffMember, StaffRole } from '../../src/crm-contract';
import type { StatusId } from '../../src/lookups';
import { InvalidInput } from '../domain-errors';

export const STAFF_NOT_FOUND_MESSAGE = 'There is no staff member with this id.';
export const OWNER_INVALID_MESSAGE = 'Please choose an active staff member as the owner.';

const isId = (id: unknown): id is string => typeof id === 'string' && /^[0-9a-f]{24}$/.test(id);

interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  status: number;
  version: number;
  invited: boolean;
  catalogue_editor: boolean;
  lead_exporter: boolean;
  all_applications: boolean;
  sign_contracts: boolean;
}

/** Selects a StaffRow; "invited" = a live invitation and no sign-in-able password chosen yet. */
export const STAFF_COLUMNS = `u.id, u.name, u.email, u.role, u.status, u.version, u.catalogue_editor, u.lead_exporter, u.all_applications, u.sign_contracts,
  EXISTS (SELECT 1 FROM password_resets r WHERE r.user_id = u.id AND r.purpose = 'invite' AND r.used_at IS NULL) AS invited`;

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    _id: row.id.trim(),
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status as StatusId,
    invited: row.invited,
    version: row.version,
    catalogue_editor: row.catalogue_editor,
    lead_exporter: row.lead_exporter,
    all_applications: row.all_applications,
    sign_contracts: row.sign_contracts,
  };
}

export async function listStaff(db: Queryable): Promise<StaffMember[]> {
  const { rows } = await db.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM users u ORDER BY u.status, lower(u.name), u.id`);
  return rows.map(toStaffMember);
}

export async function findStaff(db: Queryable, id: string): Promise<StaffMember | null> {
  if (!isId(id)) return null;
  const { rows } = await db.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ? toStaffMember(rows[0]) : null;
}

/** The owner a lead or an activity is given must be an active account; else InvalidInput. */
export async function requireActiveStaff(db: Queryable, id: unknown): Promise<{ _id: string; name: string }> {
  if (!isId(id)) throw new InvalidInput(OWNER_INVALID_MESSAGE);
  const { rows } = await db.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE id = $1 AND status = 1', [id]);
  const row = rows[0];
  if (!row) throw new InvalidInput(OWNER_INVALID_MESSAGE);
  return { _id: row.id.trim(), name: row.name };
}

export async function roleOf(db: Queryable, userId: string): Promise<StaffRole | null> {
  const { rows } = await db.query<{ role: StaffRole }>('SELECT role FROM users WHERE id = $1 AND status = 1', [userId]);
  return rows[0]?.role ?? null;
}
