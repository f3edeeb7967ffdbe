/**
 * Course Type and Course (requirements R-inquiry-form, R-calls): presets lock them; the Course select says when its list
 * is loading, and when it could not be loaded, with a Retry.
 */
import { INQUIRY_COURSE_TYPES, type CourseTypeId } from '../../src/lookups';
import type { InquiryRequest } from '../controller';
import type { FieldErrors } from '../../src/field-errors';
import { FieldError, invalidProps } from './field-errors';
import type { Courses } from './useCourses';

interface CourseFieldsProps {
  request: InquiryRequest;
  courseType: CourseTypeId | '';
  courseId: string;
  courses: Courses;
  errors: FieldErrors;
  onCourseType(value: string): void;
  onCourse(value: string): void;
}

export const COURSES_LOADING = 'Loading courses...';
export const COURSES_FAILED = 'We could not load the course list.';

export function CourseFields({ request, courseType, courseId, courses, errors, onCourseType, onCourse }: CourseFieldsProps) {
  const status = courses.state === 'ready' ? undefined : 'ci-course-status';
  return (
    <div className="ci-row">
      <div className="ci-field">
        <label className="ci-label" htmlFor="ci-course-type">
          Course Type
        </label>
        <select
          id="ci-course-type"
          name="course_type"
          className="ci-select"
          value={String(courseType)}
          disabled={request.courseType !== null}
          onChange={(e) => onCourseType(e.currentTarget.value)}
          {...invalidProps(errors, 'course_type')}
        >
          <option value="">Select Course Type</option>
          {INQUIRY_COURSE_TYPES.map((type) => (
            <option key={type.id} value={String(type.id)}>
              {type.title}
            </option>
          ))}
        </select>
        <FieldError errors={errors} field="course_type" />
      </div>
      <div className="ci-field">
        <label className="ci-label" htmlFor="ci-course">
          Course
        </label>
        <select
          id="ci-course"
          name="course_id"
          className="ci-select"
          value={courseId}
          disabled={request.course !== null}
          aria-busy={courses.state === 'loading'}
          onChange={(e) => onCourse(e.currentTarget.value)}
          {...invalidProps(errors, 'course_id', status)}
        >
          <option value="">Select Course</option>
          {courses.options.map((course) => (
            <option key={course._id} value={course._id}>
              {course.course_name}
            </option>
          ))}
        </select>
        <FieldError errors={errors} field="course_id" />
        <CourseListStatus courses={courses} />
      </div>
    </div>
  );
}

/** Under a course select: the list is loading, or could not be loaded (with a Retry). Its id is the select's aria-describedby. */
export function CourseListStatus({ courses }: { courses: Courses }) {
  if (courses.state === 'loading') {
    return (
      <p className="ci-hint ci-loading" id="ci-course-status" role="status">
        {COURSES_LOADING}
      </p>
    );
  }
  if (courses.state === 'failed') {
    return (
      <p className="ci-error" id="ci-course-status" role="alert">
        {COURSES_FAILED}{' '}
        <button type="button" className="ci-retry" onClick={courses.retry}>
          Retry
        </button>
      </p>
    );
  }
  return null;
}
