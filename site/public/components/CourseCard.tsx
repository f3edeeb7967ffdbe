/** One course in a listing: name (link), summary, duration, delivery mode. */
import { Link } from 'wouter';
import type { CourseSummary } from '../../../src/contract';
import { coursePath } from '../../../src/course-path';
import { deliveryModeTitle, formatDuration } from '../../lib/courses';

export function CourseCard({ course, headingLevel = 3 }: { course: CourseSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card course-card">
      <Heading className="card-title">
        <Link href={coursePath(course, course.category, course.sub_category)}>{course.course_name}</Link>
      </Heading>
      {course.summary && <p>{course.summary}</p>}
      <ul className="tags" aria-label="Course facts">
        <li>{formatDuration(course.duration, course.duration_unit)}</li>
        <li>{deliveryModeTitle(course.delivery_mode)}</li>
        {course.certification && <li>{course.certification}</li>}
      </ul>
    </article>
  );
}

export function CourseGrid({ courses, headingLevel = 3 }: { courses: CourseSummary[]; headingLevel?: 2 | 3 }) {
  if (courses.length === 0) return <p>No courses are open for enrolment here at the moment. Please check back soon or contact us.</p>;
  return (
    <div className="card-grid">
      {courses.map((course) => (
        <CourseCard key={course._id} course={course} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
