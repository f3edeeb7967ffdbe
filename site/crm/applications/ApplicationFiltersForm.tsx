/** The Applications list's filter selects (applied on change): status, program and owner. */
import { OwnerFilterOptions } from '../work/OtherStaffOptions';
import { useCourseOptions } from '../events/useCourseOptions';
import type { ApplicationFilters } from './applications-api';
import { statusList } from './application-labels';

export function ApplicationFiltersForm({
  filters,
  onChange,
}: {
  filters: ApplicationFilters;
  onChange(patch: Partial<ApplicationFilters>): void;
}) {
  const courses = useCourseOptions();
  return (
    <form className="crm-filters" aria-label="Filter applications" onSubmit={(e) => e.preventDefault()}>
      <div className="crm-field">
        <label htmlFor="app-status">Status</label>
        <select id="app-status" value={filters.status} onChange={(e) => onChange({ status: e.currentTarget.value })}>
          <option value="">All</option>
          {statusList.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </div>
      <div className="crm-field">
        <label htmlFor="app-program">Program</label>
        <select id="app-program" value={filters.program} onChange={(e) => onChange({ program: e.currentTarget.value })}>
          <option value="">All</option>
          {courses.map((c) => (
            <option key={c._id} value={c._id}>
              {c.course_name}
            </option>
          ))}
        </select>
      </div>
      <div className="crm-field">
        <label htmlFor="app-owner">Owner</label>
        <select id="app-owner" value={filters.owner} onChange={(e) => onChange({ owner: e.currentTarget.value })}>
          <OwnerFilterOptions />
        </select>
      </div>
    </form>
  );
}
