/**
 * Program of interest on an event's registration form: a select of the programs the event
 * covers (preselected when it covers exactly one), or, for an event about every program, the
 * inquiry form's course list (GET {api}/courses through useCourses, 'Need advise with program
 * choice' first) with the same loading and failure states.
 */
import type { PublicEvent } from '../../src/events-contract';
import type { FieldErrors } from '../../src/field-errors';
import type { CourseList } from '../course-source';
import { CourseListStatus } from './CourseFields';
import { Field } from './Field';
import { invalidProps } from './field-errors';
import { useCourses, type CourseOption, type Courses } from './useCourses';

interface ProgramFieldProps {
  event: PublicEvent;
  courseList: CourseList;
  value: string;
  errors: FieldErrors;
  onValue(value: string): void;
}

/** Optional, as the inquiry form's Course: the server takes none (an event's only program stands in). */
export const PROGRAM_LABEL = 'Program of interest';

/** The program to preselect: the event's only one, else none. */
export const preselectedProgram = (event: PublicEvent): string => (event.courses.length === 1 ? (event.courses[0]?._id ?? '') : '');

export function ProgramField(props: ProgramFieldProps) {
  return props.event.courses.length > 0 ? <ProgramSelect {...props} options={props.event.courses} /> : <AllPrograms {...props} />;
}

function AllPrograms(props: ProgramFieldProps) {
  const courses = useCourses(props.courseList, '', null);
  return <ProgramSelect {...props} options={courses.options} courses={courses} />;
}

function ProgramSelect({
  value,
  errors,
  onValue,
  options,
  courses,
}: ProgramFieldProps & {
  options: readonly CourseOption[];
  /** The inquiry form's list, when that is what is offered. */ courses?: Courses;
}) {
  const status = courses && courses.state !== 'ready' ? 'ci-course-status' : undefined;
  return (
    <Field id="ci-course" label={PROGRAM_LABEL} errors={errors} field="course_id">
      <select
        id="ci-course"
        name="course_id"
        className="ci-select"
        value={value}
        aria-busy={courses?.state === 'loading'}
        onChange={(e) => onValue(e.currentTarget.value)}
        {...invalidProps(errors, 'course_id', status)}
      >
        {(courses || options.length > 1) && <option value="">Select a program</option>}
        {options.map((course) => (
          <option key={course._id} value={course._id}>
            {course.course_name}
          </option>
        ))}
      </select>
      {courses && <CourseListStatus courses={courses} />}
    </Field>
  );
}
