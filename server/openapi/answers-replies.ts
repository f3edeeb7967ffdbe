/**
 * The answer shapes of replies read over IMAP (issue 22): the zod schemas of src/replies-schemas.ts
 * (the wire types are inferred from them, so the contract is written once), named here as
 * components of the OpenAPI document. Its TimelineReply is also a timeline entry's (src/crm-schemas.ts).
 */
import type { TimelineReply } from '../../src/crm-contract';
import type { RepliesStatus, UnmatchedRepliesAnswer } from '../../src/replies-contract';
import { repliesStatusSchema, timelineReplySchema, unmatchedRepliesAnswerSchema } from '../../src/replies-schemas';
import { answerSchema } from './answer-schema';

export const timelineReplyAnswer = answerSchema<TimelineReply>()('TimelineReply', timelineReplySchema);
export const repliesStatusAnswer = answerSchema<RepliesStatus>()('RepliesStatus', repliesStatusSchema);
export const unmatchedRepliesAnswer = answerSchema<UnmatchedRepliesAnswer>()('UnmatchedRepliesAnswer', unmatchedRepliesAnswerSchema);
