/**
 * PageId -> lazily loaded page code: one chunk per page (rollup splits each dynamic import).
 * Pages of one kind share a module (every information page renders from src/content).
 */
import type { PageId } from '../../../src/routes';
import type { PageLoader } from '../../lib/lazyPage';
import type { PageProps } from '../pageTypes';

export type PublicPageId = Exclude<PageId, 'crmLogin' | 'crmForgotPassword' | 'crmPasswordReset' | 'crmArea' | 'applicantPortal'>;

/** The module a loader imports, by file name: the server preloads that chunk (see server/pages). */
export const PAGE_MODULE_NAMES = new Map<PageLoader<PageProps>, string>();

function page(moduleName: string, loader: PageLoader<PageProps>): PageLoader<PageProps> {
  PAGE_MODULE_NAMES.set(loader, moduleName);
  return loader;
}

const info = page('InfoContentPage', () => import('./InfoContentPage'));
const listing = page('ListingPage', () => import('./ListingPage'));
const category = page('CategoryPage', () => import('./CategoryPage'));
const course = page('CoursePage', () => import('./CoursePage'));
const search = page('SearchPage', () => import('./SearchPage'));

export const PAGE_LOADERS: Record<PublicPageId, PageLoader<PageProps>> = {
  home: page('HomePage', () => import('./HomePage')),
  about: info,
  professors: page('ProfessorsPage', () => import('./ProfessorsPage')),
  contact: page('ContactPage', () => import('./ContactPage')),
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
  calendar: page('CalendarPage', () => import('./CalendarPage')),
  covidPolicy: info,
  pearsonVue: info,
  kpi: page('KpiPage', () => import('./KpiPage')),
  cojg: info,
  betterJobsOntario: info,
  policies: info,
  privacyPolicy: info,
  accessibility: info,
  searchKeyword: search,
  searchQuery: search,
  courseSearch: search,
  programs: info,
  webDevelopmentCourse: info,
  announcements: page('AnnouncementsPage', () => import('./AnnouncementsPage')),
  thankYou: info,
  events: page('EventsPage', () => import('./EventsPage')),
  event: page('EventPage', () => import('./EventPage')),
  eventRegistration: page('EventRegistrationPage', () => import('./EventRegistrationPage')),
};

export function isPublicPage(id: PageId): id is PublicPageId {
  return id in PAGE_LOADERS;
}
