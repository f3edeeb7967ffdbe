/**
 * An admin changes a staff member's name, role or status (a member changes their own name:
 * renameOwnAccount). Version-checked (409 when stale). The last
 * admin — active, with a password of their own (a pending invitee does not count: the invitation
 * may expire) — can be neither demoted nor deactivated, also when two such changes run at once.
 * A deactivated account's sessions and outstanding reset links end in the same transaction, so it
 * is signed out at once and cannot be taken back through a link mailed earlier.
 */
import { z } from 'zod';
import type { Database } from '../db/database';
import type { StaffRole } from '../../src/crm-contract';
import type { StatusId } from '../../src/lookups';
import { Conflict } from '../domain-errors';
import { revokeAllSessions } from '../auth/sessions';
import { endResetLinks } from '../auth/password-reset';
import { versionField } from '../crm';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { auditStaffChange, renamedEntry } from '../audit/staff-audit';

export const LAST_ADMIN_MESSAGE = 'This is the last active admin: make another member an admin first.';
export const STAFF_CONFLICT_MESSAGE = 'Someone else changed this account meanwhile. Reload to see their change, then try again.';
export const ROLE_MESSAGE = 'Please choose a role: admin or counsellor.';
export const EDITOR_FLAG_MESSAGE = 'catalogue_editor must be true or false.';
export const EXPORTER_FLAG_MESSAGE = 'lead_exporter must be true or false.';
export const ALL_APPLICATIONS_FLAG_MESSAGE = 'all_applications must be true or false.';
export const SIGN_CONTRACTS_FLAG_MESSAGE = 'sign_contracts must be true or false.';
export const STATUS_MESSAGE = 'Please choose a status: Active (1) or Inactive (2).';

/** A staff member's name as people read it (mails to students are signed with it). */
export const staffNameField = z
  .string({ error: 'Please enter the name.' })
  .trim()
  .min(1, { error: 'Please enter the name.' })
  .max(100, { error: 'The name is too long (at most 100 characters).' });

export const staffChangeSchema = z.object(
  {
    version: versionField,
    name: staffNameField.optional(),
    role: z.enum(['admin', 'counsellor'], { error: ROLE_MESSAGE }).optional(),
    status: z.union([z.literal(1), z.literal(2)], { error: STATUS_MESSAGE }).optional(),
    catalogue_editor: z.boolean({ error: EDITOR_FLAG_MESSAGE }).optional(),
    lead_exporter: z.boolean({ error: EXPORTER_FLAG_MESSAGE }).optional(),
    all_applications: z.boolean({ error: ALL_APPLICATIONS_FLAG_MESSAGE }).optional(),
    sign_contracts: z.boolean({ error: SIGN_CONTRACTS_FLAG_MESSAGE }).optional(),
  },
  { error: 'The change must name the version of the record you read. Please reload and try again.' },
);
export type StaffChange = z.output<typeof staffChangeSchema>;

/**
 * Advisory-lock key held by every transaction that changes staff roles or status. Taken before
 * anything is read, so such changes run one after another: the second of two admins demoting each
 * other reads the first one's committed change and finds itself the last admin. (Row locks alone
 * leave gaps under READ COMMITTED, e.g. a promotion committed between the count and the update.)
 */
const STAFF_CHANGE_LOCK = 727_014;

/** Admins who count: active, and past the invitation (a password of their own). */
const REAL_ADMIN = `role = 'admin' AND status = 1 AND password_set`;

/** False when there is no such account. */
export async function changeStaff(db: Database, id: string, change: StaffChange, who?: AuditWho): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/.test(id)) return false;
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [STAFF_CHANGE_LOCK]);
    const { rows } = await client.query<{
      role: StaffRole;
      status: StatusId;
      version: number;
      catalogue_editor: boolean;
      lead_exporter: boolean;
      all_applications: boolean;
      sign_contracts: boolean;
      password_set: boolean;
      name: string;
    }>(
      'SELECT name, role, status, version, catalogue_editor, lead_exporter, all_applications, sign_contracts, password_set FROM users WHERE id = $1 FOR UPDATE',
      [id],
    );
    const current = rows[0];
    if (!current) return false;
    if (current.version !== change.version) throw new Conflict(STAFF_CONFLICT_MESSAGE, { version: current.version });
    const role = change.role ?? current.role;
    const status = change.status ?? current.status;
    const wasRealAdmin = current.role === 'admin' && current.status === 1 && current.password_set;
    if (wasRealAdmin && (role !== 'admin' || status !== 1)) {
      const { rows: admins } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE ${REAL_ADMIN} AND id <> $1`, [id]);
      if (Number(admins[0]?.n ?? 0) === 0) throw new Conflict(LAST_ADMIN_MESSAGE);
    }
    const editor = change.catalogue_editor ?? current.catalogue_editor;
    const exporter = change.lead_exporter ?? current.lead_exporter;
    const allApplications = change.all_applications ?? current.all_applications;
    const signContracts = change.sign_contracts ?? current.sign_contracts;
    const name = change.name ?? current.name;
    await client.query(
      'UPDATE users SET role = $2, status = $3, catalogue_editor = $4, lead_exporter = $5, name = $6, all_applications = $7, sign_contracts = $8, version = version + 1 WHERE id = $1',
      [id, role, status, editor, exporter, name, allApplications, signContracts],
    );
    if (status === 2) await revokeAllSessions(client, id);
    // Deactivated or reactivated: no link from before (or, by a race, from while inactive) works after.
    if (status !== current.status) await endResetLinks(client, id);
    if (who)
      for (const entry of auditStaffChange(who, id, current, {
        name,
        role,
        status,
        catalogue_editor: editor,
        lead_exporter: exporter,
        all_applications: allApplications,
        sign_contracts: signContracts,
      }))
        await recordAudit(client, entry);
    return true;
  });
}

/** A member renames their own account (audited as `staff.renamed`, by them); resolves the name kept. */
export async function renameOwnAccount(db: Database, id: string, name: string, who: AuditWho): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query<{ before: string }>(
      'UPDATE users u SET name = $2, version = u.version + 1 FROM (SELECT name AS before FROM users WHERE id = $1 FOR UPDATE) b WHERE u.id = $1 RETURNING b.before',
      [id, name],
    );
    const before = rows[0]?.before;
    if (before !== undefined && before !== name) await recordAudit(client, renamedEntry(who, id, before, name));
  });
}
