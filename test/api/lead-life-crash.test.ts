/**
 * Issue 30: a lead's follow-up survives a crash between the lead's commit and its handlers. A
 * server that stores leads but never runs their handlers (as one killed right after the commit)
 * takes five inquiries and is killed with SIGKILL; the next start notifies, assigns and enrols
 * each of them exactly once, on both databases.
 */
import type { Database } from '../../server/db/database';
import { createSequence } from '../../server/sequences/sequence-store';
import { bothDatabaseKinds } from '../support/database';
import { crashScene } from '../support/crash-database';
import { validLead } from '../support/lead-fixtures';
import { insertStaff } from '../support/sequences';

const LEADS = 5;
const emails = Array.from({ length: LEADS }, (_, i) => `crash.lead${i}@example.com`);

async function prepare(db: Database): Promise<void> {
  const owner = await insertStaff(db.pool, 'Rule Member');
  await db.pool.query(
    `INSERT INTO assignment_rules (name, enabled, course_type, location, cap, member_ids, position)
     VALUES ('Everyone', true, NULL, NULL, NULL, ARRAY[$1]::char(24)[], 1)`,
    [owner],
  );
  await createSequence(db, { name: 'Welcome', paused: false, exit_stages: [], rules: [{}], steps: [{ kind: 'wait', days: 5 }] }, owner);
}

interface Followed {
  notify_pending: boolean;
  assign_pending: boolean;
  sequence_pending: boolean;
  owner: boolean;
  owner_entries: number;
  enrolments: number;
  mails: number;
}

const followedUp = (db: Database) =>
  db.pool
    .query<Followed>(
      `SELECT l.notify_pending, l.assign_pending, l.sequence_pending, l.owner_id IS NOT NULL AS owner,
              (SELECT count(*)::int FROM lead_events e WHERE e.lead_id = l.id AND e.kind = 'owner') AS owner_entries,
              (SELECT count(*)::int FROM sequence_enrolments s WHERE s.lead_id = l.id) AS enrolments,
              (SELECT count(*)::int FROM mail_queue m WHERE m.to_address = l.email) AS mails
         FROM leads l WHERE l.email = ANY($1::text[]) ORDER BY l.email`,
      [emails],
    )
    .then((result) => result.rows);

describe.each(bothDatabaseKinds())('a crash between a lead’s commit and its follow-up (%s)', (kind) => {
  const scene = crashScene(kind, prepare);

  test('the next start notifies, assigns and enrols each lead once', async () => {
    const { sink, database } = scene;
    const first = await scene.start({ followLeads: false });
    for (const email of emails) {
      const res = await fetch(`${first.url}/api/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(validLead({ email })),
      });
      expect(res.status).toBe(201);
    }
    await first.kill();
    const atCrash = await database.use(followedUp);
    expect(atCrash).toHaveLength(LEADS);
    expect(atCrash.every((lead) => lead.notify_pending && lead.assign_pending && lead.mails === 0)).toBe(true);

    const second = await scene.start();
    for (const email of emails) await sink.waitForMail(email, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a second pass would show by now
    await second.stop();

    const after = await database.use(followedUp);
    expect(after).toEqual(
      emails.map(() => ({
        notify_pending: false,
        assign_pending: false,
        sequence_pending: false,
        owner: true,
        owner_entries: 1,
        enrolments: 1,
        mails: 1,
      })),
    );
    expect(sink.messages.filter((mail) => emails.some((email) => mail.to.includes(email)))).toHaveLength(LEADS);
  }, 180_000);
});
