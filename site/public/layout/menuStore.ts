/**
 * The menus' data (requirements R-wire): GET /api/courses/names-website?course_type=1 and =2. The server renders
 * the menus and the page carries both answers (pageData.ts), so the first view shows them with no
 * call. Once the header has loaded, the two calls are made ONCE to refresh them (cheap: the answers
 * carry ETags and a short cache lifetime); on failure the error is only logged (as a warning:
 * nothing is shown to the user) and the server-rendered menus stay as they are. The footer's course
 * links read the same data, without another call.
 */
import { useEffect, useState } from 'react';
import type { FullTimeNames, PartTimeNames } from '../../../src/contract';
import { siteApi } from '../../lib/api';
import { isServerRender, pageDataFor } from '../../lib/pageData';

export interface Menus {
  fullTime: FullTimeNames;
  partTime: PartTimeNames;
}

const EMPTY: Menus = {
  fullTime: { vocational_courses: [], non_vocational_courses: [], course_categories: [] },
  partTime: { course_categories: [], courses: [] },
};

const fullTimeRequest = siteApi.fullTimeNames();
const partTimeRequest = siteApi.partTimeNames();

function embedded<T>(path: string, fallback: T): T {
  const answer = pageDataFor(path);
  // The page data is the API's own answer for this path.
  return answer?.ok ? (answer.data as T) : fallback;
}

/** The menus the page was rendered with (on the server: those of the render in progress). */
function embeddedMenus(): Menus {
  return {
    fullTime: embedded(fullTimeRequest.path, EMPTY.fullTime),
    partTime: embedded(partTimeRequest.path, EMPTY.partTime),
  };
}

let menus: Menus | null = null;
let started = false;
const listeners = new Set<(m: Menus) => void>();

function current(): Menus {
  // A server render never keeps menus between requests: each render reads its own page data.
  if (isServerRender()) return embeddedMenus();
  return (menus ??= embeddedMenus());
}

function publish(next: Menus): void {
  menus = next;
  listeners.forEach((listener) => listener(next));
}

/** Starts the two calls, once per page load. */
export function loadMenusOnce(): void {
  if (started) return;
  started = true;
  fullTimeRequest.load().then(
    (fullTime) => publish({ ...current(), fullTime }),
    (error: unknown) => console.warn('Full-time menu could not be loaded', error),
  );
  partTimeRequest.load().then(
    (partTime) => publish({ ...current(), partTime }),
    (error: unknown) => console.warn('Part-time menu could not be loaded', error),
  );
}

export function useMenus(): Menus {
  const [value, setValue] = useState(current);
  useEffect(() => {
    listeners.add(setValue);
    setValue(current());
    return () => {
      listeners.delete(setValue);
    };
  }, []);
  return value;
}
