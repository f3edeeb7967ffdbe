/**
 * The menus' data (seed §7): GET /api/courses/names-website?course_type=1 and =2, made ONCE when the
 * header loads. On failure the error is only logged (as a warning: nothing is shown to the user) and
 * the menus stay empty. The footer's course links read the same data, without another call.
 */
import { useEffect, useState } from 'react';
import type { FullTimeNames, PartTimeNames } from '../../../src/contract';
import { siteApi } from '../../lib/api';

export interface Menus {
  fullTime: FullTimeNames;
  partTime: PartTimeNames;
}

const EMPTY: Menus = {
  fullTime: { vocational_courses: [], non_vocational_courses: [], course_categories: [] },
  partTime: { course_categories: [], courses: [] },
};

let menus: Menus = EMPTY;
let started = false;
const listeners = new Set<(m: Menus) => void>();

function publish(next: Menus): void {
  menus = next;
  listeners.forEach((listener) => listener(next));
}

/** Starts the two calls, once per page load. */
export function loadMenusOnce(): void {
  if (started) return;
  started = true;
  siteApi.fullTimeNames().then(
    (fullTime) => publish({ ...menus, fullTime }),
    (error: unknown) => console.warn('Full-time menu could not be loaded', error),
  );
  siteApi.partTimeNames().then(
    (partTime) => publish({ ...menus, partTime }),
    (error: unknown) => console.warn('Part-time menu could not be loaded', error),
  );
}

export function useMenus(): Menus {
  const [current, setCurrent] = useState(menus);
  useEffect(() => {
    listeners.add(setCurrent);
    setCurrent(menus);
    return () => {
      listeners.delete(setCurrent);
    };
  }, []);
  return current;
}
