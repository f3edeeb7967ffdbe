/**
 * The route table: the one list of the site's pages. The site renders from it, the server answers
 * 200 (SPA shell) for a match and 404 otherwise, and the sitemap lists its static entries.
 * Patterns use wouter's syntax (regexparam), so the same strings drive both sides.
 */
import { parse } from 'regexparam';

/** What a dynamic segment must name for the page to exist; the server checks it against the catalogue. */
export type SlugKind =
  'fullTimeCategory' | 'fullTimeCourse' | 'nonVocationalCourse' | 'partTimeCategory' | 'partTimeSubCategory' | 'course' | 'event';

export type PageId =
  | 'home'
  | 'about'
  | 'professors'
  | 'contact'
  | 'fullTimeListing'
  | 'nonVocationalListing'
  | 'nonVocationalCourse'
  | 'fullTimeCategory'
  | 'fullTimeCourse'
  | 'partTimeListing'
  | 'partTimeCategory'
  | 'partTimeSubCategory'
  | 'partTimeCourse'
  | 'course'
  | 'careerServices'
  | 'financialAid'
  | 'internationalStudents'
  | 'calendar'
  | 'covidPolicy'
  | 'pearsonVue'
  | 'kpi'
  | 'cojg'
  | 'betterJobsOntario'
  | 'policies'
  | 'privacyPolicy'
  | 'accessibility'
  | 'searchKeyword'
  | 'searchQuery'
  | 'courseSearch'
  | 'programs'
  | 'webDevelopmentCourse'
  | 'announcements'
  | 'thankYou'
  | 'events'
  | 'event'
  | 'eventRegistration'
  | 'crmLogin'
  | 'crmForgotPassword'
  | 'crmPasswordReset'
  | 'crmArea'
  | 'applicantPortal';

export interface RouteDef {
  readonly path: string;
  readonly page: PageId;
  /** The page's title before ` - {College name}`; dynamic pages replace it with their data's name. */
  readonly title: string;
  /** Listed in sitemap.xml (static public pages only). */
  readonly sitemap: boolean;
  /** Dynamic segments whose value must exist in the catalogue. */
  readonly params?: Readonly<Record<string, SlugKind>>;
}

export const ROUTES: readonly RouteDef[] = [
  { path: '/', page: 'home', title: 'Home', sitemap: true },
  { path: '/about-us', page: 'about', title: 'About Us', sitemap: true },
  { path: '/professors', page: 'professors', title: 'Professors', sitemap: true },
  { path: '/contact', page: 'contact', title: 'Contact Us', sitemap: true },
  { path: '/full-time-courses', page: 'fullTimeListing', title: 'Full Time Vocational Programs', sitemap: true },
  { path: '/full-time-courses-non-vocational', page: 'nonVocationalListing', title: 'Full Time Non Vocational Programs', sitemap: true },
  {
    path: '/full-time-courses-non-vocational/:slug',
    page: 'nonVocationalCourse',
    title: 'Non Vocational Program',
    sitemap: false,
    params: { slug: 'nonVocationalCourse' },
  },
  {
    path: '/full-time-courses/:categorySlug',
    page: 'fullTimeCategory',
    title: 'Full Time Programs',
    sitemap: false,
    params: { categorySlug: 'fullTimeCategory' },
  },
  {
    path: '/full-time/:courseSlug',
    page: 'fullTimeCourse',
    title: 'Full Time Program',
    sitemap: false,
    params: { courseSlug: 'fullTimeCourse' },
  },
  { path: '/part-time-courses', page: 'partTimeListing', title: 'Part Time Courses', sitemap: true },
  {
    path: '/part-time-courses/:categorySlug',
    page: 'partTimeCategory',
    title: 'Part Time Courses',
    sitemap: false,
    params: { categorySlug: 'partTimeCategory' },
  },
  {
    path: '/part-time-courses/:categorySlug/:subCategorySlug',
    page: 'partTimeSubCategory',
    title: 'Part Time Courses',
    sitemap: false,
    params: { categorySlug: 'partTimeCategory', subCategorySlug: 'partTimeSubCategory' },
  },
  // The seed's redirect target /part-time-courses/cisco/ccnp/ccnp-enterprise needs a course level here.
  {
    path: '/part-time-courses/:categorySlug/:subCategorySlug/:courseSlug',
    page: 'partTimeCourse',
    title: 'Part Time Course',
    sitemap: false,
    params: { categorySlug: 'partTimeCategory', subCategorySlug: 'partTimeSubCategory', courseSlug: 'course' },
  },
  { path: '/course/:courseSlug', page: 'course', title: 'Course', sitemap: false, params: { courseSlug: 'course' } },
  { path: '/career-student-services', page: 'careerServices', title: 'Career & Student Services', sitemap: true },
  { path: '/financial-aid', page: 'financialAid', title: 'Financial Aid', sitemap: true },
  { path: '/international-students', page: 'internationalStudents', title: 'International Students', sitemap: true },
  { path: '/calendar', page: 'calendar', title: 'Course Calendar', sitemap: true },
  { path: '/covid-19-vaccination-policy', page: 'covidPolicy', title: 'COVID-19 Vaccination Policy', sitemap: true },
  { path: '/pearson-vue-authorized-center', page: 'pearsonVue', title: 'Pearson VUE Authorized Test Center', sitemap: true },
  { path: '/kpi', page: 'kpi', title: 'Key Performance Indicators', sitemap: true },
  { path: '/cojg', page: 'cojg', title: 'Canada-Ontario Job Grant', sitemap: true },
  { path: '/better-jobs-ontario', page: 'betterJobsOntario', title: 'Better Jobs Ontario', sitemap: true },
  { path: '/policies', page: 'policies', title: 'Policies', sitemap: true },
  { path: '/privacy-policy', page: 'privacyPolicy', title: 'Privacy Policy', sitemap: true },
  { path: '/accessibility', page: 'accessibility', title: 'Accessibility Statement', sitemap: true },
  { path: '/search/keyword', page: 'searchKeyword', title: 'Search', sitemap: false },
  { path: '/search/:query', page: 'searchQuery', title: 'Search', sitemap: false },
  { path: '/course-search/:keyword', page: 'courseSearch', title: 'Course Search', sitemap: false },
  { path: '/programs', page: 'programs', title: 'Programs', sitemap: true },
  { path: '/web-development-course', page: 'webDevelopmentCourse', title: 'Web Development Course', sitemap: true },
  { path: '/announcements', page: 'announcements', title: 'Announcements', sitemap: true },
  { path: '/thank-you', page: 'thankYou', title: 'Thank You', sitemap: false },
  // Issue 24. An event's slug is checked by its page's data read (the events table), see route-exists.ts.
  { path: '/events', page: 'events', title: 'Events', sitemap: true },
  { path: '/events/registration', page: 'eventRegistration', title: 'Your Registration', sitemap: false },
  { path: '/events/:slug', page: 'event', title: 'Event', sitemap: false, params: { slug: 'event' } },
  { path: '/crm/login', page: 'crmLogin', title: 'Login', sitemap: false },
  { path: '/crm/forgot-password', page: 'crmForgotPassword', title: 'Forgot Password', sitemap: false },
  { path: '/crm/password-reset/:userId/:token', page: 'crmPasswordReset', title: 'Reset Password', sitemap: false },
  { path: '/crm', page: 'crmArea', title: 'CRM', sitemap: false },
  { path: '/crm/*', page: 'crmArea', title: 'CRM', sitemap: false },
  { path: '/apply', page: 'applicantPortal', title: 'Your application', sitemap: false },
  { path: '/apply/*', page: 'applicantPortal', title: 'Your application', sitemap: false },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

const compiled = ROUTES.map((route) => ({ route, ...parse(route.path) }));

/** Strips one trailing slash (but not the root's), so `/about-us/` matches `/about-us`. */
export function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The first route whose pattern matches the path (query string excluded), with decoded params. */
export function matchRoute(rawPath: string): RouteMatch | null {
  const path = normalizePath(rawPath);
  for (const { route, keys, pattern } of compiled) {
    const found = pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    keys.forEach((key, i) => {
      const value = found[i + 1];
      if (value !== undefined) params[key] = safeDecode(value);
    });
    return { route, params };
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
