/** A sent message on the lead's timeline: subject, purpose, consent that applied and the text, as text. */
import type { SentEmail } from '../../../src/crm-contract';
import type { EmailPurpose } from '../../../src/outreach-contract';

const PURPOSE: Record<EmailPurpose, string> = {
  commercial: 'Commercial',
  transactional: 'Transactional',
  direct_answer: 'Direct answer',
};

export function SentEmailEntry({ email }: { email: SentEmail }) {
  return (
    <>
      <p className="crm-timeline__what">
        {email.automated ? 'E-mail sent by a sequence' : 'E-mail sent'}: {email.subject}{' '}
        <span className="crm-badge crm-badge--done">{PURPOSE[email.purpose]}</span>
      </p>
      <p className="crm-muted">
        To {email.to}
        {email.consent ? ` · ${email.consent}` : ''}
      </p>
      <p className="crm-timeline__text">{email.text}</p>
    </>
  );
}
