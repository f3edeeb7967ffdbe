/**
 * A course's detail page, from GET /api/courses/slug/:slug: description, outline, duration with its
 * unit, delivery mode, certification, next intakes, the decision content (tuition and fees, admission
 * requirements, career outcomes, KPI figures for vocational programs; each absent when null), and an Apply button that opens the inquiry
 * widget preset and locked to this course and its course type. An unknown slug shows the 404 page.
 */
import { ApplyButton } from '../components/ApplyButton';
import { Link } from 'wouter';
import type { CourseDetail } from '../../../src/contract';
import { siteApi } from '../../lib/api';
import { courseTypeTitle, deliveryModeTitle, formatDate, formatDuration, sortIntakes } from '../../lib/courses';
import { currentOrigin } from '../../lib/head';
import { courseLd } from '../../lib/structuredData';
import { useStructuredData } from '../../lib/usePageMeta';
import { useApi } from '../../lib/useApi';
import { PageHeader } from '../components/PageHeader';
import { Illustration } from '../components/Illustration';
import { AdmissionSection } from '../components/course/AdmissionSection';
import { FeesSection } from '../components/course/FeesSection';
import { KpiSection } from '../components/course/KpiSection';
import { NextIntake } from '../components/course/NextIntake';
import { OutcomesSection } from '../components/course/OutcomesSection';
import { UpcomingEvents } from './events/UpcomingEvents';
import { courseAreaImage } from '../../lib/images';
import { notReadyPage } from '../MissingPage';
import type { PageProps } from '../pageTypes';

export default function CoursePage({ params }: PageProps) {
  const slug = params.courseSlug ?? params.slug ?? '';
  const state = useApi(siteApi.course(slug));
  if (state.status !== 'ready') return notReadyPage(state);
  return <CourseView course={state.data} />;
}

function CourseView({ course }: { course: CourseDetail }) {
  const intakes = sortIntakes(course.intakes ?? []);
  useStructuredData('course', courseLd(course, currentOrigin()));
  const listing =
    course.course_type === 1 ? (course.vocational ? '/full-time-courses' : '/full-time-courses-non-vocational') : '/part-time-courses';
  return (
    <>
      <PageHeader
        title={course.course_name}
        description={course.summary || `${course.course_name} at our Toronto college.`}
        lead={course.summary}
        eyebrow={courseTypeTitle(course.course_type)}
        canonical={course.path}
      >
        <div className="header-actions">
          <ApplyButton className="btn btn-accent btn-large" course={course._id} courseType={course.course_type}>
            Apply for this {course.course_type === 1 ? 'program' : 'course'}
          </ApplyButton>
          <Link href={listing} className="btn btn-outline-light btn-large">
            All {course.course_type === 1 ? 'programs' : 'courses'}
          </Link>
        </div>
      </PageHeader>
      <div className="container page with-aside">
        <article className="prose">
          <section className="content-section">
            <h2>About this {course.course_type === 1 ? 'program' : 'course'}</h2>
            {course.description.split(/\n{2,}/).map((para) => (
              <p key={para}>{para}</p>
            ))}
          </section>
          {course.outline.length > 0 && (
            <section className="content-section">
              <h2>Course outline</h2>
              <ol className="outline">
                {course.outline.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            </section>
          )}
          {course.fees && <FeesSection fees={course.fees} programWord={course.course_type === 1 ? 'program' : 'course'} />}
          {course.admission && <AdmissionSection admission={course.admission} />}
          {course.outcomes && <OutcomesSection outcomes={course.outcomes} />}
          {course.kpi && <KpiSection kpi={course.kpi} />}
          <section className="content-section">
            <h2>Next intakes</h2>
            {intakes.length === 0 ? (
              <p>New dates are being scheduled. Apply now and an adviser will tell you the next start date.</p>
            ) : (
              <ul className="intake-list">
                {intakes.slice(0, 6).map((intake) => (
                  <li key={intake._id}>
                    <strong>{formatDate(intake.start_date)}</strong> to {formatDate(intake.end_date)},{' '}
                    {deliveryModeTitle(intake.delivery_mode)}, {intake.schedule}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <UpcomingEvents courseId={course._id} limit={3} title="Information sessions and open houses" />
        </article>
        <aside className="card course-facts" aria-label="Course facts">
          <Illustration image={courseAreaImage(course)} className="course-art" />
          <h2>At a glance</h2>
          <dl className="facts">
            <dt>Duration</dt>
            <dd>{formatDuration(course.duration, course.duration_unit)}</dd>
            <dt>Delivery mode</dt>
            <dd>{deliveryModeTitle(course.delivery_mode)}</dd>
            <dt>Certification</dt>
            <dd>{course.certification ?? 'College certificate of completion'}</dd>
            <dt>Type</dt>
            <dd>{courseTypeTitle(course.course_type)}</dd>
          </dl>
          <NextIntake intake={intakes[0]} />
          <ApplyButton className="btn btn-accent btn-block" course={course._id} courseType={course.course_type}>
            Apply Now
          </ApplyButton>
          {/* Issue 33: beside the inquiry (Apply Now), the full application in the applicant portal. */}
          <a className="btn btn-outline btn-block course-start-application" href={`/apply?course=${course._id}`}>
            Start your application
          </a>
        </aside>
      </div>
    </>
  );
}
