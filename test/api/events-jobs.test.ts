/**
 * Issue 24's background work on both databases, at times the test sets: reminders 24 h and 1 h
 * before an event go once to each seat (a pass run twice, and two instances at once), never to
 * the waitlist or a cancelled registration, never for a cancelled event; a seat taken 30 minutes
 * before gets only the 1-hour one; an SMTP outage keeps them queued until it ends. When an event
 * ends its no-shows are recorded once, and sequences triggered by "attended" and "did not attend"
 * take the right leads (and never at intake).
 */
import type { Database } from '../../server/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { countRows, insertStaff } from '../support/sequences';
import { settleRepeats } from '../support/repeat';
import { HOUR, MINUTE, insertEvent, mailsOf, passDeps, registerPerson, secondInstance } from '../support/events-jobs';
import { kickEventsPass, runEventsPass } from '../../server/events/event-jobs';
import { recordEndedEvents } from '../../server/events/outcomes';
import { checkIn, undoCheckIn } from '../../server/events/check-in';
import { createSequence } from '../../server/sequences/sequence-store';
import { sweep } from '../../server/sequences/sweep';
import type { SequenceInput } from '../../src/sequences-contract';

const START_TIMEOUT_MS = 120_000;
// Wednesday 10 March 2027, 10:00 in Toronto: far from the real clock, so the server's own pass never sees it.
const START = new Date('2027-03-10T15:00:00Z');
const BEFORE = new Date('2027-03-01T15:00:00Z');

/** What `find` finds, once it finds something (within 10 s). */
async function waitFor<T>(find: () => T[]): Promise<T[]> {
  for (let tries = 0; tries < 200; tries += 1) {
    const found = find();
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return find();
}

describe.each(testDatabaseKinds())('events: reminders, no-shows and sequences (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let other: Database;
  let staffId: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ kind, listen: false, env: { SMTP_URL: sink.url } });
    other = await secondInstance(server.db);
    staffId = await insertStaff(server.db.pool, 'Desmond Door');
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    if (other && other !== server.db) await other.close();
    await server?.close();
    await sink?.close();
  });

  /** The pass at `at`, on this instance and (when `twice`) on a second one at the same moment. */
  async function pass(at: Date, twice = true) {
    const runs = [runEventsPass(passDeps(server, server.db, () => at))];
    if (twice) runs.push(runEventsPass(passDeps(server, other, () => at)));
    return Promise.all(runs);
  }
  const stamps = async (registrationId: string) =>
    (
      await server.db.pool.query<{ h24: Date | null; h1: Date | null; no_show: Date | null }>(
        'SELECT reminded_24h_at AS h24, reminded_1h_at AS h1, no_show_at AS no_show FROM event_registrations WHERE id = $1',
        [registrationId],
      )
    ).rows[0]!;

  test('24 h and 1 h reminders go once to each seat, with two passes on two instances; not to the waitlist or a cancelled registration', async () => {
    const event = await insertEvent(server.db.pool, START, { capacity: 2 });
    const ann = await registerPerson(server, event, BEFORE, 'Ann');
    const ben = await registerPerson(server, event, BEFORE, 'Ben');
    const cat = await registerPerson(server, event, BEFORE, 'Cat');
    expect([ann.status, ben.status, cat.status]).toEqual(['registered', 'registered', 'waitlisted']);
    // Ben cancels; no promotion here (the row is changed as a cancellation would leave it), so Cat stays waitlisted.
    await server.db.pool.query(`UPDATE event_registrations SET status = 'cancelled', cancelled_at = $2 WHERE id = $1`, [
      ben.registrationId,
      BEFORE,
    ]);
    const count = (kindOf: 'reminder_24h' | 'reminder_1h', who: { email: string }) => mailsOf(server.db.pool, event, kindOf, who.email);

    await pass(new Date(START.getTime() - 25 * HOUR));
    expect(await count('reminder_24h', ann)).toBe(0);

    const dayBefore = new Date(START.getTime() - 24 * HOUR + MINUTE);
    await pass(dayBefore);
    await pass(dayBefore);
    expect([await count('reminder_24h', ann), await count('reminder_24h', ben), await count('reminder_24h', cat)]).toEqual([1, 0, 0]);
    expect(new Date((await stamps(ann.registrationId)).h24!).toISOString()).toBe(dayBefore.toISOString());
    expect(await count('reminder_1h', ann)).toBe(0);

    const hourBefore = new Date(START.getTime() - HOUR + MINUTE);
    await pass(hourBefore);
    await pass(new Date(hourBefore.getTime() + MINUTE));
    expect([await count('reminder_24h', ann), await count('reminder_1h', ann)]).toEqual([1, 1]);
    expect([await count('reminder_1h', ben), await count('reminder_1h', cat)]).toEqual([0, 0]);
    expect(await stamps(cat.registrationId)).toEqual({ h24: null, h1: null, no_show: null });
  });

  test('a seat taken 30 minutes before the start gets the 1-hour reminder only', async () => {
    const event = await insertEvent(server.db.pool, new Date(START.getTime() + 24 * HOUR));
    const late = await registerPerson(server, event, new Date(event.startsAt.getTime() - 30 * MINUTE), 'Lou');
    await pass(new Date(event.startsAt.getTime() - 29 * MINUTE));
    expect(await mailsOf(server.db.pool, event, 'reminder_24h', late.email)).toBe(0);
    expect(await mailsOf(server.db.pool, event, 'reminder_1h', late.email)).toBe(1);
    // After the start, nothing more is due.
    await pass(new Date(event.startsAt.getTime() + MINUTE));
    expect(await mailsOf(server.db.pool, event, 'reminder_1h', late.email)).toBe(1);
  });

  test('a reminder due after the event was cancelled sends nothing', async () => {
    const event = await insertEvent(server.db.pool, new Date(START.getTime() + 48 * HOUR));
    const person = await registerPerson(server, event, BEFORE, 'Cy');
    await server.db.pool.query('UPDATE events SET cancelled_at = $2 WHERE id = $1', [event.id, BEFORE]);
    await pass(new Date(event.startsAt.getTime() - 24 * HOUR + MINUTE));
    await pass(new Date(event.startsAt.getTime() - HOUR + MINUTE));
    expect(await mailsOf(server.db.pool, event, 'reminder_24h', person.email)).toBe(0);
    expect(await mailsOf(server.db.pool, event, 'reminder_1h', person.email)).toBe(0);
    expect(await stamps(person.registrationId)).toEqual({ h24: null, h1: null, no_show: null });
    // Ended, but cancelled: no outcomes either.
    await recordEndedEvents(server.db, server.ctx.jobs, new Date(event.endsAt.getTime() + MINUTE));
    expect(await stamps(person.registrationId)).toEqual({ h24: null, h1: null, no_show: null });
  });

  test('an SMTP outage keeps a reminder queued; it is delivered once the server takes mail again', async () => {
    const event = await insertEvent(server.db.pool, new Date(START.getTime() + 72 * HOUR));
    const person = await registerPerson(server, event, BEFORE, 'Oona');
    sink.refuse = true;
    try {
      await pass(new Date(event.startsAt.getTime() - 24 * HOUR + MINUTE), false);
      await server.ctx.leadLife.settle();
      await server.ctx.mailer.flush();
      const subject = `Reminder: ${event.title} starts in 24 hours`;
      const row = async () =>
        (
          await server.db.pool.query<{ sent_at: Date | null; attempts: number }>(
            'SELECT sent_at, attempts FROM mail_queue WHERE subject = $1',
            [subject],
          )
        ).rows;
      const failed = await row();
      expect(failed).toHaveLength(1);
      expect(failed[0]!.sent_at).toBeNull();
      expect(failed[0]!.attempts).toBeGreaterThanOrEqual(1);
      expect(sink.messages.some((m) => m.subject === subject)).toBe(false);

      sink.refuse = false;
      await server.db.pool.query('UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL');
      await server.ctx.leadLife.settle();
      await server.ctx.mailer.flush();
      const delivered = await waitFor(() => sink.messages.filter((m) => m.subject === subject && m.to.includes(person.email)));
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.raw).toContain('filename=event.ics');
      expect((await row())[0]!.sent_at).not.toBeNull();
    } finally {
      sink.refuse = false;
    }
  });

  test('no-shows are recorded once when the event ends; check-ins and the waitlist are not; sequences follow attendance, never intake', async () => {
    const owner = await insertStaff(server.db.pool, 'Sequence Owner');
    const sequence = (name: string, rules: SequenceInput['rules']) =>
      createSequence(server.db, { name, paused: false, exit_stages: [], rules, steps: [{ kind: 'wait', days: 5 }] }, owner, BEFORE);
    const attendedSeq = await sequence('Thanks for coming', [{ event_outcome: 'attended' }]);
    const missedSeq = await sequence('Sorry we missed you', [{ event_outcome: 'no_show' }]);
    const everyone = await sequence('Everyone new', [{}]);

    const event = await insertEvent(server.db.pool, new Date(START.getTime() + 96 * HOUR), { capacity: 2 });
    const came = await registerPerson(server, event, BEFORE, 'Cam');
    const missed = await registerPerson(server, event, BEFORE, 'Mo');
    const waiting = await registerPerson(server, event, BEFORE, 'Wes');
    expect(waiting.status).toBe('waitlisted');

    // Intake: the rule without an outcome takes the new leads; the outcome rules take nobody.
    // The server's own follow-up and sweep may take a lead first (its row is then locked and this
    // sweep skips it): the enrolment is waited for, whichever pass makes it.
    await settleRepeats(server);
    await sweep({ ...server.ctx, now: () => BEFORE, log: { debug: () => undefined, warn: () => undefined } });
    const enrolled = (sequenceId: string, leadId: string) =>
      countRows(server.db.pool, 'SELECT 1 FROM sequence_enrolments WHERE sequence_id = $1 AND lead_id = $2', [sequenceId, leadId]);
    for (let tries = 0; tries < 100 && (await enrolled(everyone, came.leadId)) === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await enrolled(everyone, came.leadId)).toBe(1);
    expect(
      await countRows(server.db.pool, 'SELECT 1 FROM sequence_enrolments WHERE sequence_id IN ($1, $2)', [attendedSeq, missedSeq]),
    ).toBe(0);

    const during = new Date(event.startsAt.getTime() + 10 * MINUTE);
    await checkIn(server.db, server.ctx.jobs, { eventId: event.id, registrationId: came.registrationId }, staffId, during);
    expect([await enrolled(attendedSeq, came.leadId), await enrolled(missedSeq, came.leadId)]).toEqual([1, 0]);

    // Not yet ended: nothing recorded.
    await recordEndedEvents(server.db, server.ctx.jobs, during);
    expect((await stamps(missed.registrationId)).no_show).toBeNull();
    const after = new Date(event.endsAt.getTime() + MINUTE);
    // Twice at once (two instances), then again later: recorded once, at the first pass's time.
    await Promise.all([recordEndedEvents(server.db, server.ctx.jobs, after), recordEndedEvents(other, server.ctx.jobs, after)]);
    await recordEndedEvents(server.db, server.ctx.jobs, new Date(after.getTime() + HOUR));

    expect((await stamps(missed.registrationId)).no_show).not.toBeNull();
    expect((await stamps(came.registrationId)).no_show).toBeNull();
    expect((await stamps(waiting.registrationId)).no_show).toBeNull();
    const entries = (leadId: string, action: string) =>
      countRows(
        server.db.pool,
        `SELECT 1 FROM lead_events WHERE lead_id = $1 AND kind = 'event' AND detail->>'action' = $2 AND detail->>'event_id' = $3`,
        [leadId, action, event.id],
      );
    expect([
      await entries(missed.leadId, 'no_show'),
      await entries(came.leadId, 'no_show'),
      await entries(came.leadId, 'attended'),
    ]).toEqual([1, 0, 1]);
    expect(await entries(waiting.leadId, 'no_show')).toBe(0);
    expect([await enrolled(missedSeq, missed.leadId), await enrolled(attendedSeq, missed.leadId)]).toEqual([1, 0]);
    expect(await enrolled(missedSeq, waiting.leadId)).toBe(0);
    const { rows } = await server.db.pool.query<{ outcomes_at: Date }>('SELECT outcomes_at FROM events WHERE id = $1', [event.id]);
    expect(new Date(rows[0]!.outcomes_at).toISOString()).toBe(after.toISOString());

    // Checked in late (from a paper list): no longer a no-show; undone, a no-show again.
    const late = new Date(after.getTime() + 2 * HOUR);
    const target = { eventId: event.id, registrationId: missed.registrationId };
    await checkIn(server.db, server.ctx.jobs, target, staffId, late);
    expect((await stamps(missed.registrationId)).no_show).toBeNull();
    expect([await entries(missed.leadId, 'no_show'), await entries(missed.leadId, 'attended')]).toEqual([0, 1]);
    await undoCheckIn(server.db, server.ctx.jobs, target, late);
    expect((await stamps(missed.registrationId)).no_show).not.toBeNull();
    expect([await entries(missed.leadId, 'no_show'), await entries(missed.leadId, 'attended')]).toEqual([1, 0]);
  });

  test("the server's own worker runs the pass: a kick sends a reminder due now", async () => {
    const event = await insertEvent(server.db.pool, new Date(Date.now() + 30 * MINUTE));
    const person = await registerPerson(server, event, new Date(), 'Kit');
    await kickEventsPass(server.ctx.jobs);
    for (let tries = 0; tries < 100 && (await mailsOf(server.db.pool, event, 'reminder_1h', person.email)) === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await mailsOf(server.db.pool, event, 'reminder_1h', person.email)).toBe(1);
    expect(await mailsOf(server.db.pool, event, 'reminder_24h', person.email)).toBe(0);
  });
});
