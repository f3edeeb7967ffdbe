/**
 * Whether replies are read from the mailbox. Without IMAP_URL the CRM says so where replies would
 * appear (the Unmatched page, a lead's timeline) instead of leaving staff to wonder why none do.
 */
import type { RepliesStatus } from '../../../src/replies-contract';
import { formatDateTime } from '../area/labels';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchRepliesStatus } from './replies-api';

export const NOT_CONNECTED_TEXT =
  'Replies are not connected: set IMAP_URL (the admissions mailbox) on the server to show students’ replies in the CRM.';
const NOT_CONNECTED_EXAMPLE = 'For example IMAP_URL=imaps://user:password@mail.example:993/INBOX (README, Configuration).';

export function RepliesStatusLine({ status }: { status: RepliesStatus }) {
  if (!status.connected)
    return (
      <p className="crm-alert crm-alert--info crm-replies-note">
        {NOT_CONNECTED_TEXT} {NOT_CONNECTED_EXAMPLE}
      </p>
    );
  return (
    <>
      <p className="crm-muted crm-replies-note">
        Replies are read from {status.mailbox} every {status.poll_seconds} s (
        {status.polled_at ? `last checked ${formatDateTime(status.polled_at)}` : 'not checked yet'})
      </p>
      {status.last_error ? (
        <p className="crm-alert" role="alert">
          The last check of the mailbox failed: {status.last_error}. It is tried again at the next check; no reply is lost.
        </p>
      ) : null}
    </>
  );
}

/** One line on the lead page, only when replies are not connected. */
export function RepliesNotConnectedNote() {
  const { data } = useStaffQuery((signal) => fetchRepliesStatus(signal), 'replies-status');
  return data && !data.connected ? <p className="crm-muted crm-replies-note">{NOT_CONNECTED_TEXT}</p> : null;
}
