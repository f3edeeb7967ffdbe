import { buildBreadcrumb, crumbLabel } from '../../src/breadcrumb';

describe('breadcrumb builder (requirements R-breadcrumb)', () => {
  test('starts with Home, capitalises words, links every crumb but the last to its prefix', () => {
    expect(buildBreadcrumb('/part-time-courses/cisco/ccnp')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Part Time Courses', href: '/part-time-courses' },
      { label: 'Cisco', href: '/part-time-courses/cisco' },
      { label: 'Ccnp', href: null },
    ]);
  });

  test('turns hyphens into spaces', () => {
    expect(buildBreadcrumb('/covid-19-vaccination-policy')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Covid 19 Vaccination Policy', href: null },
    ]);
  });

  test('writes the cojg segment in upper case', () => {
    expect(buildBreadcrumb('/cojg')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'COJG', href: null },
    ]);
    expect(crumbLabel('cojg')).toBe('COJG');
  });

  test.each(['/course/ccna', '/full-time/network-specialist-diploma', '/search/keyword', '/search/security', '/course-search/linux'])(
    'is blank for %s',
    (path) => expect(buildBreadcrumb(path)).toBeNull(),
  );

  test('blank paths are decided by the first segment, so the full-time listings keep their breadcrumb', () => {
    expect(buildBreadcrumb('/full-time-courses')?.map((c) => c.label)).toEqual(['Home', 'Full Time Courses']);
    expect(buildBreadcrumb('/full-time-courses-non-vocational/x')?.[1]?.label).toBe('Full Time Courses Non Vocational');
    expect(buildBreadcrumb('/courses-of-study')).not.toBeNull();
  });

  test('is absent on the home path (the banner is shown there) and ignores query, hash and trailing slash', () => {
    expect(buildBreadcrumb('/')).toBeNull();
    expect(buildBreadcrumb('')).toBeNull();
    expect(buildBreadcrumb('/about-us/?x=1#top')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'About Us', href: null },
    ]);
  });

  test('catalogue segments take the catalogue names; kpi is an acronym like cojg', () => {
    const names = (prefix: string) => ({ '/part-time-courses/cisco': 'Cisco', '/part-time-courses/cisco/ccna': 'CCNA' })[prefix];
    expect(buildBreadcrumb('/part-time-courses/cisco/ccna', names)?.map((c) => c.label)).toEqual([
      'Home',
      'Part Time Courses',
      'Cisco',
      'CCNA',
    ]);
    expect(buildBreadcrumb('/kpi')?.map((c) => c.label)).toEqual(['Home', 'KPI']);
  });
});
