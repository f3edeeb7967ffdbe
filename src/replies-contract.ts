/**
 * Wire types of replies read over IMAP (issue 22): whether the mailbox is connected, and the
 * Unmatched list (GET /api/crm/replies/unmatched) with attach and dismiss. Times are ISO strings.
 */
import type { Id } from './contract';
import type { ReplyAttachmentInfo } from './crm-contract';

/** GET /api/crm/replies/status */
export interface RepliesStatus {
  /** IMAP_URL is set: the server reads the mailbox. */
  connected: boolean;
  /** `user@host/INBOX` (never a password); null when not connected. */
  mailbox: string | null;
  poll_seconds: number;
  /** The last pass over the mailbox, and its failure if it failed. */
  polled_at: string | null;
  last_error: string | null;
}

export interface UnmatchedReply {
  _id: Id;
  from_address: string;
  from_name: string;
  subject: string;
  text: string;
  truncated: boolean;
  attachments: ReplyAttachmentInfo[];
  received_at: string;
  /** A lead with the sender's address: only a suggestion (a From address is easy to forge). */
  suggested_lead: { _id: Id; name: string; email: string } | null;
}

export interface UnmatchedRepliesAnswer {
  status: RepliesStatus;
  replies: UnmatchedReply[];
}

/** POST /api/crm/replies/:id/attach: the lead's id, or its e-mail address when one lead has it. */
export interface AttachReplyBody {
  lead: string;
}
