/**
 * The Course select's options (seed §7): GET {api}/courses when the form opens, replaced by
 * GET {api}/courses/search?course_type={id} when a course type is chosen. A failure is only
 * logged (seed §8); the list then keeps the "Need advise" entry.
 */
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../src/api-client';
import { NEED_ADVICE_COURSE_ID, type CourseSummary } from '../../src/contract';
import type { CourseTypeId } from '../../src/lookups';

export interface CourseOption {
  _id: string;
  course_name: string;
}

/** Seed §3, letter for letter (sic: "advise"). */
export const NEED_ADVICE_OPTION: CourseOption = { _id: NEED_ADVICE_COURSE_ID, course_name: 'Need advise with program choice' };

export function useCourses(apiBase: string, courseType: CourseTypeId | '', lockedCourse: string | null): CourseOption[] {
  const [courses, setCourses] = useState<CourseOption[]>([]);
  /** Names seen so far, so a locked course keeps its label whatever list is showing. */
  const names = useRef(new Map<string, string>());

  useEffect(() => {
    const controller = new AbortController();
    const path = courseType === '' ? '/courses' : `/courses/search?course_type=${courseType}`;
    apiFetch<unknown>(apiBase, path, { signal: controller.signal })
      .then((body) => {
        const list = Array.isArray(body) ? (body as CourseSummary[]).filter(isCourse) : [];
        for (const course of list) names.current.set(course._id, course.course_name);
        setCourses(list.map(({ _id, course_name }) => ({ _id, course_name })));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`[CollegeInquiry] could not load courses (${path}):`, error instanceof Error ? error.message : error);
      });
    return () => controller.abort();
  }, [apiBase, courseType]);

  const options = [NEED_ADVICE_OPTION, ...courses.filter((course) => course._id !== NEED_ADVICE_COURSE_ID)];
  if (lockedCourse && !options.some((course) => course._id === lockedCourse)) {
    options.push({ _id: lockedCourse, course_name: names.current.get(lockedCourse) ?? 'Selected course' });
  }
  return options;
}

function isCourse(value: CourseSummary): boolean {
  return Boolean(value) && typeof value._id === 'string' && typeof value.course_name === 'string';
}
