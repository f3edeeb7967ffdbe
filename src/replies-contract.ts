/**
 * Wire types of replies read over IMAP (issue 22): whether the mailbox is connected, and the
 * Unmatched list (GET /api/crm/replies/unmatched) with attach and dismiss. Times are ISO strings.
 */

// The answers are zod schemas (src/replies-schemas.ts, server-only values); their types come from there.
export type { RepliesStatus, UnmatchedRepliesAnswer, UnmatchedReply } from './replies-schemas';

/** POST /api/crm/replies/:id/attach: the lead's id, or its e-mail address when one lead has it. */
export interface AttachReplyBody {
  lead: string;
}
