/** The audit entries of an admin's change to a staff account: one per kind of change made. */
import type { StaffRole } from '../../src/crm-contract';
import type { AuditRecord, AuditWho } from './audit-log';

export interface StaffGrants {
  name: string;
  role: StaffRole;
  status: number;
  catalogue_editor: boolean;
  lead_exporter: boolean;
  all_applications: boolean;
  sign_contracts: boolean;
}

const PERMISSIONS = ['catalogue_editor', 'lead_exporter', 'all_applications', 'sign_contracts'] as const;

export function auditStaffChange(who: AuditWho, targetId: string, before: StaffGrants, after: StaffGrants): AuditRecord[] {
  const target = { target_id: targetId };
  const entries: AuditRecord[] = [];
  if (before.name !== after.name) entries.push(renamedEntry(who, targetId, before.name, after.name));
  if (before.role !== after.role) {
    entries.push({ ...who, action: 'staff.role_changed', details: { ...target, from: before.role, to: after.role } });
  }
  for (const permission of PERMISSIONS) {
    if (before[permission] !== after[permission]) {
      entries.push({ ...who, action: 'staff.permission_changed', details: { ...target, permission, granted: after[permission] } });
    }
  }
  if (before.status !== after.status) {
    entries.push({ ...who, action: after.status === 2 ? 'staff.deactivated' : 'staff.reactivated', details: target });
  }
  return entries;
}

/** A name changed, by an admin or by its owner: the name before and after. */
export function renamedEntry(who: AuditWho, targetId: string, from: string, to: string): AuditRecord {
  return { ...who, action: 'staff.renamed', details: { target_id: targetId, from, to } };
}
