/**
 * Issue 30: a kill -9 while mail is being sent. Thirty queued mails go out to a slow SMTP server
 * (each accepted 150 ms after it arrives); the sending process is killed with SIGKILL part way. The
 * next start delivers the rest within a minute, and no delivered mail is sent again: each is marked
 * as it is delivered. The one whose acceptance the killed process never saw may arrive twice, and
 * then with the same Message-ID. On both databases.
 */
import type { Database } from '../../server/db/database';
import { queueMail } from '../../server/mail/mail-queue';
import type { SecretBox } from '../../server/secrets/secret-box';
import { bothDatabaseKinds } from '../support/database';
import { crashScene } from '../support/crash-database';
import type { ReceivedMail } from '../support/smtp';

const MAILS = 30;
const subjects = Array.from({ length: MAILS }, (_, i) => `Crash test #${i + 1}`);
const unsealed = (): SecretBox => {
  throw new Error('these mails carry no link');
};

async function queueThirty(db: Database): Promise<void> {
  for (const subject of subjects) {
    await queueMail(db.pool, { to: 'crash.reader@example.com', subject, text: `${subject}.`, html: `<p>${subject}.</p>` }, unsealed);
  }
}

const messageId = (mail: ReceivedMail) => /^Message-ID: (.*)$/im.exec(mail.raw)?.[1]?.trim() ?? '';

describe.each(bothDatabaseKinds())('a kill -9 during sending (%s)', (kind) => {
  const scene = crashScene(kind, queueThirty);

  test('the next start delivers the rest within a minute and sends no delivered mail twice', async () => {
    const { sink } = scene;
    sink.acceptDelayMs = 150;
    const ours = () => sink.messages.filter((mail) => subjects.includes(mail.subject));
    const first = await scene.start();
    const deadline = Date.now() + 60_000;
    while (ours().length < 8 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await first.kill();
    const atKill = new Set(ours().map((mail) => mail.subject)).size;
    expect(atKill).toBeGreaterThanOrEqual(8);
    expect(atKill).toBeLessThan(MAILS);

    const second = await scene.start();
    const restarted = Date.now();
    while (new Set(ours().map((mail) => mail.subject)).size < MAILS && Date.now() - restarted < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(new Set(ours().map((mail) => mail.subject)).size).toBe(MAILS);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a resend would show by now
    await second.stop();

    const copies = new Map<string, ReceivedMail[]>();
    for (const mail of ours()) copies.set(mail.subject, [...(copies.get(mail.subject) ?? []), mail]);
    const twice = [...copies.values()].filter((list) => list.length > 1);
    expect(twice.length).toBeLessThanOrEqual(1);
    for (const list of twice) expect(new Set(list.map(messageId)).size).toBe(1);
    expect(new Set(ours().map(messageId)).size).toBe(MAILS);
  }, 180_000);
});
