/**
 * Personal data of e-mail from the lead page (server/privacy/personal-tables.ts): every message sent
 * to a lead keeps the address, subject and text as sent. Anonymisation blanks them; the purpose,
 * consent line, dates and tokens stay (what was sent under which consent, without its content).
 */
import type { PersonalTable } from '../privacy/personal-tables';

export const PERSONAL_DATA: PersonalTable[] = [
  {
    table: 'lead_emails',
    label: 'E-mails',
    link: { leadColumn: 'lead_id' },
    scrub: { to_address: 'email', subject: 'text', body_text: 'text' },
  },
];
