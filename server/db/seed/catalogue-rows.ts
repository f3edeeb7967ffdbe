/** Inserts the seed catalogue (categories, courses, news, banner) without touching existing rows. */
import type { Queryable } from '../database';
import { FULL_TIME_CATEGORIES, PART_TIME_CATEGORIES } from './categories';
import { FULL_TIME_COURSES } from './full-time-courses';
import { CISCO_LINUX_COURSES } from './part-time-cisco-linux';
import { COMPTIA_MICROSOFT_COURSES } from './part-time-comptia-microsoft';
import { ANNOUNCEMENTS, BANNER_OFFERS } from './news';
import { seedId } from './ids';
import type { SeedCourse } from './types';

export const SEED_COURSES: readonly SeedCourse[] = [...FULL_TIME_COURSES, ...CISCO_LINUX_COURSES, ...COMPTIA_MICROSOFT_COURSES];

export const courseSeedId = (slug: string): string => seedId(`course:${slug}`);
const categorySeedId = (courseType: number, path: string): string => seedId(`category:${courseType}:${path}`);

export async function insertCategories(client: Queryable): Promise<void> {
  const all = [...FULL_TIME_CATEGORIES, ...PART_TIME_CATEGORIES];
  for (const [position, category] of all.entries()) {
    const id = categorySeedId(category.courseType, category.slug);
    await client.query(
      `INSERT INTO categories (id, course_type, parent_id, name, slug, description, position)
       VALUES ($1, $2, NULL, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [id, category.courseType, category.name, category.slug, category.description, position],
    );
    for (const [subPosition, sub] of (category.subs ?? []).entries()) {
      await client.query(
        `INSERT INTO categories (id, course_type, parent_id, name, slug, description, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [
          categorySeedId(category.courseType, `${category.slug}/${sub.slug}`),
          category.courseType,
          id,
          sub.name,
          sub.slug,
          sub.description,
          subPosition,
        ],
      );
    }
  }
}

export async function insertCourses(client: Queryable): Promise<void> {
  for (const [position, course] of SEED_COURSES.entries()) {
    const categoryId = course.category ? categorySeedId(course.course_type, course.category) : null;
    const subId =
      course.category && course.sub_category ? categorySeedId(course.course_type, `${course.category}/${course.sub_category}`) : null;
    await client.query(
      `INSERT INTO courses (id, course_name, slug, course_type, vocational, category_id, sub_category_id, duration,
         duration_unit, delivery_mode, status, certification, summary, description, outline, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16) ON CONFLICT DO NOTHING`,
      [
        courseSeedId(course.slug),
        course.course_name,
        course.slug,
        course.course_type,
        course.vocational,
        categoryId,
        subId,
        course.duration,
        course.duration_unit,
        course.delivery_mode,
        course.status ?? 1,
        course.certification,
        course.summary,
        course.description,
        JSON.stringify(course.outline),
        position,
      ],
    );
  }
}

export async function insertNews(client: Queryable): Promise<void> {
  for (const item of ANNOUNCEMENTS) {
    await client.query(
      `INSERT INTO announcements (id, title, body, published_at)
       VALUES ($1, $2, $3, date_trunc('hour', now()) - make_interval(days => $4)) ON CONFLICT DO NOTHING`,
      [seedId(`announcement:${item.key}`), item.title, item.body, item.daysAgo],
    );
  }
  for (const [position, offer] of BANNER_OFFERS.entries()) {
    await client.query(
      `INSERT INTO banner_offers (id, title, subtitle, course_id, cta, position)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [seedId(`banner:${offer.courseSlug}`), offer.title, offer.subtitle, courseSeedId(offer.courseSlug), offer.cta, position],
    );
  }
}
