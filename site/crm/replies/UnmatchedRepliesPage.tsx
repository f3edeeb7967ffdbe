/**
 * Replies the server could not match to a lead (no reply token, no known thread): each shown as
 * text with its attachments listed, to attach to a lead (by e-mail or id; the sender's address
 * suggests one) or to dismiss.
 */
import { useState, type FormEvent } from 'react';
import type { UnmatchedReply } from '../../../src/replies-contract';
import { formatDateTime } from '../area/labels';
import { LoadState, PageHeading } from '../area/PageHeading';
import { confirmAction } from '../shared/confirm';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { saveWithConflict } from '../work/saveWithConflict';
import { ReplyBody } from './ReplyBody';
import { RepliesStatusLine } from './RepliesConnection';
import { attachReplyToLead, dismissReply, fetchUnmatchedReplies } from './replies-api';

function UnmatchedCard({ reply, onDone }: { reply: UnmatchedReply; onDone(): void }) {
  const [lead, setLead] = useState(reply.suggested_lead?.email ?? '');
  const [busy, setBusy] = useState(false);
  const headingId = `reply-${reply._id}-heading`;
  const fieldId = `reply-${reply._id}-lead`;

  async function attach(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    await saveWithConflict(() => attachReplyToLead(reply._id, { lead }), 'The reply is on the lead’s timeline now.', onDone);
    setBusy(false);
  }

  async function dismiss() {
    const sure = await confirmAction({
      title: `Dismiss the reply “${reply.subject || '(no subject)'}”?`,
      message: 'It leaves this list and is not attached to any lead. The message stays in the mailbox.',
      confirmLabel: 'Dismiss',
    });
    if (!sure) return;
    setBusy(true);
    await saveWithConflict(() => dismissReply(reply._id), 'Reply dismissed.', onDone);
    setBusy(false);
  }

  return (
    <article className="crm-card crm-reply" aria-labelledby={headingId}>
      <h2 id={headingId}>{reply.subject || '(no subject)'}</h2>
      <p className="crm-muted">
        From {reply.from_name ? `${reply.from_name} <${reply.from_address}>` : reply.from_address || 'an unknown sender'} · received{' '}
        <time dateTime={reply.received_at}>{formatDateTime(reply.received_at)}</time>
      </p>
      <ReplyBody text={reply.text} truncated={reply.truncated} attachments={reply.attachments} />
      {reply.suggested_lead ? (
        <p className="crm-muted">
          A lead has the sender’s address: {reply.suggested_lead.name} ({reply.suggested_lead.email}). Check the text before attaching: a
          sender’s address can be forged.
        </p>
      ) : null}
      <form className="crm-reply__actions" onSubmit={attach} aria-label={`Attach “${reply.subject || '(no subject)'}” to a lead`}>
        <div className="crm-field">
          <label htmlFor={fieldId}>Lead’s e-mail or id</label>
          <input id={fieldId} type="text" required maxLength={320} value={lead} onInput={(e) => setLead(e.currentTarget.value)} />
        </div>
        <div className="crm-inline">
          <button type="submit" className="crm-button crm-button--primary" disabled={busy}>
            Attach to lead
          </button>
          <button type="button" className="crm-button" disabled={busy} onClick={dismiss}>
            Dismiss
          </button>
        </div>
      </form>
    </article>
  );
}

export function UnmatchedRepliesPage() {
  usePageTitle('Unmatched replies');
  const [round, setRound] = useState(0);
  const { data, error, loading } = useStaffQuery((signal) => fetchUnmatchedReplies(signal), String(round));
  const reload = () => setRound((r) => r + 1);

  return (
    <>
      <PageHeading>Unmatched replies</PageHeading>
      <p>Replies to the admissions mailbox that could not be matched to a lead. Attach each to its lead, or dismiss it.</p>
      <LoadState loading={loading && !data} error={error} />
      {data ? <RepliesStatusLine status={data.status} /> : null}
      {data && data.replies.length === 0 ? <p role="status">No unmatched replies.</p> : null}
      {data?.replies.map((reply) => (
        <UnmatchedCard key={reply._id} reply={reply} onDone={reload} />
      ))}
    </>
  );
}
