/**
 * Personal data of replies read over IMAP (server/privacy/personal-tables.ts): a reply belongs to
 * its lead once attached, and to its sender's address while it waits in the Unmatched list.
 */
import type { PersonalTable } from '../privacy/personal-tables';

export const PERSONAL_DATA: PersonalTable[] = [
  {
    table: 'inbound_replies',
    label: 'Replies',
    link: { leadColumn: 'lead_id' },
    scrub: { from_address: 'email', from_name: 'text', subject: 'text', body_text: 'text', attachments: 'json', message_id: 'null' },
  },
  {
    table: 'inbound_replies',
    label: 'Unmatched replies',
    link: { emailColumn: 'from_address' },
    scrub: { from_address: 'email', from_name: 'text', subject: 'text', body_text: 'text', attachments: 'json', message_id: 'null' },
  },
];
