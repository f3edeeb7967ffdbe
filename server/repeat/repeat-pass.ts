/**
 * The repeat-inquiry pass (issue 23). Intake stays one narrow insert: every new lead row starts
 * `repeat_pending`, and this pass, the first handler of the lead's follow-up (server/lead-life/),
 * settles a batch in one statement (repeat-sql.ts):
 * - an open lead (not in a closed stage, not itself a repeat or merged, within REPEAT_MATCH_DAYS
 *   before the new one) with the same e-mail, case-insensitive: the new row becomes its repeat
 *   inquiry (`parent_lead_id`), the lead's timeline gets a `repeat_inquiry` entry, and its owner
 *   an e-mail (queued in the same transaction). The oldest such lead is chosen.
 * - else an open lead with the same phone (E.164) and another e-mail: both are flagged as a
 *   possible duplicate (`lead_duplicates`), never attached (families share phones).
 * The flag is cleared in the same transaction as the effects, so a crash leaves rows pending and a
 * second run finds nothing to do; rows another instance holds are skipped (SKIP LOCKED).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import { queueMail } from '../mail/mail-queue';
import type { SecretBox } from '../secrets/secret-box';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import { NEED_ADVICE_COURSE_NAME } from '../crm';
import type { RepeatInquiryDetail } from '../../src/repeat-inquiry';
import { ownerMail } from './repeat-mail';
import { REPEAT_PASS_SQL } from './repeat-sql';

/** Leads per statement: as the notifier's, small enough that requests queued behind it on PGlite's one connection wait little. */
const BATCH_SIZE = 20;

const PENDING_SQL = 'SELECT id, phone FROM leads WHERE repeat_pending ORDER BY created_at, id LIMIT $1';

interface Attached {
  id: string;
  parent: string;
  course_id: string | null;
  origin: string | null;
  source: number;
}

/** The phone as E.164 (numbers without "+" are Canadian, as the form reads them); its digits if it does not parse. */
export function phoneE164(phone: string): string {
  return parsePhoneNumberFromString(phone, 'CA')?.number ?? phone.replace(/[^\d+]/g, '');
}

function courseName(catalogue: Catalogue, courseId: string | null): string | null {
  const id = courseId?.trim() ?? null;
  if (!id) return null;
  if (id === NEED_ADVICE_COURSE_ID) return NEED_ADVICE_COURSE_NAME;
  return catalogue.courseById(id)?.course_name ?? null;
}

/** Mails here never carry a link that needs sealing. */
const noSealing = (): SecretBox => {
  throw new Error('repeat-inquiry mails are not sealed');
};

const OWNERS_SQL = /* sql */ `
  SELECT l.id, u.email, u.name, s.first_name, s.last_name
    FROM leads l JOIN users u ON u.id = l.owner_id AND u.status = 1, leads s
   WHERE l.id = $1 AND s.id = $2`;

export function repeatInquiryPass(
  db: Database,
  config: Pick<Config, 'siteUrl' | 'repeatMatchDays'>,
  catalogue: Catalogue,
  batchSize = BATCH_SIZE,
): () => Promise<number> {
  return async () => {
    // Read without a lock: normalising phones happens outside the transaction.
    const { rows } = await db.pool.query<{ id: string; phone: string }>(PENDING_SQL, [batchSize]);
    if (rows.length === 0) return 0;
    await db.transaction(async (client) => {
      const params = [
        rows.map((r) => r.id),
        rows.map((r) => phoneE164(r.phone)),
        config.repeatMatchDays,
        NEED_ADVICE_COURSE_ID,
        NEED_ADVICE_COURSE_NAME,
      ];
      const attached = (await client.query<Attached>(REPEAT_PASS_SQL, params)).rows;
      for (const row of attached) {
        const owner = (
          await client.query<{ email: string; name: string; first_name: string; last_name: string }>(OWNERS_SQL, [row.parent, row.id])
        ).rows[0];
        if (!owner) continue;
        const detail: RepeatInquiryDetail = {
          inquiry_id: row.id.trim(),
          course_id: row.course_id?.trim() ?? null,
          course_name: courseName(catalogue, row.course_id),
          origin: row.origin,
          source: row.source,
        };
        const mail = ownerMail({
          to: owner.email,
          ownerName: owner.name,
          leadId: row.parent.trim(),
          siteUrl: config.siteUrl,
          detail,
          student: owner,
        });
        await queueMail(client, mail, noSealing);
      }
    });
    return rows.length;
  };
}
