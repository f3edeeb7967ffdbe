/** The answer shapes of replies read over IMAP (issue 22): a reply on the timeline, the Unmatched list, the status. */
import { z } from 'zod';
import type { TimelineReply } from '../../src/crm-contract';
import type { RepliesStatus, UnmatchedRepliesAnswer } from '../../src/replies-contract';
import { answerSchema, idSchema, instantSchema } from './answer-schema';

/** A stored reply's id: a whole number as text. */
const replyId = z.string().regex(/^\d+$/);
const attachment = z.object({ name: z.string(), type: z.string(), size: z.number().int() });

export const timelineReplyAnswer = answerSchema<TimelineReply>()(
  'TimelineReply',
  z.object({
    _id: replyId,
    from: z.string(),
    subject: z.string(),
    text: z.string(),
    truncated: z.boolean(),
    attachments: z.array(attachment),
  }),
);

const status = z.object({
  connected: z.boolean(),
  mailbox: z.string().nullable(),
  poll_seconds: z.number().int(),
  polled_at: instantSchema.nullable(),
  last_error: z.string().nullable(),
});
export const repliesStatusAnswer = answerSchema<RepliesStatus>()('RepliesStatus', status);

export const unmatchedRepliesAnswer = answerSchema<UnmatchedRepliesAnswer>()(
  'UnmatchedRepliesAnswer',
  z.object({
    status,
    replies: z.array(
      z.object({
        _id: replyId,
        from_address: z.string(),
        from_name: z.string(),
        subject: z.string(),
        text: z.string(),
        truncated: z.boolean(),
        attachments: z.array(attachment),
        received_at: instantSchema,
        suggested_lead: z.object({ _id: idSchema, name: z.string(), email: z.string() }).nullable(),
      }),
    ),
  }),
);
