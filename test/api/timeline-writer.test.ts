/**
 * The one writer of lead_events (server/timeline/lead-events.ts, issue 30): typed events are
 * written as rows in order, with their detail as given and their time (the transaction's start when
 * none is given); the set-based form writes the same rows from SQL; and the timeline draws each
 * kind by its renderer, leaving out a kind it does not know. Both databases: the multi-row form
 * sends arrays of JSON, which PGlite's adapter and node-postgres must both carry.
 */
import { createTestDatabase, bothDatabaseKinds, type TestDatabase } from '../support/database';
import { insertLead } from '../support/sequences';
import { kindCase, leadEventsInsertFrom, recordLeadEvent, recordLeadEvents } from '../../server/timeline/lead-events';
import { leadTimeline } from '../../server/crm/timeline';

const START_TIMEOUT_MS = 120_000;

describe.each(bothDatabaseKinds())('the one timeline writer (%s)', (kind) => {
  let db: TestDatabase;
  let leadId: string;

  const rowsOf = async (id: string) =>
    (
      await db.pool.query<{ kind: string; actor_id: string | null; detail: unknown; created_at: Date }>(
        'SELECT kind, actor_id, detail, created_at FROM lead_events WHERE lead_id = $1 ORDER BY id',
        [id],
      )
    ).rows;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    leadId = await insertLead(db.pool, { createdAt: new Date('2027-01-04T15:00:00Z') });
  });

  test('typed events become rows in order, detail as given, at their time or the transaction start', async () => {
    const at = new Date('2027-01-05T15:00:00Z');
    const text = 'Called back.\n"Quoted", a \\ and {braces}, é';
    const started = await db.transaction(async (client) => {
      await recordLeadEvents(client, [
        { kind: 'note', leadId, actorId: null, detail: { text } },
        { kind: 'stage', leadId, actorId: null, detail: { from: 1, to: 5 }, at },
      ]);
      await recordLeadEvent(client, {
        kind: 'application',
        leadId,
        actorId: null,
        detail: { action: 'submitted', application_id: 'a1', text: 'Application submitted' },
      });
      return (await client.query<{ now: Date }>('SELECT now() AS now')).rows[0]?.now;
    });
    const rows = await rowsOf(leadId);
    expect(rows.map((r) => [r.kind, r.actor_id, r.detail])).toEqual([
      ['note', null, { text }],
      ['stage', null, { from: 1, to: 5 }],
      ['application', null, { action: 'submitted', application_id: 'a1', text: 'Application submitted' }],
    ]);
    expect(rows.map((r) => new Date(r.created_at).toISOString())).toEqual([
      new Date(started ?? 0).toISOString(),
      at.toISOString(),
      new Date(started ?? 0).toISOString(),
    ]);
    await recordLeadEvents(db.pool, []);
    expect(await rowsOf(leadId)).toHaveLength(3);
  });

  test('the set-based form writes the same row from SQL, its kind chosen per row', async () => {
    const sql = leadEventsInsertFrom({
      kind: kindCase('$2::text', { express: 'consent_given' }, 'consent_withdrawn'),
      leadId: '$1',
      detail: { method: '$3::text' },
      from: 'FROM leads WHERE id = $1',
    });
    await db.pool.query(sql, [leadId, 'express', 'consent page']);
    await db.pool.query(sql, [leadId, 'withdrawn', 'one-click']);
    const rows = await rowsOf(leadId);
    expect(rows.map((r) => [r.kind, r.actor_id, r.detail])).toEqual([
      ['consent_given', null, { method: 'consent page' }],
      ['consent_withdrawn', null, { method: 'one-click' }],
    ]);
  });

  test('the timeline draws each kind by its renderer and leaves out a kind it does not know', async () => {
    await recordLeadEvents(db.pool, [
      { kind: 'note', leadId, actorId: null, detail: { text: 'First' }, at: new Date('2027-01-05T15:00:00Z') },
      { kind: 'anonymised', leadId, actorId: null, detail: { rows: 3 }, at: new Date('2027-01-06T15:00:00Z') },
    ]);
    // A row of a kind a later version may write: this version shows nothing for it.
    await db.pool.query(`INSERT INTO lead_events (lead_id, kind, detail) VALUES ($1, 'later_kind', '{}')`, [leadId]);
    const entries = await leadTimeline(db.pool, leadId);
    expect(entries?.map((e) => e.kind)).toEqual(['inquiry', 'note', 'anonymised']);
    expect(entries?.[1]).toEqual({ kind: 'note', at: '2027-01-05T15:00:00.000Z', by: null, text: 'First' });
  });
});
