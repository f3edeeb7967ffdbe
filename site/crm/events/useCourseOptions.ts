/** The catalogue's active courses, sorted by name, for the editor's program choices and the walk-in form. */
import type { CourseOption } from '../../../src/contract';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchCourseOptions } from './events-api';

export function useCourseOptions(): CourseOption[] {
  const { data } = useStaffQuery((signal) => fetchCourseOptions(signal), 'course-options');
  return data ? [...data].sort((a, b) => a.course_name.localeCompare(b.course_name)) : [];
}
