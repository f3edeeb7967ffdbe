/** An owner filter's options for every staff member but the signed-in one, who is the filter's "Mine". */
import { useAuth } from '../stores/auth';
import { useStaffList } from './useStaffList';

export function OtherStaffOptions() {
  const me = useAuth((state) => state.user);
  const { all } = useStaffList();
  return (
    <>
      {all
        .filter((member) => member._id !== me?._id)
        .map((member) => (
          <option key={member._id} value={member._id}>
            {member.name}
          </option>
        ))}
    </>
  );
}

/** An owner filter's whole list: all, mine, unassigned, then everyone else. */
export function OwnerFilterOptions() {
  return (
    <>
      <option value="">All</option>
      <option value="me">Mine</option>
      <option value="none">Unassigned</option>
      <OtherStaffOptions />
    </>
  );
}
