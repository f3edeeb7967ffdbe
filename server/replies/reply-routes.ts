/**
 * Replies read over IMAP (issue 22) under /api/crm/replies, for signed-in staff: whether the
 * mailbox is connected (the lead page and the Unmatched page say so when it is not), the replies
 * nobody could match, and attaching one to a lead or dismissing it (both in the audit log).
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import type { RepliesStatus, UnmatchedRepliesAnswer } from '../../src/replies-contract';
import { auditWho } from '../audit/audit-log';
import { errorAnswer, messageAnswer } from '../openapi/answers-public';
import { repliesStatusAnswer, unmatchedRepliesAnswer } from '../openapi/answers-replies';
import { unmatchedReplies } from './reply-rows';
import { attachByStaff, dismissReply, LEAD_REF_MESSAGE, repliesStatus } from './unmatched-actions';
import { idParams, type ApiInstance, typedScope } from '../routes/route-schema';

const attachSchema = z.object(
  { lead: z.string({ error: LEAD_REF_MESSAGE }).trim().min(1, { error: LEAD_REF_MESSAGE }).max(320, { error: LEAD_REF_MESSAGE }) },
  { error: LEAD_REF_MESSAGE },
);

export function registerReplyRoutes(api: ApiInstance, ctx: AppContext): void {
  const services = { mailer: ctx.mailer, config: ctx.config };
  void api.register(
    typedScope((crm) => {
      crm.get(
        '/replies/status',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Whether replies are read from a mailbox (IMAP_URL), and its last pass',
            response: { 200: repliesStatusAnswer },
          },
        },
        async (): Promise<RepliesStatus> => repliesStatus(ctx.db.pool, ctx.config),
      );

      crm.get(
        '/replies/unmatched',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Replies no lead could be found for, newest first (as text), with a suggested lead by sender address',
            response: { 200: unmatchedRepliesAnswer },
          },
        },
        async (): Promise<UnmatchedRepliesAnswer> => {
          const [status, replies] = await Promise.all([repliesStatus(ctx.db.pool, ctx.config), unmatchedReplies(ctx.db.pool)]);
          return { status, replies };
        },
      );

      crm.post(
        '/replies/:id/attach',
        {
          config: { access: 'staff' },
          schema: {
            summary: "Attach an unmatched reply to a lead (by the lead's id, or its e-mail when one lead has it)",
            params: idParams,
            body: attachSchema,
            example: { lead: 'student@example.com' },
            response: { 200: messageAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          await attachByStaff(ctx.db, services, request.params.id, request.body.lead, auditWho(request));
          return { message: 'The reply is on the lead’s timeline now.' };
        },
      );

      crm.post(
        '/replies/:id/dismiss',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Dismiss an unmatched reply (it leaves the list; it stays in the mailbox)',
            params: idParams,
            response: { 200: messageAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          await dismissReply(ctx.db, request.params.id, auditWho(request));
          return { message: 'Reply dismissed.' };
        },
      );
    }),
    { prefix: '/crm' },
  );
}
