/** The staff list for owner pickers and filters: active members, loaded once per screen. */
import type { StaffMember } from '../../../src/crm-contract';
import { fetchStaff } from '../shared/work-api';
import { useStaffQuery } from '../shared/useStaffQuery';

export function useStaffList(): { all: StaffMember[]; active: StaffMember[]; reload(): void } {
  const { data, reload } = useStaffQuery((signal) => fetchStaff(signal), 'staff-list');
  const all = data?.staff ?? [];
  return { all, active: all.filter((member) => member.status === 1), reload };
}
