/**
 * Every information page of the route table, in our own words. The site renders them and the
 * server indexes them for keyword search, so this is the only copy of their text.
 */
import type { InfoPage } from './types';
import { ABOUT_PAGES } from './pages-about';
import { FUNDING_PAGES } from './pages-funding';
import { POLICY_PAGES } from './pages-policies';
import { STUDENT_PAGES } from './pages-students';
import { PRIVACY_PAGES } from './pages-privacy';

export const INFO_PAGES: readonly InfoPage[] = [...ABOUT_PAGES, ...STUDENT_PAGES, ...FUNDING_PAGES, ...POLICY_PAGES, ...PRIVACY_PAGES];

/** The page for a route path, or undefined. */
export function infoPageFor(path: string): InfoPage | undefined {
  return INFO_PAGES.find((page) => page.path === path);
}
