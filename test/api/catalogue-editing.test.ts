/**
 * Catalogue editing through the CRM API, seen as the public sees it: a tuition change and a slug
 * rename show at once on the site (API, rendered page, menus, widget list), the old address
 * answers 301; a deactivated course leaves every list and its page answers 410; a stale save
 * answers 409 with the current item; the change log says who changed what.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { call, courseIdBySlug, inputOf, SAMPLE_FEES, SAMPLE_KPI } from '../support/catalogue-editing';
import type { CatalogueChange, CatalogueCourse } from '../../src/crm-catalogue-contract';
import type { CourseDetail, CourseOption, FullTimeNames } from '../../src/contract';

const START_TIMEOUT_MS = 120_000;
const PROGRAM = 'network-systems-administrator-diploma';

describe.each(testDatabaseKinds())('catalogue editing (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    admin = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  const getCourse = async (id: string) => (await call(server, 'GET', `/api/crm/catalogue/courses/${id}`, admin)).json<CatalogueCourse>();

  test('a new tuition shows at once in the course detail and the rendered page', async () => {
    const id = await courseIdBySlug(server, PROGRAM);
    const course = await getCourse(id);
    const saved = await call(server, 'PUT', `/api/crm/catalogue/courses/${id}`, admin, {
      ...inputOf(course),
      version: course.version,
      fees: { ...SAMPLE_FEES, domestic_tuition: 17_345 },
      kpi: SAMPLE_KPI,
    });
    expect(saved.status).toBe(200);
    expect(saved.json<CatalogueCourse>().version).toBe(course.version + 1);
    const detail = (await call(server, 'GET', `/api/courses/slug/${PROGRAM}`, null)).json<CourseDetail>();
    expect(detail.fees?.domestic_tuition).toBe(17_345);
    expect(detail.kpi?.employment_rate).toBe(78);
    const page = await call(server, 'GET', course.path, null);
    expect(page.status).toBe(200);
    expect(page.body).toContain('17345');
  });

  test('renaming a slug: the old address answers 301, menus and the widget list show the new name', async () => {
    const id = await courseIdBySlug(server, 'cyber-security-specialist-diploma');
    const course = await getCourse(id);
    const saved = await call(server, 'PUT', `/api/crm/catalogue/courses/${id}`, admin, {
      ...inputOf(course),
      version: course.version,
      slug: 'cyber-defence-specialist',
      course_name: 'Cyber Defence Specialist',
    });
    expect(saved.status).toBe(200);
    const newPath = saved.json<CatalogueCourse>().path;
    expect(newPath).toBe('/full-time/cyber-defence-specialist');
    const old = await call(server, 'GET', `${course.path}/?utm_source=x`, null);
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe(`${newPath}?utm_source=x`);
    expect((await call(server, 'GET', newPath, null)).status).toBe(200);
    const names = (await call(server, 'GET', '/api/courses/names-website?course_type=1', null)).json<FullTimeNames>();
    expect(names.vocational_courses).toContainEqual({ course_name: 'Cyber Defence Specialist', slug: 'cyber-defence-specialist' });
    expect(names.vocational_courses.map((c) => c.slug)).not.toContain('cyber-security-specialist-diploma');
    const options = (await call(server, 'GET', '/api/courses', null)).json<CourseOption[]>();
    expect(options.find((o) => o._id === id)?.course_name).toBe('Cyber Defence Specialist');
    const sitemap = (await call(server, 'GET', '/sitemap.xml', null)).body;
    expect(sitemap).toContain(newPath);
    expect(sitemap).not.toContain(course.path + '<');

    // Renamed back: no loop, no chain; the first new address now redirects to the original.
    const again = await getCourse(id);
    expect(
      (
        await call(server, 'PUT', `/api/crm/catalogue/courses/${id}`, admin, {
          ...inputOf(again),
          version: again.version,
          slug: course.slug,
        })
      ).status,
    ).toBe(200);
    expect((await call(server, 'GET', course.path, null)).status).toBe(200);
    const back = await call(server, 'GET', newPath, null);
    expect([back.status, back.headers.location]).toEqual([301, course.path]);
  });

  test('renaming a part-time category redirects its pages and the course pages under it', async () => {
    const categories = (await call(server, 'GET', '/api/crm/catalogue/categories', admin)).json<{
      categories: {
        _id: string;
        slug: string;
        parent_id: string | null;
        course_type: number;
        version: number;
        name: string;
        description: string;
        position: number;
      }[];
    }>().categories;
    const cisco = categories.find((c) => c.course_type === 2 && c.parent_id === null && c.slug === 'cisco');
    if (!cisco) throw new Error('no cisco category');
    const { _id, version, ...fields } = cisco;
    expect(
      (await call(server, 'PUT', `/api/crm/catalogue/categories/${_id}`, admin, { ...fields, version, slug: 'cisco-networking' })).status,
    ).toBe(200);
    const page = await call(server, 'GET', '/part-time-courses/cisco/ccnp', null);
    expect([page.status, page.headers.location]).toEqual([301, '/part-time-courses/cisco-networking/ccnp']);
    // The seed's redirect into the old category was repointed: still one hop.
    const seedRedirect = await call(server, 'GET', '/part-time-courses/cisco/ccnp/ccnp-routing-and-switching', null);
    expect(seedRedirect.headers.location).toBe('/part-time-courses/cisco-networking/ccnp/ccnp-enterprise');
    expect((await call(server, 'GET', '/part-time-courses/cisco-networking/ccnp/ccnp-enterprise', null)).status).toBe(200);
  });

  test('a deactivated course leaves menus, the widget list, search and the sitemap; its page answers 410', async () => {
    const id = await courseIdBySlug(server, 'cloud-computing-engineer-diploma');
    const course = await getCourse(id);
    expect((await call(server, 'GET', `/api/search?q=${encodeURIComponent(course.course_name)}`, null)).body).toContain(course.path);
    expect(
      (await call(server, 'PUT', `/api/crm/catalogue/courses/${id}`, admin, { ...inputOf(course), version: course.version, status: 2 }))
        .status,
    ).toBe(200);
    const names = (await call(server, 'GET', '/api/courses/names-website?course_type=1', null)).body;
    expect(names).not.toContain(course.slug);
    expect((await call(server, 'GET', '/api/courses', null)).body).not.toContain(id);
    expect((await call(server, 'GET', `/api/search?q=${encodeURIComponent(course.course_name)}`, null)).body).not.toContain(course.path);
    expect((await call(server, 'GET', '/sitemap.xml', null)).body).not.toContain(course.path);
    expect((await call(server, 'GET', '/api/intakes?course_type=&delivery_mode=', null)).body).not.toContain(id);
    const api = await call(server, 'GET', `/api/courses/slug/${course.slug}`, null);
    expect(api.status).toBe(410);
    expect(api.json().message).toBe('This course is no longer offered.');
    for (const path of [course.path, `/course/${course.slug}`]) {
      const page = await call(server, 'GET', path, null);
      expect(page.status).toBe(410);
      expect(page.body).toContain('This course is no longer offered.');
      expect(page.body).toContain('href="/full-time-courses/cloud-computing"');
      expect(page.body).toMatch(/<meta name="robots" content="noindex/);
    }
  });

  test('two saves from one version: the second answers 409 with the current course', async () => {
    const id = await courseIdBySlug(server, PROGRAM);
    const course = await getCourse(id);
    const first = await call(server, 'PUT', `/api/crm/catalogue/courses/${id}`, admin, {
      ...inputOf(course),
      version: course.version,
      summary: 'First editor.',
    });
    const second = await call(server, 'PUT', `/api/crm/catalogue/courses/${id}`, admin, {
      ...inputOf(course),
      version: course.version,
      summary: 'Second editor.',
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.json<{ message: string; current: CatalogueCourse }>().current.summary).toBe('First editor.');
    expect(second.json().message).toMatch(/Someone else saved this course/);
  });

  test('validation names each field; a taken slug is a 400, not a 500', async () => {
    const id = await courseIdBySlug(server, PROGRAM);
    const course = await getCourse(id);
    const bad = await call(server, 'PUT', `/api/crm/catalogue/courses/${id}`, admin, {
      ...inputOf(course),
      version: course.version,
      slug: 'Bad Slug',
      duration: 0,
      duration_unit: 9,
      fees: { ...SAMPLE_FEES, domestic_tuition: -1 },
      kpi: { ...SAMPLE_KPI, employment_in_field: 90, graduation_rate: 101 },
    });
    expect(bad.status).toBe(400);
    const errors = bad.json<{ errors: Record<string, string> }>().errors;
    expect(Object.keys(errors).sort()).toEqual(
      ['duration', 'duration_unit', 'fees.domestic_tuition', 'kpi.employment_in_field', 'kpi.graduation_rate', 'slug'].sort(),
    );
    const taken = await call(server, 'PUT', `/api/crm/catalogue/courses/${id}`, admin, {
      ...inputOf(course),
      version: course.version,
      slug: 'cloud-computing-engineer-diploma',
    });
    expect(taken.status).toBe(400);
    expect(taken.json<{ errors: Record<string, string> }>().errors.slug).toMatch(/already uses this slug/);
    const wrongCategory = await call(server, 'PUT', `/api/crm/catalogue/courses/${id}`, admin, {
      ...inputOf(course),
      version: course.version,
      course_type: 2,
      kpi: null,
    });
    expect(wrongCategory.status).toBe(400);
    expect(wrongCategory.json<{ errors: Record<string, string> }>().errors.category_id).toBeDefined();
    const intakes = await call(server, 'POST', `/api/crm/catalogue/courses/${id}/intakes`, admin, {
      start_date: '2030-02-01',
      end_date: '2030-01-01',
      schedule: 'Mon-Fri',
      delivery_mode: 1,
      seats: 20,
    });
    expect([intakes.status, intakes.json<{ errors: Record<string, string> }>().errors.end_date]).toEqual([
      400,
      'The end date cannot be before the start date.',
    ]);
  });

  test('a counsellor gets 403 until an admin grants the editor permission; the change log names who changed what', async () => {
    const { addStaff } = await import('../support/crm-staff');
    const counsellor = await addStaff(server, 'Casey Counsellor');
    expect((await call(server, 'GET', '/api/crm/catalogue/courses', counsellor.token)).status).toBe(403);
    const member = (await call(server, 'GET', '/api/crm/staff', admin))
      .json<{ staff: { _id: string; version: number; catalogue_editor: boolean }[] }>()
      .staff.find((s) => s._id === counsellor.id);
    expect(member?.catalogue_editor).toBe(false);
    expect(
      (
        await call(server, 'PATCH', `/api/crm/staff/${counsellor.id}`, counsellor.token, {
          version: member?.version,
          catalogue_editor: true,
        })
      ).status,
    ).toBe(403);
    const granted = await call(server, 'PATCH', `/api/crm/staff/${counsellor.id}`, admin, {
      version: member?.version,
      catalogue_editor: true,
    });
    expect([granted.status, granted.json().catalogue_editor]).toEqual([200, true]);
    expect(
      (await call(server, 'GET', '/api/users/account', counsellor.token)).json<{ user: { catalogue_editor: boolean } }>().user
        .catalogue_editor,
    ).toBe(true);
    const list = await call(server, 'GET', '/api/crm/catalogue/courses?course_type=1', counsellor.token);
    expect(list.status).toBe(200);

    const id = await courseIdBySlug(server, 'network-specialist-diploma');
    const course = await getCourse(id);
    const saved = await call(server, 'PUT', `/api/crm/catalogue/courses/${id}`, counsellor.token, {
      ...inputOf(course),
      version: course.version,
      duration: course.duration + 1,
    });
    expect(saved.status).toBe(200);
    const changes = (await call(server, 'GET', `/api/crm/catalogue/changes?kind=course&id=${id}`, counsellor.token)).json<{
      changes: CatalogueChange[];
    }>().changes;
    expect(changes[0]).toMatchObject({
      kind: 'course',
      item_id: id,
      action: 'update',
      by: { _id: counsellor.id, name: 'Casey Counsellor' },
    });
    expect(changes[0]?.fields).toEqual({ duration: [course.duration, course.duration + 1] });
  });

  test('announcements, banner offers, intakes and professors: create, save, delete with versions', async () => {
    const created = await call(server, 'POST', '/api/crm/catalogue/announcements', admin, {
      title: 'Open house',
      body: 'Come and see the lab.',
      published_at: '2025-03-01T09:00:00Z',
    });
    expect(created.status).toBe(201);
    const item = created.json<{ _id: string; version: number }>();
    expect((await call(server, 'GET', '/api/announcements', null)).body).toContain('Open house');
    expect((await call(server, 'DELETE', `/api/crm/catalogue/announcements/${item._id}?version=${item.version + 1}`, admin)).status).toBe(
      409,
    );
    expect((await call(server, 'DELETE', `/api/crm/catalogue/announcements/${item._id}?version=${item.version}`, admin)).status).toBe(204);
    expect((await call(server, 'GET', '/api/announcements', null)).body).not.toContain('Open house');

    const courseId = await courseIdBySlug(server, PROGRAM);
    const intake = await call(server, 'POST', `/api/crm/catalogue/courses/${courseId}/intakes`, admin, {
      start_date: '2031-01-06',
      end_date: '2031-12-19',
      schedule: 'Mon-Fri 9:00-15:00',
      delivery_mode: 1,
      seats: 24,
    });
    expect(intake.status).toBe(201);
    expect((await call(server, 'GET', `/api/courses/slug/${PROGRAM}`, null)).body).toContain('2031-01-06');

    const offer = await call(server, 'POST', '/api/crm/catalogue/banner-offers', admin, {
      title: 'Spring start',
      subtitle: 'Seats left',
      course_id: '0'.repeat(24),
      cta: 'Apply',
      position: 9,
    });
    expect([offer.status, offer.json<{ errors: Record<string, string> }>().errors.course_id]).toEqual([
      400,
      'Please choose an existing course for the offer.',
    ]);

    const professor = await call(server, 'POST', '/api/crm/catalogue/professors', admin, {
      name: 'Dana Sample',
      title: 'Instructor',
      credentials: ['CCNA'],
      bio: 'Sample.',
      course_ids: [courseId],
      position: 1,
      sample: true,
    });
    expect(professor.status).toBe(201);
    expect(professor.json<{ course_ids: string[] }>().course_ids).toEqual([courseId]);
  });
});
