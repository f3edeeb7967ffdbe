/** The CRM's calls for replies read over IMAP (src/replies-contract.ts). */
import type { MessageAnswer } from '../../../src/contract';
import type { AttachReplyBody, RepliesStatus, UnmatchedRepliesAnswer } from '../../../src/replies-contract';
import { staffFetch } from '../shared/api';

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
const reply = (id: string) => `/crm/replies/${encodeURIComponent(id)}`;

export const fetchRepliesStatus = (signal?: AbortSignal) => staffFetch<RepliesStatus>('/crm/replies/status', opts(signal));
export const fetchUnmatchedReplies = (signal?: AbortSignal) => staffFetch<UnmatchedRepliesAnswer>('/crm/replies/unmatched', opts(signal));
export const attachReplyToLead = (id: string, body: AttachReplyBody) =>
  staffFetch<MessageAnswer>(`${reply(id)}/attach`, { method: 'POST', body });
export const dismissReply = (id: string) => staffFetch<MessageAnswer>(`${reply(id)}/dismiss`, { method: 'POST' });
