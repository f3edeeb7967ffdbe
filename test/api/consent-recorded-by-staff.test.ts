/**
 * Express consent given another way, recorded by staff (issue 35): POST /api/crm/leads/:id/consent
 * writes the record (who, how, the day given, the wording's version) and its audit entry (lead and
 * day, never the note) together; the CRM's history shows it. Field messages for bad input, a day in
 * the future, years before the inquiry or before a later unsubscribe; 409 when express consent is
 * already recorded; 401 without a session. Every member may record on any lead (no lead scoping).
 */
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, validLead } from '../support/lead-fixtures';
import { createSession } from '../../server/auth/sessions';
import { recordConsent } from '../../server/consent/consent-store';
import { addMonths, dayStart } from '../../server/consent/consent-dates';
import { CONSENT_WORDING, wordingVersion } from '../../server/consent/consent-wording';
import type { ConsentAnswer } from '../../src/consent-contract';

const START_TIMEOUT_MS = 120_000;
const TODAY = torontoDay(new Date());
const EVIDENCE = 'Said yes on the phone call of today to the admissions desk, after hearing the wording read out.';

describe.each(testDatabaseKinds())('consent recorded by staff (%s)', (kind) => {
  let server: TestServer;
  let adminToken: string;
  let adminId: string;

  const newLead = async (email: string): Promise<string> => {
    expect((await server.app.inject({ method: 'POST', url: '/api/leads', payload: validLead({ email }) })).statusCode).toBe(201);
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [email]);
    return rows[0]!.id.trim();
  };
  const record = (leadId: string, payload: unknown, token: string | null = adminToken) =>
    server.app.inject({
      method: 'POST',
      url: `/api/crm/leads/${leadId}/consent`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as object,
    });
  const recordsOf = async (email: string) =>
    (
      await server.db.pool.query<{ kind: string; method: string; recorded_by: string | null; evidence: string; obtained_at: Date | null }>(
        'SELECT kind, method, recorded_by, evidence, obtained_at FROM consent_records WHERE email = $1 ORDER BY id',
        [email],
      )
    ).rows;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    adminToken = await staffToken(server);
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
      server.config.adminEmail ?? 'admin@test.example',
    ]);
    adminId = rows[0]!.id.trim();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('records who, how and when with the audit entry; the history shows it; a second time is a 409', async () => {
    const email = 'phone.yes@example.com';
    const leadId = await newLead(email);
    const res = await record(leadId, { evidence: `  ${EVIDENCE}  `, obtained_on: TODAY });
    expect(res.statusCode).toBe(201);
    const answer = res.json<ConsentAnswer>();
    expect(answer.state).toMatchObject({ kind: 'express', since: TODAY });
    const { rows: admin } = await server.db.pool.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [adminId]);
    const name = admin[0]!.name;
    expect(answer.history[0]).toEqual({
      at: expect.any(String),
      kind: 'express',
      text: `Express consent recorded by ${name} (given ${TODAY})`,
      method: 'recorded by staff',
      source: `CRM, recorded by ${name}`,
      ip: expect.any(String),
      wording: CONSENT_WORDING,
      form_version: `CRM, wording ${wordingVersion(CONSENT_WORDING)}`,
      recorded_by: name,
      evidence: EVIDENCE,
      obtained_on: TODAY,
    });
    // The same answer as the GET.
    const read = await server.app.inject({ url: `/api/crm/leads/${leadId}/consent`, headers: { authorization: `Bearer ${adminToken}` } });
    expect(read.json()).toEqual(answer);

    const written = await recordsOf(email);
    expect(written).toEqual([
      { kind: 'express', method: 'recorded by staff', recorded_by: adminId, evidence: EVIDENCE, obtained_at: dayStart(TODAY) },
    ]);
    const { rows: audit } = await server.db.pool.query<{ actor_id: string; ip: string | null; details: Record<string, unknown> }>(
      "SELECT actor_id, ip, details FROM audit_log WHERE action = 'consent.recorded'",
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id.trim()).toBe(adminId);
    expect(audit[0]!.details).toEqual({ lead_id: leadId, obtained_on: TODAY });
    const { rows: events } = await server.db.pool.query<{ actor_id: string }>(
      "SELECT actor_id FROM lead_events WHERE lead_id = $1 AND kind = 'consent_given'",
      [leadId],
    );
    expect(events.map((e) => e.actor_id.trim())).toEqual([adminId]);

    const again = await record(leadId, { evidence: EVIDENCE, obtained_on: TODAY });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "This person's express consent is already recorded." });
    expect(await recordsOf(email)).toHaveLength(1);
  });

  test('bad input answers 400 with a message per field, and writes nothing', async () => {
    const email = 'bad.input@example.com';
    const leadId = await newLead(email);
    const tomorrow = torontoDay(new Date(dayStart(TODAY).getTime() + 36 * 3600 * 1000));
    const cases: [unknown, Record<string, RegExp>][] = [
      [{}, { evidence: /describe how and where/, obtained_on: /give the date/ }],
      [{ evidence: 'on phone', obtained_on: TODAY }, { evidence: /at least 10 characters/ }],
      [{ evidence: 'x'.repeat(1001), obtained_on: TODAY }, { evidence: /at most 1000 characters/ }],
      [{ evidence: EVIDENCE, obtained_on: '2026-02-30' }, { obtained_on: /give the date/ }],
      [{ evidence: EVIDENCE, obtained_on: '27/11/2026' }, { obtained_on: /give the date/ }],
      [{ evidence: EVIDENCE, obtained_on: tomorrow }, { obtained_on: /cannot be in the future/ }],
      [{ evidence: EVIDENCE, obtained_on: TODAY, wording: 'w'.repeat(2001) }, { wording: /at most 2000 characters/ }],
      // Two years before the first inquiry, and one day more.
      [
        { evidence: EVIDENCE, obtained_on: dayBefore(addMonths(TODAY, -24)) },
        { obtained_on: /two years before this person's first inquiry/ },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await record(leadId, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      const body = res.json<{ message: string; errors: Record<string, string> }>();
      expect(Object.keys(body.errors).sort()).toEqual(Object.keys(fields).sort());
      for (const [field, message] of Object.entries(fields)) expect(body.errors[field]).toMatch(message);
      expect(body.message).toBe(
        Object.keys(fields).length > 1 ? 'Please correct the highlighted fields.' : body.errors[Object.keys(fields)[0]!],
      );
    }
    expect(await recordsOf(email)).toEqual([]);
    const { rows } = await server.db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'consent.recorded' AND details->>'lead_id' = $1",
      [leadId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  test('a day before a later unsubscribe is refused; one on or after it supersedes the unsubscribe, with its own wording', async () => {
    const email = 'was.unsubscribed@example.com';
    const leadId = await newLead(email);
    await recordConsent(server.db.pool, { email, kind: 'withdrawn', method: 'unsubscribe page', source: '/unsubscribe', ip: null });
    const before = await record(leadId, { evidence: EVIDENCE, obtained_on: dayBefore(TODAY) });
    expect(before.statusCode).toBe(400);
    expect(before.json<{ errors: Record<string, string> }>().errors.obtained_on).toBe(
      `This person unsubscribed on ${TODAY}, after this date, so this consent no longer counts. Please record consent they give after unsubscribing.`,
    );
    const paper = 'I agree to receive e-mails about programs from the college. Signed on the paper form at the fair.';
    const res = await record(leadId, {
      evidence: 'Signed the paper form at the Toronto fair; the form is filed.',
      obtained_on: TODAY,
      wording: paper,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ConsentAnswer>().state.kind).toBe('express');
    expect(res.json<ConsentAnswer>().history[0]).toMatchObject({ wording: paper, form_version: `CRM, wording ${wordingVersion(paper)}` });
    expect((await recordsOf(email)).map((r) => `${r.kind}/${r.method}`)).toEqual([
      'withdrawn/unsubscribe page',
      'express/recorded by staff',
    ]);
  });

  test('any active member may record on any lead; no session is a 401; an unknown lead a 404', async () => {
    const email = 'counsellor.records@example.com';
    const leadId = await newLead(email);
    const counsellorId = crypto.randomBytes(12).toString('hex');
    await server.db.pool.query(
      `INSERT INTO users (id, name, email, password_hash, role, status, password_set) VALUES ($1, 'Casey Counsellor', 'casey@test.example', 'not-a-hash', 'counsellor', 1, true)`,
      [counsellorId],
    );
    const counsellor = await createSession(server.db.pool, counsellorId);

    const anonymous = await record(leadId, { evidence: EVIDENCE, obtained_on: TODAY }, null);
    expect(anonymous.statusCode).toBe(401);
    expect(await recordsOf(email)).toEqual([]);
    expect((await record('ffffffffffffffffffffffff', { evidence: EVIDENCE, obtained_on: TODAY })).statusCode).toBe(404);
    expect((await record('not-an-id', { evidence: EVIDENCE, obtained_on: TODAY })).statusCode).toBe(404);

    const res = await record(leadId, { evidence: EVIDENCE, obtained_on: TODAY }, counsellor);
    expect(res.statusCode).toBe(201);
    expect(res.json<ConsentAnswer>().history[0]!.text).toBe(`Express consent recorded by Casey Counsellor (given ${TODAY})`);
    expect((await recordsOf(email))[0]!.recorded_by?.trim()).toBe(counsellorId);
  });
});

function torontoDay(instant: Date): string {
  return instant.toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
}

function dayBefore(day: string): string {
  return torontoDay(new Date(dayStart(day).getTime() - 12 * 3600 * 1000));
}
