import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/database';
import { seedDatabase } from '../../server/db/seed';
import { addMonths, todayIso } from '../../server/catalogue/dates';
import { INFO_PAGES } from '../../src/content/pages';
import type { CourseContent } from '../../src/catalogue-content';

/** Weeks per duration unit (hours at 25 a week, days at 5), to compare program lengths. */
const DURATION_WEEKS: Record<number, number> = { 5: 1 / 25, 1: 1 / 5, 2: 1, 3: 52 / 12, 4: 52 };

/** Starting a server (clone, migrate, seed, hash the admin password) is slow on a busy machine. */
const STARTUP_TIMEOUT_MS = 120_000;

const CATALOGUE_TABLES = [
  'categories',
  'courses',
  'intakes',
  'announcements',
  'banner_offers',
  'page_index',
  'professors',
  'professor_courses',
];

describe.each(testDatabaseKinds())('seed data (%s)', (kind) => {
  let db: TestDatabase;
  const query = async <T extends object>(sql: string, params: unknown[] = []) =>
    (await db.pool.query<T & Record<string, unknown>>(sql, params)).rows;
  /** A fingerprint of every catalogue table's full contents. */
  const fingerprint = async () => {
    const parts: string[] = [];
    for (const table of CATALOGUE_TABLES) {
      const [row] = await query<{ digest: string | null; n: number }>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*)::int AS n FROM ${table} t`,
      );
      parts.push(`${table}:${row?.n}:${row?.digest}`);
    }
    return parts.join('\n');
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await db.close();
  });

  test('a credible catalogue: 30-40 courses, one inactive, full descriptions and outlines', async () => {
    const courses = await query<{
      id: string;
      slug: string;
      status: number;
      description: string;
      outline: string[];
      certification: string | null;
      course_type: number;
      vocational: boolean;
      category_id: string | null;
    }>('SELECT id, slug, status, description, outline, certification, course_type, vocational, category_id FROM courses');
    expect(courses.length).toBeGreaterThanOrEqual(30);
    expect(courses.length).toBeLessThanOrEqual(40);
    expect(courses.filter((c) => c.status === 2).map((c) => c.slug)).toEqual(['ccnp-routing-and-switching']);
    for (const course of courses) {
      expect(course.id).toMatch(/^[0-9a-f]{24}$/);
      expect(course.outline.length).toBeGreaterThanOrEqual(5);
      expect(course.outline.length).toBeLessThanOrEqual(8);
      expect(course.description.length).toBeGreaterThan(120);
    }
    const slugs = courses.map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(['network-specialist-diploma', 'ccnp-enterprise', 'comptia-security-plus']));
    const nonVocational = courses.filter((c) => c.course_type === 1 && !c.vocational);
    expect(nonVocational.length).toBeGreaterThanOrEqual(2);
    expect(nonVocational.every((c) => c.category_id === null)).toBe(true);
    expect(courses.filter((c) => c.certification).length).toBeGreaterThan(25);
  });

  test('part-time categories and their sub-categories', async () => {
    const rows = await query<{ path: string }>(
      `SELECT coalesce(p.slug || '/', '') || c.slug AS path FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
        WHERE c.course_type = 2 ORDER BY 1`,
    );
    expect(rows.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        'cisco',
        'linux',
        'comptia',
        'microsoft',
        'cisco/ccna',
        'cisco/ccnp',
        'comptia/core',
        'comptia/security',
        'microsoft/azure',
      ]),
    );
    const described = await query<{ n: number }>(`SELECT count(*)::int AS n FROM categories WHERE length(description) < 40`);
    expect(described[0]?.n).toBe(0);
  });

  test('intakes cover every one of the next twelve months', async () => {
    const today = todayIso();
    const rows = await query<{ month: string; n: number }>(
      `SELECT to_char(start_date, 'YYYY-MM') AS month, count(*)::int AS n FROM intakes
        WHERE start_date >= $1::date GROUP BY 1 ORDER BY 1`,
      [today],
    );
    const months = rows.map((r) => r.month);
    for (let i = 1; i <= 11; i++) expect(months).toContain(addMonths(today, i).slice(0, 7));
    expect(months.every((m) => m <= addMonths(today, 12).slice(0, 7))).toBe(true);
    const bad = await query<{ n: number }>('SELECT count(*)::int AS n FROM intakes WHERE end_date < start_date');
    expect(bad[0]?.n).toBe(0);
  });

  test('the information-page index mirrors INFO_PAGES', async () => {
    const rows = await query<{ path: string }>('SELECT path FROM page_index ORDER BY path');
    expect(rows.map((r) => r.path)).toEqual(INFO_PAGES.map((p) => p.path).sort());
  });

  test('seeding again changes nothing', async () => {
    const before = await fingerprint();
    await seedDatabase(db);
    expect(await fingerprint()).toBe(before);
  });

  test('a later start tops up the calendar, keeps edits, and re-syncs the page index', async () => {
    await db.pool.query(`UPDATE courses SET summary = 'Edited by staff' WHERE slug = 'ccna'`);
    await db.pool.query(`INSERT INTO page_index (path, title, body) VALUES ('/gone', 'Gone', 'A page that no longer exists')`);
    const [before] = await query<{ n: number; last: string }>(`SELECT count(*)::int AS n, max(start_date)::text AS last FROM intakes`);
    const later = addMonths(todayIso(), 3);
    await seedDatabase(db, later);
    const [after] = await query<{ n: number; last: string }>(`SELECT count(*)::int AS n, max(start_date)::text AS last FROM intakes`);
    expect(after!.n).toBeGreaterThan(before!.n);
    expect(after!.last > before!.last).toBe(true);
    expect(after!.last.slice(0, 7) >= addMonths(later, 11).slice(0, 7)).toBe(true);
    const [ccna] = await query<{ summary: string }>(`SELECT summary FROM courses WHERE slug = 'ccna'`);
    expect(ccna?.summary).toBe('Edited by staff');
    expect(await query(`SELECT 1 FROM page_index WHERE path = '/gone'`)).toEqual([]);
  });

  test('every full-time program has fees, requirements and outcomes; every vocational one consistent KPI figures of one year', async () => {
    type Row = CourseContent & {
      slug: string;
      course_type: number;
      vocational: boolean;
      status: number;
      duration: number;
      duration_unit: number;
      certification: string | null;
    };
    const rows = await query<Row>(
      'SELECT slug, course_type, vocational, status, duration, duration_unit, certification, fees, admission, outcomes, kpi FROM courses',
    );
    const active = rows.filter((r) => r.status === 1);
    for (const course of active) {
      expect({
        slug: course.slug,
        fees: course.fees !== null,
        outcomes: course.outcomes !== null,
        admission: course.admission !== null,
      }).toEqual({ slug: course.slug, fees: true, outcomes: true, admission: true });
      expect(course.fees!.domestic_tuition).toBeGreaterThan(0);
      if (course.certification && !/retired/.test(course.certification)) expect(course.fees!.exam_vouchers).toBeGreaterThan(0);
      expect(course.kpi !== null).toBe(course.course_type === 1 && course.vocational);
    }
    const vocational = active.filter((r) => r.course_type === 1 && r.vocational);
    expect(vocational.length).toBeGreaterThanOrEqual(6);
    expect(new Set(vocational.map((r) => r.kpi!.reporting_year))).toEqual(new Set(['2023–2024']));
    for (const { kpi, admission, outcomes, fees } of vocational) {
      expect(kpi!.employment_in_field).toBeLessThanOrEqual(kpi!.employment_rate);
      for (const rate of [kpi!.graduation_rate, kpi!.employment_rate, kpi!.graduate_satisfaction, kpi!.employer_satisfaction]) {
        expect(rate).toBeGreaterThanOrEqual(60);
        expect(rate).toBeLessThanOrEqual(98);
      }
      expect(admission!.english_tests.map((t) => t.test)).toEqual(['IELTS Academic', 'TOEFL iBT', 'Duolingo English Test']);
      expect(admission!.mature_student).toMatch(/18 or older/);
      expect(outcomes!.job_titles.length).toBeGreaterThanOrEqual(3);
      expect(outcomes!.work_placement).toBeTruthy();
      expect(fees!.international_tuition!).toBeGreaterThan(fees!.domestic_tuition);
    }
    // Longer diplomas cost more.
    const byLength = vocational
      .map((r) => ({ weeks: r.duration * DURATION_WEEKS[r.duration_unit]!, tuition: r.fees!.domestic_tuition }))
      .sort((a, b) => a.weeks - b.weeks || a.tuition - b.tuition);
    for (let i = 1; i < byLength.length; i++) {
      if (byLength[i]!.weeks > byLength[i - 1]!.weeks) expect(byLength[i]!.tuition).toBeGreaterThan(byLength[i - 1]!.tuition);
    }
  });

  test('sample professors teaching seed courses', async () => {
    const rows = await query<{ name: string; sample: boolean; credentials: string[]; n: number }>(
      `SELECT p.name, p.sample, p.credentials, count(pc.course_id)::int AS n FROM professors p
         LEFT JOIN professor_courses pc ON pc.professor_id = p.id GROUP BY p.id ORDER BY p.position`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.length).toBeLessThanOrEqual(8);
    for (const row of rows) {
      expect(row.sample).toBe(true);
      expect(row.credentials.length).toBeGreaterThan(0);
      expect(row.n).toBeGreaterThan(0);
    }
  });

  test('a restart keeps edited content and courses taken off a professor, and never brings a deleted professor back', async () => {
    const fees = { domestic_tuition: 1, international_tuition: null, books_materials: 0, exam_vouchers: 0, payment_plan: 'Edited' };
    await db.pool.query(`UPDATE courses SET fees = $1::jsonb, kpi = NULL WHERE slug = 'network-specialist-diploma'`, [
      JSON.stringify(fees),
    ]);
    const [first] = await query<{ id: string }>(`SELECT id FROM professors ORDER BY position LIMIT 1`);
    const [second] = await query<{ id: string }>(`SELECT id FROM professors ORDER BY position OFFSET 1 LIMIT 1`);
    await db.pool.query(`DELETE FROM professor_courses WHERE professor_id = $1`, [first!.id]);
    await db.pool.query(`DELETE FROM professors WHERE id = $1`, [second!.id]);
    await db.pool.query(
      `INSERT INTO catalogue_changes (id, kind, item_id, action, fields) VALUES ('c0ffee000000000000000001', 'professor', $1, 'delete', '[]')`,
      [second!.id],
    );
    await seedDatabase(db);
    const [course] = await query<CourseContent>(`SELECT fees, kpi FROM courses WHERE slug = 'network-specialist-diploma'`);
    expect(course!.fees).toEqual(fees);
    // A column staff emptied is filled again: the seed cannot tell "cleared" from "never set".
    expect(course!.kpi?.reporting_year).toBe('2023–2024');
    expect(await query(`SELECT 1 FROM professor_courses WHERE professor_id = $1`, [first!.id])).toEqual([]);
    expect(await query(`SELECT 1 FROM professors WHERE id = $1`, [second!.id])).toEqual([]);
  });
});
