/**
 * Queues a notice to staff inside the caller's transaction. These are queued by passes run as jobs
 * (the lead's follow-up, server/lead-life/; the speed-to-lead check), which wake the mailer once
 * when they end, so the row alone is enough: no delivery job is sent for each. They carry no one-time link, so no
 * secret box is ever needed.
 */
import type { Queryable } from '../db/database';
import type { MailMessage } from '../mail/mailer';
import { queueMail } from '../mail/mail-queue';
import type { SecretBox } from '../secrets/secret-box';

const noSecrets = (): SecretBox => {
  throw new Error('a staff notice carries no one-time link');
};

export async function queueStaffNotice(client: Queryable, message: MailMessage): Promise<void> {
  await queueMail(client, message, noSecrets);
}

/** Active admins who have set a password: who is told about leads left unassigned or not contacted. */
export async function adminAddresses(client: Queryable): Promise<string[]> {
  const { rows } = await client.query<{ email: string }>(
    `SELECT email FROM users WHERE role = 'admin' AND status = 1 AND password_set ORDER BY id`,
  );
  return rows.map((row) => row.email);
}
