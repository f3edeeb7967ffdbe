/**
 * A reply's sender, subject, text and attachment names. The text is the stored plain text,
 * rendered as text (line breaks kept by CSS): a sender's HTML never reaches the page.
 */
import type { ReplyAttachmentInfo } from '../../../src/crm-contract';

const KB = 1024;
function size(bytes: number): string {
  if (bytes >= KB * KB) return `${(bytes / KB / KB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}

export function ReplyBody({ text, truncated, attachments }: { text: string; truncated: boolean; attachments: ReplyAttachmentInfo[] }) {
  return (
    <>
      <p className="crm-timeline__text crm-reply__text">{text || '(no text)'}</p>
      {truncated ? <p className="crm-muted">The text was cut here; the whole message is in the mailbox.</p> : null}
      {attachments.length ? (
        <>
          <p className="crm-muted">Attachments (in the mailbox, not stored in the CRM):</p>
          <ul className="crm-reply__files">
            {attachments.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                {file.name} ({file.type}, {size(file.size)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
