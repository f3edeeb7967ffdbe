/**
 * Issue 34 on both databases: the seeded enrolment data, a contract's terms drawn from it (every
 * required element missing in turn blocks issuing and is named), and the staff editors of a
 * program's terms and fees and of the enrolment settings (validation, access, version conflict).
 */
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { addStaff } from '../support/crm-staff';
import { insertAdmittedApplication, type AdmittedApplication } from '../support/enrolment';
import { acknowledgementsOf, draftContractTerms } from '../../server/enrolment/contract-terms';
import { FEE_LABEL_MESSAGE, HOURS_MESSAGE, SCHEDULE_SOURCE_MESSAGE } from '../../server/enrolment/terms-schemas';
import { TERMS_CONFLICT_MESSAGE } from '../../server/enrolment/terms-store';
import { ADMIN_ONLY_MESSAGE, EDITOR_ONLY_MESSAGE } from '../../server/auth/guards';
import { crmEnrolmentPaths } from '../../src/enrolment-contract';
import { type EnrolmentSettings, type ProgramTerms } from '../../src/program-terms-contract';
import type { Queryable } from '../../server/db/database';

const START_TIMEOUT_MS = 120_000;
const ISSUE = { version: 1, issuedAt: new Date('2026-11-20T15:30:00Z'), siteUrl: 'https://college.example' };

class RolledBack extends Error {}

describe.each(bothDatabaseKinds())('contract terms (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let admitted: AdmittedApplication;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /** What a draft lacks after `change` (run in a transaction that is then rolled back). */
  async function missingAfter(change: (tx: Queryable) => Promise<unknown>): Promise<string[]> {
    let missing: string[] = [];
    await expect(
      server.db.transaction(async (tx) => {
        await change(tx);
        const draft = await draftContractTerms(tx, admitted.id, ISSUE);
        missing = draft.missing;
        if (draft.terms !== null && missing.length > 0) throw new Error('terms given although something is missing');
        throw new RolledBack();
      }),
    ).rejects.toThrow(RolledBack);
    return missing;
  }
  const answer = (key: string, value: unknown) => (tx: Queryable) =>
    tx.query(`UPDATE applications SET answers = answers || jsonb_build_object($2::text, $3::text) WHERE id = $1`, [
      admitted.id,
      key,
      value,
    ]);
  const terms = (set: string) => (tx: Queryable) => tx.query(`UPDATE program_terms SET ${set} WHERE course_id = $1`, [admitted.courseId]);

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await staffToken(server);
    admitted = await insertAdmittedApplication(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  test('the seed gives the settings, every program terms and its fees in cents', async () => {
    const settings = await server.db.pool.query<{ legal_name: string; policies: { key: string; url: string }[]; refund_schedule: unknown }>(
      'SELECT legal_name, policies, refund_schedule FROM enrolment_settings',
    );
    expect(settings.rows[0]?.legal_name).toBe('Northbridge College of Technology Inc.');
    expect(settings.rows[0]?.policies.map((p) => p.key)).toEqual(['students_rights', 'refund_policy', 'complaint_procedure']);
    expect(settings.rows[0]?.refund_schedule).toBeNull();
    const bare = await server.db.pool.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM courses c WHERE NOT EXISTS (SELECT 1 FROM program_terms t WHERE t.course_id = c.id)',
    );
    expect(bare.rows[0]?.n).toBe('0');
    const fees = await server.db.pool.query<{ label: string; amount_cents: number; applies_to: string; tuition: number }>(
      `SELECT f.label, f.amount_cents, f.applies_to, (c.fees->>'domestic_tuition')::int AS tuition
         FROM program_fees f JOIN courses c ON c.id = f.course_id WHERE f.course_id = $1 ORDER BY f.position`,
      [admitted.courseId],
    );
    const local = fees.rows.find((f) => f.label === 'Tuition' && f.applies_to === 'local');
    expect(local?.amount_cents).toBe((local?.tuition ?? 0) * 100);
  });

  test('a complete application gives the terms, the service fee cap and what was paid before', async () => {
    await server.db.pool.query(
      `INSERT INTO ledger_entries (id, application_id, kind, amount_cents, method, request_key) VALUES ($1, $2, 'payment', 10000, 'cash', $3)`,
      ['c0ffee000000000000000001', admitted.id, `terms-test-${kind}`],
    );
    const { terms, missing } = await draftContractTerms(server.db.pool, admitted.id, ISSUE);
    expect(missing).toEqual([]);
    if (!terms) throw new Error('no terms');
    expect(terms.student).toMatchObject({ name: 'Grace Hopper', residency: 'local', email: admitted.email });
    expect(terms.student.address).toBe('100 Queen Street West, Toronto, ON M5H 2N2, Canada');
    expect(terms.college.legal_name).toBe('Northbridge College of Technology Inc.');
    expect(terms.program).toMatchObject({ language: 'English', delivery: expect.any(String) });
    expect(terms.program.admission_requirements.length).toBeGreaterThan(0);
    expect(terms.fees.every((f) => f.label !== 'Tuition' || f.amount_cents > 0)).toBe(true);
    const compulsory = terms.fees.filter((f) => f.kind === 'compulsory').reduce((s, f) => s + f.amount_cents, 0);
    expect(terms.total_cents).toBe(compulsory);
    expect(terms.service_fee_cap_cents).toBe(Math.min(Math.floor(compulsory / 5), 50_000));
    expect(terms.service_fee_paid_cents).toBe(10_000);
    expect(terms.policies[0]?.url).toBe('https://college.example/policies');
    expect(terms.issued_at).toBe('2026-11-20T15:30:00.000Z');
    const acks = acknowledgementsOf(terms).map((a) => a.text);
    expect(acks).toContain("I have received the Statement of Students' Rights and Responsibilities.");
    expect(acks.at(-1)).toBe('I have read this contract, including the fees and the refund policy.');
    expect(acks.some((a) => a.includes('online'))).toBe(terms.program.delivery !== 'in_person');
  });

  test('every required element missing, in turn, blocks the contract and is named', async () => {
    const cases: [string, (tx: Queryable) => Promise<unknown>, string[]][] = [
      ["Program's approved name", terms('approved_name = NULL'), ["Program's approved name"]],
      ['language', terms('language = NULL'), ['Language of instruction']],
      ['hours', terms('hours = NULL'), ['Hours of instruction']],
      ['delivery', terms('delivery = NULL'), ['Delivery method']],
      ['locations', terms(`locations = ''`), ['Locations']],
      [
        'online details',
        terms(`delivery = 'hybrid', online_platform = NULL, online_details = NULL`),
        ['Online platform (online or hybrid delivery)', 'Online details (online or hybrid delivery)'],
      ],
      [
        'a fee without an amount',
        (tx) =>
          tx.query(
            `INSERT INTO program_fees (id, course_id, label, amount_cents, applies_to, position)
             VALUES ('ab0000000000000000000001', $1, 'Exam vouchers', NULL, 'all', 99)`,
            [admitted.courseId],
          ),
        ['Fee “Exam vouchers” has no amount'],
      ],
      [
        'no fees',
        (tx) => tx.query('UPDATE program_fees SET retired = true WHERE course_id = $1', [admitted.courseId]),
        ['Fees (no compulsory fee is listed)'],
      ],
      ['address', answer('address', ''), ["Student's address"]],
      ['postal code', answer('postal_code', ' '), ["Student's address"]],
      ['phone', answer('phone', ''), ["Student's phone number"]],
      ['name', answer('last_name', ''), ["Student's name"]],
      [
        'residency',
        (tx) => tx.query(`UPDATE applications SET answers = answers - 'residency' WHERE id = $1`, [admitted.id]),
        ["Student's residency (local or international)"],
      ],
      [
        'intake',
        (tx) => tx.query("UPDATE applications SET intake_id = NULL, answers = answers - 'intake_id' WHERE id = $1", [admitted.id]),
        ['Start date', 'Expected end date'],
      ],
      ['admission', (tx) => tx.query('UPDATE courses SET admission = NULL WHERE id = $1', [admitted.courseId]), ['Admission requirements']],
      ['legal name', (tx) => tx.query(`UPDATE enrolment_settings SET legal_name = ' '`), ["College's legal name"]],
      [
        'a policy',
        (tx) =>
          tx.query(
            `UPDATE enrolment_settings SET policies = (SELECT jsonb_agg(p) FROM jsonb_array_elements(policies) p WHERE p->>'key' <> 'students_rights')`,
          ),
        ["Policy: Statement of Students' Rights and Responsibilities"],
      ],
      [
        'the settings',
        (tx) => tx.query('DELETE FROM enrolment_settings'),
        [
          "College's legal name",
          "Policy: Statement of Students' Rights and Responsibilities",
          'Policy: Fee refund policy',
          'Policy: Student complaint procedure',
        ],
      ],
    ];
    for (const [what, change, named] of cases) {
      expect({ what, missing: await missingAfter(change) }).toEqual({ what, missing: named });
    }
    // Nothing was left changed: the application is complete again.
    expect((await draftContractTerms(server.db.pool, admitted.id, ISSUE)).missing).toEqual([]);
  }, 60_000);

  test('the terms editor: read by staff, saved whole by editors with a version check; audited', async () => {
    const path = crmEnrolmentPaths.programTerms(admitted.courseId);
    const counsellor = await addStaff(server, 'Terms Counsellor');
    const read = await server.app.inject({ url: path, headers: auth(counsellor.token) });
    expect(read.statusCode).toBe(200);
    const before = read.json<ProgramTerms>();
    const body = {
      version: before.version,
      approved_name: 'Network Administrator (approved)',
      language: 'English',
      hours: 900,
      delivery: 'hybrid',
      locations: '2 Bloor Street West, Toronto',
      online_platform: 'Moodle',
      online_details: 'A laptop and a headset.',
      practicum: '',
      fees: [
        { _id: before.fees[0]?._id, label: 'Tuition', amount_cents: 1_200_000, kind: 'compulsory', applies_to: 'local' },
        { label: 'Lab kit', amount_cents: null, kind: 'optional', applies_to: 'all' },
      ],
    };
    const put = (token: string, payload: object) => server.app.inject({ method: 'PUT', url: path, headers: auth(token), payload });
    const refused = await put(counsellor.token, body);
    expect({ status: refused.statusCode, message: refused.json<{ message: string }>().message }).toEqual({
      status: 403,
      message: EDITOR_ONLY_MESSAGE,
    });

    const invalid = await put(admin, { ...body, hours: 0, fees: [{ ...body.fees[1], label: ' ' }] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ errors: Record<string, string> }>().errors).toEqual({ hours: HOURS_MESSAGE, 'fees.0.label': FEE_LABEL_MESSAGE });

    const saved = await put(admin, body);
    expect(saved.statusCode).toBe(200);
    const after = saved.json<ProgramTerms>();
    expect(after).toMatchObject({ version: before.version + 1, hours: 900, practicum: null, delivery: 'hybrid' });
    expect(after.fees.map((f) => [f.label, f.amount_cents])).toEqual([
      ['Tuition', 1_200_000],
      ['Lab kit', null],
    ]);
    expect(after.updated_by?.name).toBeTruthy();

    const stale = await put(admin, { ...body, hours: 1000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string; current: ProgramTerms }>()).toMatchObject({
      message: TERMS_CONFLICT_MESSAGE,
      current: { hours: 900 },
    });

    // The lab kit without an amount now blocks a contract, named.
    expect((await draftContractTerms(server.db.pool, admitted.id, ISSUE)).missing).toEqual(['Fee “Lab kit” has no amount']);
    const audit = await server.db.pool.query<{ details: { course_id: string } }>(
      `SELECT details FROM audit_log WHERE action = 'enrolment.terms_changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]?.details.course_id).toBe(admitted.courseId);
    expect(
      (await server.app.inject({ url: crmEnrolmentPaths.programTerms('0123456789abcdef01234567'), headers: auth(admin) })).statusCode,
    ).toBe(404);
  });

  test('the enrolment settings: admins only; a schedule needs its source; audited', async () => {
    const counsellor = await addStaff(server, 'Settings Counsellor');
    const current = (
      await server.app.inject({ url: crmEnrolmentPaths.settings, headers: auth(counsellor.token) })
    ).json<EnrolmentSettings>();
    const body = {
      legal_name: current.legal_name,
      policies: current.policies,
      refund_schedule: [
        { up_to_percent_of_hours: 10, refund_percent: 70 },
        { up_to_percent_of_hours: 50, refund_percent: 40 },
        { up_to_percent_of_hours: 100, refund_percent: 0 },
      ],
      refund_schedule_source: '',
    };
    const put = (token: string, payload: object) =>
      server.app.inject({ method: 'PUT', url: crmEnrolmentPaths.settings, headers: auth(token), payload });
    const refused = await put(counsellor.token, { ...body, refund_schedule_source: 'O. Reg. 415/06, s. 27' });
    expect({ status: refused.statusCode, message: refused.json<{ message: string }>().message }).toEqual({
      status: 403,
      message: ADMIN_ONLY_MESSAGE,
    });
    const unsourced = await put(admin, body);
    expect(unsourced.statusCode).toBe(400);
    expect(unsourced.json<{ errors: Record<string, string> }>().errors).toEqual({ refund_schedule_source: SCHEDULE_SOURCE_MESSAGE });
    const saved = await put(admin, { ...body, refund_schedule_source: 'O. Reg. 415/06, s. 27' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<EnrolmentSettings>()).toMatchObject({
      refund_schedule: body.refund_schedule,
      refund_schedule_source: 'O. Reg. 415/06, s. 27',
    });
    const audit = await server.db.pool.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM audit_log WHERE action = 'enrolment.settings_changed'`,
    );
    expect(audit.rows[0]?.n).toBe('1');
  });
});
