/**
 * POST /api/crm/leads/:id/application-link (issue 33): staff e-mail a lead the sign-in link to the
 * applicant portal, for the lead's program. The link itself is sign-in-link.ts's (its per-address
 * limit included); here the lead is found, and the sending audited.
 */
import type { AppContext } from '../context';
import { NotFound, TooManyAttempts } from '../domain-errors';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { LEAD_NOT_FOUND_MESSAGE } from '../crm';
import { sendSignInLink } from './sign-in-link';

export const LINK_SENT_MESSAGE = 'The application link was e-mailed to the lead.';
export const LINK_LIMIT_MESSAGE = 'This address was sent several sign-in links in the last hour. Please try again later.';

export async function sendApplicationLink(ctx: AppContext, leadId: string, who: AuditWho & { actorId: string }): Promise<void> {
  const { rows } = /^[0-9a-f]{24}$/.test(leadId)
    ? await ctx.db.pool.query<{ email: string; course_id: string | null }>(
        'SELECT email, course_id FROM leads WHERE id = $1 AND merged_into IS NULL',
        [leadId],
      )
    : { rows: [] };
  const lead = rows[0];
  if (!lead || !lead.email) throw new NotFound(LEAD_NOT_FOUND_MESSAGE);
  const outcome = await sendSignInLink(
    ctx,
    { email: lead.email, courseId: lead.course_id?.trim() ?? null },
    { byUserId: who.actorId, leadId },
  );
  if (outcome === 'limit') throw new TooManyAttempts(LINK_LIMIT_MESSAGE, 3600);
  await recordAudit(ctx.db.pool, { ...who, action: 'application.link_sent', details: { lead_id: leadId } });
  ctx.mailer.kick();
}
