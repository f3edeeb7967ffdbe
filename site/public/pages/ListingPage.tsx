/**
 * The three listings, from GET /api/courses/search?course_type=N grouped here: full-time
 * vocational (by category), full-time non-vocational, and part-time (by category, then
 * sub-category). (GET /api/courses is the widget's lean list.) The grouped listings show at most
 * LISTING_COURSES_PER_CATEGORY cards per category (asking the API for one more, to know whether
 * there are more) and then link to the category's page, which pages through all of them.
 */
import { Link } from 'wouter';
import type { CourseSummary, NamedSlug } from '../../../src/contract';
import { LISTING_COURSES_PER_CATEGORY } from '../../../src/public-limits';
import { siteApi } from '../../lib/api';
import { useApi } from '../../lib/useApi';
import { ApplyBand } from '../components/ApplyBand';
import { CourseGrid } from '../components/CourseCard';
import { PageHeader } from '../components/PageHeader';
import { ErrorNotice, Loading } from '../components/Status';
import type { PageProps } from '../pageTypes';
import { compareText } from '../../lib/compare';

interface ListingKind {
  title: string;
  description: string;
  lead: string;
  courseType: 1 | 2;
  pick: (c: CourseSummary) => boolean;
  /** Where a category heading links, or null for an ungrouped list. */
  categoryBase: string | null;
}

const KINDS: Record<string, ListingKind> = {
  fullTimeListing: {
    title: 'Full Time Vocational Programs',
    description:
      'Approved full-time diploma programs in networking, cybersecurity, cloud and software, many eligible for OSAP and Better Jobs Ontario.',
    lead: 'Diploma programs approved under the Ontario Career Colleges Act, with hands-on labs, certification preparation and career support.',
    courseType: 1,
    pick: (c) => c.course_type === 1 && c.vocational,
    categoryBase: '/full-time-courses',
  },
  nonVocationalListing: {
    title: 'Full Time Non Vocational Programs',
    description: 'Intensive full-time programs focused on one vendor track or skill set, for learners who already work in IT.',
    lead: 'Shorter, intensive full-time programs that focus on one technology track, ideal if you already work in IT and want to move up.',
    courseType: 1,
    pick: (c) => c.course_type === 1 && !c.vocational,
    categoryBase: null,
  },
  partTimeListing: {
    title: 'Part Time Courses',
    description: 'Evening, weekend and online Cisco, Linux, CompTIA and Microsoft certification courses in Toronto.',
    lead: 'Evening, weekend and online courses that prepare you for a vendor certification while you keep working.',
    courseType: 2,
    pick: (c) => c.course_type === 2,
    categoryBase: '/part-time-courses',
  },
};

interface Group {
  category: NamedSlug | null;
  courses: CourseSummary[];
  /** The category has more courses than the listing shows. */
  more: boolean;
}

function groupByCategory(listed: CourseSummary[], pick: (c: CourseSummary) => boolean): Group[] {
  const groups = new Map<string, Group & { listed: number }>();
  for (const course of listed) {
    const key = course.category?.slug ?? '';
    const group = groups.get(key) ?? { category: course.category, courses: [], more: false, listed: 0 };
    group.listed += 1;
    group.more = group.listed > LISTING_COURSES_PER_CATEGORY;
    if (pick(course) && group.courses.length < LISTING_COURSES_PER_CATEGORY) group.courses.push(course);
    groups.set(key, group);
  }
  for (const [key, group] of groups) if (group.courses.length === 0) groups.delete(key);
  // Uncategorised courses (`~` sorts after letters) come last.
  return [...groups.values()].sort((a, b) => compareText(a.category?.name ?? '~', b.category?.name ?? '~'));
}

export default function ListingPage({ route }: PageProps) {
  const kind = KINDS[route.page] ?? KINDS.fullTimeListing!;
  // The ungrouped listing (full-time non-vocational programs: a handful) lists every program.
  const state = useApi(
    kind.categoryBase ? siteApi.listingOfType(kind.courseType, LISTING_COURSES_PER_CATEGORY + 1) : siteApi.coursesOfType(kind.courseType),
  );
  const courses = state.status === 'ready' ? state.data.filter(kind.pick) : [];
  return (
    <>
      <PageHeader title={kind.title} description={kind.description} lead={kind.lead} />
      <div className="container page">
        {state.status === 'loading' && <Loading label="Loading programs…" />}
        {state.status === 'error' && <ErrorNotice message={state.error.message} />}
        {state.status === 'ready' && !kind.categoryBase && <CourseGrid courses={courses} headingLevel={2} />}
        {state.status === 'ready' && kind.categoryBase && courses.length === 0 && <CourseGrid courses={[]} />}
        {state.status === 'ready' &&
          kind.categoryBase &&
          groupByCategory(state.data, kind.pick).map((group) => (
            <section key={group.category?.slug ?? 'other'} className="listing-group">
              <h2>
                {group.category ? (
                  <Link href={`${kind.categoryBase}/${group.category.slug}`}>{group.category.name}</Link>
                ) : (
                  'Other programs'
                )}
              </h2>
              <CourseGrid courses={group.courses} />
              {group.more && group.category && (
                <p className="listing-more">
                  <Link href={`${kind.categoryBase}/${group.category.slug}`} className="btn btn-outline">
                    View all {group.category.name} {kind.courseType === 1 ? 'programs' : 'courses'}
                  </Link>
                </p>
              )}
            </section>
          ))}
      </div>
      <ApplyBand />
    </>
  );
}
