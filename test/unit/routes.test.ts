import { ROUTES, matchRoute, normalizePath } from '../../src/routes';
import { INFO_PAGES } from '../../src/content/pages';
import { PAGE_LOADERS } from '../../site/public/pages/registry';

const SEED_PUBLIC_PATHS: [string, string][] = [
  ['/', 'home'],
  ['/about-us', 'about'],
  ['/professors', 'professors'],
  ['/contact', 'contact'],
  ['/full-time-courses', 'fullTimeListing'],
  ['/full-time-courses-non-vocational', 'nonVocationalListing'],
  ['/full-time-courses-non-vocational/cloud-foundations', 'nonVocationalCourse'],
  ['/full-time-courses/networking', 'fullTimeCategory'],
  ['/full-time/network-specialist-diploma', 'fullTimeCourse'],
  ['/part-time-courses', 'partTimeListing'],
  ['/part-time-courses/cisco', 'partTimeCategory'],
  ['/part-time-courses/cisco/ccnp', 'partTimeSubCategory'],
  ['/part-time-courses/cisco/ccnp/ccnp-enterprise', 'partTimeCourse'],
  ['/course/ccna', 'course'],
  ['/career-student-services', 'careerServices'],
  ['/financial-aid', 'financialAid'],
  ['/international-students', 'internationalStudents'],
  ['/calendar', 'calendar'],
  ['/covid-19-vaccination-policy', 'covidPolicy'],
  ['/pearson-vue-authorized-center', 'pearsonVue'],
  ['/kpi', 'kpi'],
  ['/cojg', 'cojg'],
  ['/better-jobs-ontario', 'betterJobsOntario'],
  ['/policies', 'policies'],
  ['/search/keyword', 'searchKeyword'],
  ['/search/security', 'searchQuery'],
  ['/course-search/linux', 'courseSearch'],
  ['/programs', 'programs'],
  ['/web-development-course', 'webDevelopmentCourse'],
  ['/announcements', 'announcements'],
  ['/thank-you', 'thankYou'],
];

describe('route table', () => {
  test.each(SEED_PUBLIC_PATHS)('%s renders page %s', (path, page) => {
    expect(matchRoute(path)?.route.page).toBe(page);
    expect(matchRoute(`${path}/`.replace('//', '/'))?.route.page).toBe(page);
  });

  test('dynamic segments come back decoded', () => {
    expect(matchRoute('/part-time-courses/cisco/ccnp')?.params).toEqual({ categorySlug: 'cisco', subCategorySlug: 'ccnp' });
    expect(matchRoute('/search/web%20development')?.params).toEqual({ query: 'web development' });
  });

  test.each(['/nope', '/about-us/team', '/course', '/full-time', '/search/a/b', '/part-time-courses/a/b/c/d'])(
    '%s is not a route (404)',
    (path) => {
      expect(matchRoute(path)).toBeNull();
    },
  );

  test('normalizePath strips one trailing slash but keeps the root', () => {
    expect(normalizePath('/kpi/')).toBe('/kpi');
    expect(normalizePath('/')).toBe('/');
  });

  test('every public page has page code, and every information route has its content', () => {
    // The CRM and the applicant portal (/apply) are client-rendered apps of their own.
    for (const route of ROUTES) {
      if (route.page.startsWith('crm') || route.page === 'applicantPortal') continue;
      expect(PAGE_LOADERS).toHaveProperty(route.page);
    }
    const infoPaths = INFO_PAGES.map((p) => p.path);
    for (const path of [
      '/about-us',
      '/professors',
      '/contact',
      '/career-student-services',
      '/financial-aid',
      '/international-students',
      '/covid-19-vaccination-policy',
      '/pearson-vue-authorized-center',
      '/kpi',
      '/cojg',
      '/better-jobs-ontario',
      '/policies',
      '/programs',
      '/web-development-course',
      '/announcements',
      '/thank-you',
    ]) {
      expect(infoPaths).toContain(path);
      expect(matchRoute(path)).not.toBeNull();
    }
    expect(new Set(infoPaths).size).toBe(infoPaths.length);
  });

  test('the KPI page names the five indicators of its table (issue 19: no other) and the policies page its five policies', () => {
    const text = (path: string) => JSON.stringify(INFO_PAGES.find((p) => p.path === path));
    for (const kpi of [
      'Graduation rate',
      'Graduate employment rate',
      'Employed in the field of study',
      'Graduate satisfaction',
      'Employer satisfaction',
    ])
      expect(text('/kpi')).toContain(kpi);
    expect(text('/kpi')).not.toContain('OSAP default rate');
    for (const policy of ['Withdrawal and refund', 'complaints', 'Expulsion', 'Sexual violence', 'Student rights'])
      expect(text('/policies')).toContain(policy);
  });
});
