/**
 * Issue 24's mails on both databases, through a real SMTP server: the confirmation with its
 * details, the online link (only to a person with a seat), the cancel link and an .ics that a real
 * parser (ical.js) reads in America/Toronto; the waitlist mail; cancelling through the mail's link
 * promotes and mails the next person; an event's cancellation tells everyone; an SMTP outage delays
 * a confirmation and loses nothing; a reminder for a cancelled event queues nothing.
 */
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { startSmtpSink, type SmtpSink, type ReceivedMail } from '../support/smtp';
import { staffToken } from '../support/lead-fixtures';
import { createEvent, person, register } from '../support/events';
import type { CrmEvent } from '../../src/events-contract';
import { loadConfig } from '../../server/config';
import { createMailer } from '../../server/mail/create-mailer';
import { queueEventMail } from '../../server/events/event-mails';
import { COLLEGE } from '../../src/college';

const START_TIMEOUT_MS = 120_000;
const SECRET_URL = 'https://meet.example.com/room-7f3a';

interface ParsedMail {
  subject: string;
  text: string;
  html: string;
  ics: string | null;
}

async function parse(mail: ReceivedMail): Promise<ParsedMail> {
  const parsed = await simpleParser(mail.raw);
  const ics = parsed.attachments.find((a) => a.filename === 'event.ics');
  return {
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: String(parsed.html),
    ics: ics ? ics.content.toString('utf8') : null,
  };
}

function veventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe.each(testDatabaseKinds())('event mails (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let token: string;
  const mailTo = async (to: string, subjectStart: string): Promise<ParsedMail> => {
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = sink.messages.find((m) => m.to.includes(to) && m.subject.startsWith(subjectStart));
      if (found) return parse(found);
      if (Date.now() > deadline) throw new Error(`no mail "${subjectStart}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await server.ctx.leadLife.settle();
      await server.ctx.mailer.flush();
    }
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ kind, listen: false, env: { SMTP_URL: sink.url, LEADS_RATE_LIMIT: '10000' } });
    token = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  test('confirmation, waitlist, cancel through the link, promotion and the event cancelled: the right mail to each', async () => {
    const event: CrmEvent = await createEvent(server, token, {
      title: 'Cloud careers webinar',
      kind: 'webinar',
      capacity: 1,
      place: { kind: 'online', url: SECRET_URL },
      starts_at: '2030-07-09T22:00:00.000Z',
      ends_at: '2030-07-09T23:30:00.000Z',
    });
    const ada = person({ first_name: 'Ada' });
    const ben = person({ first_name: 'Ben' });
    expect((await register(server, event.id, ada)).statusCode).toBe(201);
    expect((await register(server, event.id, ben)).statusCode).toBe(201);

    const confirmation = await mailTo(ada.email, 'You are registered: Cloud careers webinar');
    for (const text of [
      'Hello Ada',
      'Tuesday, July 9, 2030, 6:00 p.m. to 7:30 p.m. (Toronto time)',
      SECRET_URL,
      COLLEGE.name,
      COLLEGE.phone,
    ]) {
      expect(confirmation.text).toContain(text);
    }
    const link = /(https?:\/\/\S+\/events\/registration\?token=([A-Za-z0-9_-]{43}))/.exec(confirmation.text);
    expect(link).not.toBeNull();
    expect(confirmation.html).toContain(link![1]);

    // The .ics, read by a real parser: Toronto wall time with its VTIMEZONE, the same instants.
    const { calendar, vevent, event: parsed } = veventOf(confirmation.ics!);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(confirmation.ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/Toronto');
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/Toronto');
    expect(vevent.getFirstProperty('dtend')?.getParameter('tzid')).toBe('America/Toronto');
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe('2030-07-09T18:00:00');
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
    const start = parsed.startDate;
    start.zone = zone;
    const end = parsed.endDate;
    end.zone = zone;
    expect(start.toJSDate().toISOString()).toBe(event.starts_at);
    expect(end.toJSDate().toISOString()).toBe(event.ends_at);
    expect(parsed.summary).toBe('Cloud careers webinar');
    expect(parsed.location).toBe(`Online: ${SECRET_URL}`);
    expect(parsed.uid).toMatch(new RegExp(`^event-${event.id}@`));
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const waitlisted = await mailTo(ben.email, 'You are on the waitlist: Cloud careers webinar');
    expect(waitlisted.text).toContain('you are on the waitlist');
    expect(waitlisted.text).toMatch(/\/events\/registration\?token=[A-Za-z0-9_-]{43}/);
    expect(waitlisted.text).not.toContain(SECRET_URL);
    expect(waitlisted.ics).toBeNull();
    // Ben has never confirmed an address: the mail asks him to confirm his place with its link (issue 35).
    expect(waitlisted.text).toMatch(/Please confirm your place by .+ \(Toronto time\): https?:\S+\/events\/registration\?token=/);
    expect(waitlisted.html).toContain('>Confirm my place</a>');
    const benToken = /\/events\/registration\?token=([A-Za-z0-9_-]{43})/.exec(waitlisted.text)![1]!;
    const confirmedBen = await server.app.inject({ method: 'POST', url: `/api/events/registrations/${benToken}/confirm` });
    expect(confirmedBen.json()).toMatchObject({ status: 'waitlisted', confirm_by: null });

    // Ada cancels through her mail's link: Ben is promoted and mailed the online link.
    const cancelled = await server.app.inject({ method: 'POST', url: `/api/events/registrations/${link![2]}/cancel` });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const promoted = await mailTo(ben.email, 'A seat opened up, you are registered: Cloud careers webinar');
    expect(promoted.text).toContain(SECRET_URL);
    expect(veventOf(promoted.ics!).event.location).toBe(`Online: ${SECRET_URL}`);
    const goodbye = await mailTo(ada.email, 'Your registration is cancelled');
    expect(goodbye.text).not.toContain(SECRET_URL);
    expect(veventOf(goodbye.ics!).vevent.getFirstPropertyValue('status')).toBe('CANCELLED');

    // The event is cancelled: Ben (the only live registrant) is told, with a CANCELLED entry of a later SEQUENCE.
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: `/api/crm/events/${event.id}/cancel`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
    const told = await mailTo(ben.email, 'Cancelled: Cloud careers webinar');
    const cancelledEntry = veventOf(told.ics!);
    expect(cancelledEntry.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(Number(cancelledEntry.vevent.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(veventOf(confirmation.ics!).vevent.getFirstPropertyValue('sequence')),
    );
    expect(sink.messages.filter((m) => m.to.includes(ada.email) && m.subject.startsWith('Cancelled:'))).toHaveLength(0);

    // A reminder for the cancelled event queues nothing.
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT id::text AS id FROM event_registrations WHERE email = $1', [
      ben.email,
    ]);
    const queued = await queueEventMail(server.db.pool, 'reminder_24h', rows[0]!.id, server.ctx);
    expect(queued).toBe(false);
  });

  test('an SMTP outage delays the confirmation and loses nothing', async () => {
    // This test's mailer is the only sender meanwhile (the server's own could take the row first).
    await server.ctx.mailer.stop();
    sink.refuse = true;
    try {
      const event = await createEvent(server, token, { title: 'Campus tour during an outage', kind: 'campus_tour' });
      const who = person();
      expect((await register(server, event.id, who)).statusCode).toBe(201);
      const log = { info: () => undefined, warn: () => undefined };
      const mailer = createMailer(loadConfig({ DATA_DIR: server.config.dataDir, SMTP_URL: sink.url }), server.db, log, {
        secrets: server.ctx.secrets,
      });
      const row = async () =>
        (
          await server.db.pool.query<{ sent_at: Date | null; attempts: number }>(
            'SELECT sent_at, attempts FROM mail_queue WHERE to_address = $1 AND subject LIKE $2',
            [who.email, 'You are registered:%'],
          )
        ).rows;
      await mailer.flush();
      expect(await row()).toEqual([expect.objectContaining({ sent_at: null, attempts: 1 })]);
      sink.refuse = false;
      await server.db.pool.query('UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL');
      await mailer.flush();
      await mailer.stop();
      expect((await row())[0]?.sent_at).not.toBeNull();
      const mail = await parse(await sink.waitForMail(who.email));
      expect(mail.subject).toBe('You are registered: Campus tour during an outage');
      expect(veventOf(mail.ics!).event.location).toContain('Room 701');
    } finally {
      sink.refuse = false;
      server.ctx.mailer.start();
    }
  });
});
