import { REDIRECTS, redirectFor } from '../../src/redirects';
import { matchRoute } from '../../src/routes';

const SEED_REDIRECTS: [string, string][] = [
  ['/second-career', '/better-jobs-ontario'],
  ['/part-time-courses/cisco/ccnp/ccnp-routing-and-switching/', '/part-time-courses/cisco/ccnp/ccnp-enterprise'],
  ['/full-time/network-specialist-diploma-52-weeks/', '/full-time/network-specialist-diploma'],
  ['/mandatory-covid-19-vaccination-policy/', '/covid-19-vaccination-policy'],
  ['/crm/calendar.php', '/calendar'],
];

describe('redirect rules (requirements R-redirects)', () => {
  test('there are exactly the five redirects of the seed', () => {
    expect(Object.keys(REDIRECTS)).toHaveLength(5);
  });

  test.each(SEED_REDIRECTS)('%s goes to %s, with or without the trailing slash', (from, to) => {
    const bare = from.endsWith('/') ? from.slice(0, -1) : from;
    expect(redirectFor(bare)).toBe(to);
    expect(redirectFor(`${bare}/`)).toBe(to);
  });

  test('every target is a page of the route table', () => {
    for (const [, to] of SEED_REDIRECTS) expect(matchRoute(to)).not.toBeNull();
  });

  test('other paths do not redirect', () => {
    for (const path of ['/', '/better-jobs-ontario', '/second-career-x', '/crm/calendar', '/calendar'])
      expect(redirectFor(path)).toBeNull();
  });
});
