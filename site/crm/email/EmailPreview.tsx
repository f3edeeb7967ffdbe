/**
 * The compose panel's preview: the message as this lead would receive it (text only), who it is
 * from, the consent that applies and why it may or may not go, and whether replies come back here.
 */
import type { ComposePreview, EmailPurpose } from '../../../src/outreach-contract';

const PURPOSE_LINE: Record<EmailPurpose, string> = {
  commercial: 'Commercial message: it needs consent.',
  transactional: 'Transactional message about their own inquiry: no consent needed (recorded).',
  direct_answer: "A direct answer to the student's own question: no consent needed (recorded with your name).",
};

export const REPLIES_NOT_CONNECTED =
  'Replies are not connected: without IMAP_URL, answers reach the admissions mailbox but not this timeline.';

export function EmailPreview({ preview }: { preview: ComposePreview }) {
  return (
    <>
      <div className="crm-email-consent" aria-live="polite">
        <p>
          <strong>Consent:</strong> {preview.consent}
        </p>
        <p>{PURPOSE_LINE[preview.purpose]}</p>
        {preview.allowed ? null : (
          <p className="crm-field-error" id="email-refusal">
            <strong>Cannot be sent:</strong> {preview.reason}
          </p>
        )}
      </div>
      <section className="crm-email-preview" aria-label="Preview for this lead">
        <p className="crm-muted">
          From {preview.from_name} · To {preview.to}
        </p>
        <p className="crm-email-preview__subject">{preview.subject || '(no subject yet)'}</p>
        <p className="crm-timeline__text">{preview.body || '(no message yet)'}</p>
      </section>
      {preview.repliesConnected ? null : <p className="crm-muted">{REPLIES_NOT_CONNECTED}</p>}
    </>
  );
}
