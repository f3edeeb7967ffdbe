/**
 * Where the form's course lists come from. The first list (GET {api}/courses, or the preset
 * type's search) starts at open(), in the loader, in parallel with the download of the form
 * code; the form then takes that answer (once) instead of asking again after it has mounted.
 * Later lists and retries are plain requests. register() does the same with the event
 * (GET {api}/events/:id) and the course list, which the registration form may need.
 */
import { apiFetch } from '../src/api-client';
import type { CourseTypeId } from '../src/lookups';

/** The API path (under the API base) of the list the Course select shows: all courses, or those of the chosen type (requirements R-wire). */
export function courseListPath(courseType: CourseTypeId | '' | null): string {
  return courseType ? `/courses/search?course_type=${courseType}` : '/courses';
}

/** A course list request as the form makes it: the path under the API base, and its cancel signal. */
export type CourseList = (path: string, signal: AbortSignal) => Promise<unknown>;

export interface CourseSource {
  /** Starts the request now (open() calls it); the next list() of that path uses its answer. */
  prefetch(path: string): void;
  list: CourseList;
}

export function createCourseSource(apiBase: string): CourseSource {
  /** Answers started early, by path; each is taken once (a later ask is a fresh request). */
  const early = new Map<string, Promise<unknown>>();
  return {
    prefetch(path) {
      const answer = apiFetch<unknown>(apiBase, path);
      // Handled by whoever takes it; never an unhandled rejection if the form never asks.
      answer.catch(() => undefined);
      early.set(path, answer);
    },
    list(path, signal) {
      const taken = early.get(path);
      if (!taken) return apiFetch<unknown>(apiBase, path, { signal });
      early.delete(path);
      return new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        taken.then(resolve, reject);
      });
    },
  };
}
