/**
 * Issue 21, defect 7: the lead confirmation (auto-reply) cannot be aimed. At most one per
 * recipient address per 24 hours across instances (the claim is in the database, made by the
 * lead notifier at send time); every lead is still stored and still gets its admissions summary.
 * The confirmation repeats no typed value but a name-like first name.
 */
import { openedBodies } from '../support/secrets-scan';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { validLead } from '../support/lead-fixtures';
import { leadNotifier } from '../../server/leads/lead-notifier';
import { CONFIRMATION_INTERVAL_HOURS } from '../../server/leads/confirmation-limit';
import { runHousekeeping } from '../../server/jobs/housekeeping';
import { COLLEGE } from '../../src/college';

const START_TIMEOUT_MS = 120_000;
const ADMISSIONS = 'intake-limit@test.example';
const CONFIRMATION_SUBJECT = `We received your inquiry - ${COLLEGE.shortName}`;

describe.each(testDatabaseKinds())('the lead confirmation cannot be aimed (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { ADMISSIONS_EMAIL: ADMISSIONS, LEADS_RATE_LIMIT: '10000' } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  const post = (fields: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validLead(fields)),
    });
  /** Queues the mails of every pending lead, as the mail worker does. */
  const notifyAll = async () => {
    const notify = leadNotifier(server.db.pool, server.config, server.ctx.catalogue);
    while ((await notify()) > 0);
  };
  const confirmations = async (pattern: string) =>
    (
      await server.db.pool.query<{ to_address: string; text_body: string; html_body: string }>(
        'SELECT to_address, text_body, html_body FROM mail_queue WHERE subject = $1 AND lower(to_address) LIKE $2 ORDER BY id',
        [CONFIRMATION_SUBJECT, pattern],
      )
    ).rows.map((row) => openedBodies(server.ctx.secrets, row));
  const leadsTo = async (pattern: string) =>
    Number((await server.db.pool.query('SELECT count(*) AS n FROM leads WHERE lower(email) LIKE $1', [pattern])).rows[0].n);
  const summariesFor = async (lastName: string) =>
    Number(
      (
        await server.db.pool.query('SELECT count(*) AS n FROM mail_queue WHERE to_address = $1 AND text_body LIKE $2', [
          ADMISSIONS,
          `%${lastName}%`,
        ])
      ).rows[0].n,
    );

  test('five leads naming one address (case and +tags varied) in a day: five leads, five summaries, one confirmation', async () => {
    const addresses = [
      'target@example.com',
      'TARGET@example.com',
      'target+1@example.com',
      ' target+news@Example.com',
      'target@example.com',
    ];
    for (const email of addresses) expect((await post({ email: email.trim(), last_name: 'Aimed' })).statusCode).toBe(201);
    await notifyAll();
    expect(await leadsTo('target%@example.com')).toBe(5);
    expect(await summariesFor('Aimed')).toBe(5);
    expect(await confirmations('target%@example.com')).toHaveLength(1);
  });

  test('the limit is in the database: another instance (another notifier), also at the same moment, sends no second one', async () => {
    expect((await post({ email: 'shared@example.com', last_name: 'Shared' })).statusCode).toBe(201);
    await notifyAll();
    for (let i = 0; i < 3; i += 1) expect((await post({ email: 'shared@example.com', last_name: 'Shared' })).statusCode).toBe(201);
    const instances = [1, 2, 3].map(() => leadNotifier(server.db.pool, server.config, server.ctx.catalogue));
    await Promise.all(instances.map((notify) => notify()));
    await notifyAll();
    expect(await confirmations('shared@example.com')).toHaveLength(1);
    expect(await summariesFor('Shared')).toBe(4);
  });

  test(`after ${CONFIRMATION_INTERVAL_HOURS} hours the address gets a confirmation again; housekeeping forgets old claims`, async () => {
    expect((await post({ email: 'later@example.com' })).statusCode).toBe(201);
    await notifyAll();
    expect((await post({ email: 'later@example.com' })).statusCode).toBe(201);
    await notifyAll();
    expect(await confirmations('later@example.com')).toHaveLength(1);
    // The clock of the claim, not of the machine, is moved: one second past the interval.
    await server.db.pool.query(`UPDATE lead_confirmations SET sent_at = now() - make_interval(hours => $1) - interval '1 second'`, [
      CONFIRMATION_INTERVAL_HOURS,
    ]);
    expect((await post({ email: 'later@example.com' })).statusCode).toBe(201);
    await notifyAll();
    expect(await confirmations('later@example.com')).toHaveLength(2);
    await server.db.pool.query(`UPDATE lead_confirmations SET sent_at = now() - make_interval(hours => $1) - interval '1 second'`, [
      CONFIRMATION_INTERVAL_HOURS,
    ]);
    const purged = await runHousekeeping(server.db.pool);
    expect(purged.leadConfirmations).toBeGreaterThanOrEqual(1);
    expect(Number((await server.db.pool.query('SELECT count(*) AS n FROM lead_confirmations')).rows[0].n)).toBe(0);
  });

  test('the table holds a hash of the address, never the address', async () => {
    const { rows } = await server.db.pool.query<{ address_hash: Buffer }>('SELECT address_hash FROM lead_confirmations');
    for (const row of rows) {
      expect(row.address_hash).toHaveLength(32);
      expect(row.address_hash.toString('latin1')).not.toContain('@');
    }
  });

  test('no typed value but a name-like first name appears in the confirmation', async () => {
    const typed = {
      email: 'relay.one@example.com',
      first_name: 'Click https://spam.example to win',
      last_name: 'Buy-Now-Lastname',
      phone: '+14165550199',
    };
    expect((await post(typed)).statusCode).toBe(201);
    expect((await post({ email: 'relay.two@example.com', first_name: 'Émilie-Anne', last_name: 'Secretlast' })).statusCode).toBe(201);
    await notifyAll();
    const [spam] = await confirmations('relay.one@example.com');
    const [named] = await confirmations('relay.two@example.com');
    expect(spam?.text_body.startsWith('Hello,\n')).toBe(true);
    expect(named?.text_body.startsWith('Hello Émilie-Anne,\n')).toBe(true);
    for (const mail of [spam, named]) {
      const body = `${mail?.text_body}\n${mail?.html_body}`;
      for (const value of ['spam.example', 'Buy-Now-Lastname', 'Secretlast', '4165550199', 'relay.one', 'relay.two']) {
        expect(body).not.toContain(value);
      }
    }
  });
});
