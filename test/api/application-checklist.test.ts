/**
 * Issue 33 on both databases: each program's document checklist, seeded at start from its
 * admission requirements (once: a course that has any rows is left alone), filtered by the
 * applicant's residency, read by any staff member and replaced by catalogue editors (removed
 * items retired, not deleted; audited).
 */
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { addStaff } from '../support/crm-staff';
import { checklistFor, seedChecklists, UNKNOWN_ITEM_MESSAGE } from '../../server/applications/checklist-store';
import { CHECKLIST_TITLE_MESSAGE } from '../../server/applications/checklist-schemas';
import { EDITOR_ONLY_MESSAGE } from '../../server/auth/guards';
import { crmApplicationPaths, type CourseChecklist } from '../../src/application-contract';

const START_TIMEOUT_MS = 120_000;

describe.each(bothDatabaseKinds())('program checklists (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const titles = (items: { title: string }[]) => items.map((i) => i.title);

  async function courseWhere(condition: string): Promise<string> {
    const { rows } = await server.db.pool.query<{ id: string }>(`SELECT id FROM courses WHERE ${condition} ORDER BY id LIMIT 1`);
    const id = rows[0]?.id;
    if (!id) throw new Error(`no course where ${condition}`);
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  test('every course is seeded from its admission requirements, once, and filtered by residency', async () => {
    const { rows } = await server.db.pool.query<{ bare: string }>(
      'SELECT count(*)::text AS bare FROM courses c WHERE NOT EXISTS (SELECT 1 FROM checklist_items i WHERE i.course_id = c.id)',
    );
    expect(rows[0]?.bare).toBe('0');
    const international = await courseWhere(`jsonb_array_length(COALESCE(admission->'english_tests', '[]'::jsonb)) > 0`);
    expect(titles(await checklistFor(server.db.pool, international, 'international'))).toEqual([
      'Transcript',
      'Government photo ID',
      'English test result',
      'Résumé',
    ]);
    expect(titles(await checklistFor(server.db.pool, international, 'local'))).toEqual(['Transcript', 'Government photo ID', 'Résumé']);
    expect(titles(await checklistFor(server.db.pool, international, null))).toEqual(['Transcript', 'Government photo ID', 'Résumé']);
    const required = await checklistFor(server.db.pool, international, 'international');
    expect(required.map((i) => [i.required, i.applies_to])).toEqual([
      [true, 'all'],
      [true, 'all'],
      [true, 'international'],
      [false, 'all'],
    ]);

    // A course without international requirements (here: one whose rows are gone and whose
    // requirements are cleared) gets no English test item at the next start.
    const bare = await courseWhere(`id <> '${international}'`);
    await server.db.pool.query('DELETE FROM checklist_items WHERE course_id = $1', [bare]);
    await server.db.pool.query('UPDATE courses SET admission = NULL WHERE id = $1', [bare]);
    expect(await seedChecklists(server.db.pool)).toBe(1);
    expect(titles(await checklistFor(server.db.pool, bare, 'international'))).toEqual(['Transcript', 'Government photo ID', 'Résumé']);
    // A second start adds nothing, even to a course whose items were all retired by an editor.
    await server.db.pool.query('UPDATE checklist_items SET retired = true WHERE course_id = $1', [bare]);
    expect(await seedChecklists(server.db.pool)).toBe(0);
    expect(await checklistFor(server.db.pool, bare, null)).toEqual([]);
  });

  test('staff read a checklist; editors replace it, retiring what is removed; audited', async () => {
    const courseId = await courseWhere(`jsonb_array_length(COALESCE(admission->'international', '[]'::jsonb)) > 0`);
    const counsellor = await addStaff(server, 'Checklist Counsellor');
    const read = await server.app.inject({ url: crmApplicationPaths.checklist(courseId), headers: auth(counsellor.token) });
    expect(read.statusCode).toBe(200);
    const before = read.json<CourseChecklist>();
    expect(before.course_id).toBe(courseId);
    const [transcript, photoId, english, resume] = before.items;
    if (!transcript || !photoId || !english || !resume) throw new Error('the seeded checklist is incomplete');

    const items = [
      { _id: photoId._id, title: 'Passport or photo ID', required: true, applies_to: 'all' },
      { _id: transcript._id, title: 'Transcript', required: false, applies_to: 'local' },
      { title: 'Portfolio', required: false, applies_to: 'all' },
      { _id: english._id, title: 'English test result', required: true, applies_to: 'international' },
    ];
    const refused = await server.app.inject({
      method: 'PUT',
      url: crmApplicationPaths.checklist(courseId),
      headers: auth(counsellor.token),
      payload: { items },
    });
    expect({ status: refused.statusCode, message: refused.json<{ message: string }>().message }).toEqual({
      status: 403,
      message: EDITOR_ONLY_MESSAGE,
    });

    const saved = await server.app.inject({
      method: 'PUT',
      url: crmApplicationPaths.checklist(courseId),
      headers: auth(admin),
      payload: { items },
    });
    expect(saved.statusCode).toBe(200);
    const after = saved.json<CourseChecklist>();
    expect(after.items.map(({ title, required, applies_to }) => ({ title, required, applies_to }))).toEqual(
      items.map(({ title, required, applies_to }) => ({ title, required, applies_to })),
    );
    expect(after.items[0]?._id).toBe(photoId._id);
    const again = await server.app.inject({ url: crmApplicationPaths.checklist(courseId), headers: auth(counsellor.token) });
    expect(again.json<CourseChecklist>()).toEqual(after);
    const { rows } = await server.db.pool.query<{ retired: boolean }>('SELECT retired FROM checklist_items WHERE id = $1', [resume._id]);
    expect(rows[0]?.retired).toBe(true);
    const audit = await server.db.pool.query<{ details: { course_id: string; added: number; retired: number } }>(
      `SELECT details FROM audit_log WHERE action = 'application.checklist_changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]?.details).toMatchObject({ course_id: courseId, added: 1, retired: 1 });
  });

  test('a retired or foreign item, a blank title and an unknown course are refused with messages', async () => {
    const courseId = await courseWhere('admission IS NOT NULL');
    const put = (url: string, payload: object) => server.app.inject({ method: 'PUT', url, headers: auth(admin), payload });
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM checklist_items WHERE course_id <> $1 LIMIT 1', [courseId]);
    const foreign = await put(crmApplicationPaths.checklist(courseId), {
      items: [{ _id: rows[0]?.id, title: 'Transcript', required: true, applies_to: 'all' }],
    });
    expect({ status: foreign.statusCode, message: foreign.json<{ message: string }>().message }).toEqual({
      status: 400,
      message: UNKNOWN_ITEM_MESSAGE,
    });
    const blank = await put(crmApplicationPaths.checklist(courseId), { items: [{ title: '  ', required: true, applies_to: 'all' }] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ errors: Record<string, string> }>().errors).toEqual({ 'items.0.title': CHECKLIST_TITLE_MESSAGE });
    const unknown = await put(crmApplicationPaths.checklist('0123456789abcdef01234567'), { items: [] });
    expect(unknown.statusCode).toBe(404);
    const unknownRead = await server.app.inject({ url: crmApplicationPaths.checklist('nope'), headers: auth(admin) });
    expect(unknownRead.statusCode).toBe(404);
  });
});
