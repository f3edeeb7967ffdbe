/**
 * The answers of replies read over IMAP (issue 22), written once as zod schemas: a reply on the
 * timeline, the Unmatched list, the mailbox's status. The wire types of src/replies-contract.ts (and
 * `TimelineReply`, `ReplyAttachmentInfo` of src/crm-contract.ts) are inferred from them, and
 * server/openapi/answers-replies.ts names them as the API description's components. Browser code
 * imports only the types, so zod stays out of the site's and widget's bundles.
 */
import { z } from 'zod';
import { idSchema as recordId, instantSchema as instant } from './wire-schemas';

/** A stored reply's id: a whole number as text. */
const replyId = z.string().regex(/^\d+$/);

/** An attachment of a reply: listed, never stored or served. */
const attachment = z.object({ name: z.string(), type: z.string(), size: z.number().int() });

/** A reply read over IMAP (issue 22), as text only: the CRM never renders a sender's HTML. */
export const timelineReplySchema = z.object({
  _id: replyId,
  /** "Name <address>" or the address. */
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The text was cut at the stored limit. */
  truncated: z.boolean(),
  attachments: z.array(attachment),
});

/** GET /api/crm/replies/status */
export const repliesStatusSchema = z.object({
  /** IMAP_URL is set: the server reads the mailbox. */
  connected: z.boolean(),
  /** `user@host/INBOX` (never a password); null when not connected. */
  mailbox: z.string().nullable(),
  poll_seconds: z.number().int(),
  /** The last pass over the mailbox, and its failure if it failed. */
  polled_at: instant.nullable(),
  last_error: z.string().nullable(),
});

const unmatchedReply = z.object({
  _id: replyId,
  from_address: z.string(),
  from_name: z.string(),
  subject: z.string(),
  text: z.string(),
  truncated: z.boolean(),
  attachments: z.array(attachment),
  received_at: instant,
  /** A lead with the sender's address: only a suggestion (a From address is easy to forge). */
  suggested_lead: z.object({ _id: recordId, name: z.string(), email: z.string() }).nullable(),
});

/** GET /api/crm/replies/unmatched */
export const unmatchedRepliesAnswerSchema = z.object({ status: repliesStatusSchema, replies: z.array(unmatchedReply) });

export type ReplyAttachmentInfo = z.infer<typeof attachment>;
export type TimelineReply = z.infer<typeof timelineReplySchema>;
export type RepliesStatus = z.infer<typeof repliesStatusSchema>;
export type UnmatchedReply = z.infer<typeof unmatchedReply>;
export type UnmatchedRepliesAnswer = z.infer<typeof unmatchedRepliesAnswerSchema>;
