/**
 * What the signed-in member may do beyond the basics (issue 21), from the own account that the
 * catalogue access store reads on opening and on focus: admins read the audit log, export leads and
 * change anyone's activities; others export only with the export permission and change only their
 * own activities. Buttons follow this; the server refuses with 403 whatever it says.
 */
import type { Activity, StaffMember } from '../../../src/crm-contract';
import { useCatalogueAccess } from '../catalogue/access';

type Member = Pick<StaffMember, '_id' | 'role' | 'lead_exporter'> | null;

export const isAdmin = (member: Member): boolean => member?.role === 'admin';
export const mayExportLeads = (member: Member): boolean => isAdmin(member) || member?.lead_exporter === true;
export const mayChangeActivity = (member: Member, activity: Pick<Activity, 'owner'>): boolean =>
  isAdmin(member) || (member !== null && activity.owner._id === member._id);

export const useOwnAccount = (): StaffMember | null => useCatalogueAccess((state) => state.account);
