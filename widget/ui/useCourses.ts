/**
 * The Course select's options (requirements R-wire): GET {api}/courses when the form opens, replaced by
 * GET {api}/courses/search?course_type={id} when a course type is chosen. The state says whether
 * the list is loading or failed, so the form can show it (and offer a retry) instead of leaving
 * the visitor with only "Need advise" and learning it at Submit. Each request has a time limit.
 * A failed course-type search is only logged (requirements R-quiet-failures: nothing is shown): the select then offers
 * the full list's courses of that type if it was loaded, else what it had, and stays usable.
 */
import { useEffect, useRef, useState } from 'react';
import { NEED_ADVICE_COURSE_ID, type CourseSummary } from '../../src/contract';
import type { CourseTypeId } from '../../src/lookups';
import { courseListPath, type CourseList } from '../course-source';
import { REQUEST_TIMEOUT_MS } from '../submit-lead';

export interface CourseOption {
  _id: string;
  course_name: string;
}

export type CoursesState = 'loading' | 'ready' | 'failed';

export interface Courses {
  options: CourseOption[];
  state: CoursesState;
  retry(): void;
}

/** Requirements R-need-advice, letter for letter (sic: "advise"). */
export const NEED_ADVICE_OPTION: CourseOption = { _id: NEED_ADVICE_COURSE_ID, course_name: 'Need advise with program choice' };

export function useCourses(courseList: CourseList, courseType: CourseTypeId | '', lockedCourse: string | null): Courses {
  const [courses, setCourses] = useState<CourseOption[]>([]);
  const [state, setState] = useState<CoursesState>('loading');
  const [attempt, setAttempt] = useState(0);
  /** Names seen so far, so a locked course keeps its label whatever list is showing. */
  const names = useRef(new Map<string, string>());
  /** The last full list (GET /courses, lean but typed): a failed type search falls back to it. */
  const all = useRef<CourseSummary[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    // Cancelled (a newer list replaced this one, or the form closed) vs timed out: only the latter is a failure.
    let cancelled = false;
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    const path = courseListPath(courseType);
    setState('loading');
    courseList(path, controller.signal)
      .then((body) => {
        const list = Array.isArray(body) ? (body as CourseSummary[]).filter(isCourse) : [];
        for (const course of list) names.current.set(course._id, course.course_name);
        if (!courseType) all.current = list;
        setCourses(toOptions(list));
        setState('ready');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn(`[CollegeInquiry] could not load courses (${path}):`, error instanceof Error ? error.message : error);
        if (!courseType) return setState('failed');
        // Requirements R-quiet-failures: a failed course-type search is only logged.
        if (all.current) setCourses(toOptions(all.current.filter((course) => course.course_type === courseType)));
        setState('ready');
      })
      .finally(() => clearTimeout(timer));
    return () => {
      cancelled = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [courseList, courseType, attempt]);

  const options = [NEED_ADVICE_OPTION, ...courses.filter((course) => course._id !== NEED_ADVICE_COURSE_ID)];
  if (lockedCourse && !options.some((course) => course._id === lockedCourse)) {
    options.push({ _id: lockedCourse, course_name: names.current.get(lockedCourse) ?? 'Selected course' });
  }
  return { options, state, retry: () => setAttempt((n) => n + 1) };
}

const toOptions = (list: readonly CourseSummary[]): CourseOption[] => list.map(({ _id, course_name }) => ({ _id, course_name }));

function isCourse(value: CourseSummary): boolean {
  return Boolean(value) && typeof value._id === 'string' && typeof value.course_name === 'string';
}
