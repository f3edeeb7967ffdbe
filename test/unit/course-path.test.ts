import { coursePath } from '../../src/course-path';

describe('a course page address (requirements R-routes routes)', () => {
  const cat = { slug: 'cisco' };
  const sub = { slug: 'ccnp' };

  test('full-time: vocational programs under /full-time, the others under the non-vocational listing', () => {
    expect(coursePath({ slug: 'network-specialist-diploma', course_type: 1, vocational: true }, null, null)).toBe(
      '/full-time/network-specialist-diploma',
    );
    expect(coursePath({ slug: 'office-basics', course_type: 1, vocational: false }, cat, sub)).toBe(
      '/full-time-courses-non-vocational/office-basics',
    );
  });

  test('part-time: under its category and sub-category, or /course without them', () => {
    expect(coursePath({ slug: 'ccnp-enterprise', course_type: 2, vocational: false }, cat, sub)).toBe(
      '/part-time-courses/cisco/ccnp/ccnp-enterprise',
    );
    expect(coursePath({ slug: 'ccnp-enterprise', course_type: 2, vocational: false }, cat, null)).toBe('/course/ccnp-enterprise');
    expect(coursePath({ slug: 'other', course_type: 3, vocational: false }, cat, sub)).toBe('/course/other');
  });
});
