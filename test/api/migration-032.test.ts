/**
 * Migration 032 (issue 35) on data an older version left (in a schema of its own on PostgreSQL, or
 * a fresh embedded database): two live
 * registrations of one mailbox for one event (`+tags`) both stay, each with a key of its own, while
 * new ones are keyed by mailbox; the tokens of links in delivered mails and in the CRM's copies of
 * sent mails are replaced by "removed" and the text around them stays; an undelivered mail is left
 * to be sent.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations/index';
import { recipientKey } from '../../server/leads/confirmation-limit';
import { createTestDatabase, defaultDatabaseKind, type TestDatabase } from '../support/database';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfGh';

describe('migration 032 on an older version’s data', () => {
  let db: Database;
  const upTo = MIGRATIONS.findIndex((m) => m.id === '032_consent_from_the_person');

  let owner: TestDatabase | null = null;

  beforeAll(async () => {
    if (defaultDatabaseKind() === 'postgres') {
      // A schema of its own in a test database: PostgreSQL migrates it in a second (PGlite from
      // nothing takes many under a busy suite).
      owner = await createTestDatabase('postgres');
      await owner.pool.query('CREATE SCHEMA legacy');
      db = await openDatabase({ databaseUrl: owner.url, schema: 'legacy' });
    } else {
      db = await openDatabase({ databaseUrl: null, pglite: new PGlite('memory://', { extensions: { pg_trgm } }) });
    }
    await migrate(db, MIGRATIONS.slice(0, upTo));
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await owner?.close();
  });

  test('keeps every registration, keys new ones by mailbox, and removes the tokens of delivered links', async () => {
    const q = (sql: string, values: unknown[] = []) => db.pool.query(sql, values);
    const { rows } = await q(
      `INSERT INTO events (slug, title, kind, starts_at, ends_at, place_kind, room, capacity)
       VALUES ('old-session', 'Old session', 'info_session', now() + interval '10 days', now() + interval '10 days 2 hours', 'campus', 'Room 1', 10)
       RETURNING id::text AS id`,
    );
    const eventId = (rows[0] as { id: string }).id;
    for (const [i, email] of ['Victim+0@Example.com', 'victim+1@example.com', 'other@example.com'].entries()) {
      await q(
        `INSERT INTO event_registrations (event_id, first_name, last_name, email, phone, status, token_hash)
         VALUES ($1, 'Old', 'Person', $2, '+14165550123', 'registered', $3)`,
        [eventId, email, `hash-${i}`],
      );
    }
    const link = `https://college.example/unsubscribe?token=${TOKEN}`;
    const cancel = `https://college.example/events/registration?token=${TOKEN}x`;
    await q(
      `INSERT INTO mail_queue (to_address, subject, text_body, html_body, sent_at) VALUES
         ('a@example.com', 'Sent', $1, $2, now()),
         ('b@example.com', 'Waiting', $1, $2, NULL)`,
      [`Hello.\nUnsubscribe: ${link}\nCancel: ${cancel}`, `<a href="${link}">Unsubscribe</a>`],
    );

    await migrate(db);

    const registrations = (await q(`SELECT email, email_key, status FROM event_registrations WHERE event_id = $1 ORDER BY id`, [eventId]))
      .rows as { email: string; email_key: string; status: string }[];
    expect(registrations.map((r) => r.status)).toEqual(['registered', 'registered', 'registered']);
    const mailbox = recipientKey('victim@example.com');
    expect(registrations[0]!.email_key).toBe(mailbox);
    expect(registrations[1]!.email_key).toMatch(new RegExp(`^${mailbox}:\\d+$`));
    expect(registrations[2]!.email_key).toBe(recipientKey('other@example.com'));

    const mails = (await q('SELECT subject, text_body, html_body FROM mail_queue ORDER BY id')).rows as Record<string, string>[];
    expect(mails[0]!.text_body).toBe(
      'Hello.\nUnsubscribe: https://college.example/unsubscribe?token=removed\nCancel: https://college.example/events/registration?token=removed',
    );
    expect(mails[0]!.html_body).toBe('<a href="https://college.example/unsubscribe?token=removed">Unsubscribe</a>');
    expect(mails[1]!.text_body).toContain(TOKEN);
  });
});
