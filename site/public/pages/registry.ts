/**
 * PageId -> lazily loaded page code: one chunk per page (rollup splits each dynamic import).
 * Pages of one kind share a module (every information page renders from src/content).
 */
import type { PageId } from '../../../src/routes';
import type { PageLoader } from '../../lib/lazyPage';
import type { PageProps } from '../pageTypes';

export type PublicPageId = Exclude<PageId, 'crmLogin' | 'crmForgotPassword' | 'crmPasswordReset' | 'crmArea'>;

const info: PageLoader<PageProps> = () => import('./InfoContentPage');
const listing: PageLoader<PageProps> = () => import('./ListingPage');
const category: PageLoader<PageProps> = () => import('./CategoryPage');
const course: PageLoader<PageProps> = () => import('./CoursePage');
const search: PageLoader<PageProps> = () => import('./SearchPage');

export const PAGE_LOADERS: Record<PublicPageId, PageLoader<PageProps>> = {
  home: () => import('./HomePage'),
  about: info,
  professors: info,
  contact: () => import('./ContactPage'),
  fullTimeListing: listing,
  nonVocationalListing: listing,
  partTimeListing: listing,
  nonVocationalCourse: course,
  fullTimeCourse: course,
  partTimeCourse: course,
  course,
  fullTimeCategory: category,
  partTimeCategory: category,
  partTimeSubCategory: category,
  careerServices: info,
  financialAid: info,
  internationalStudents: info,
  calendar: () => import('./CalendarPage'),
  covidPolicy: info,
  pearsonVue: info,
  kpi: info,
  cojg: info,
  betterJobsOntario: info,
  policies: info,
  searchKeyword: search,
  searchQuery: search,
  courseSearch: search,
  programs: info,
  webDevelopmentCourse: info,
  announcements: () => import('./AnnouncementsPage'),
  thankYou: info,
};

export function isPublicPage(id: PageId): id is PublicPageId {
  return id in PAGE_LOADERS;
}
