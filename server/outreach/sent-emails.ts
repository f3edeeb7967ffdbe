/** The messages sent to a lead as the timeline shows them, by id (read from lead_emails, so anonymisation shows there too). */
import type { Queryable } from '../db/database';
import type { SentEmail } from '../../src/crm-contract';
import type { EmailPurpose } from '../../src/outreach-contract';

interface SentRow {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  purpose: EmailPurpose;
  consent: string;
  origin: { kind?: string } | null;
}

export async function sentEmailsOfLead(db: Queryable, leadId: string): Promise<Map<string, SentEmail>> {
  const { rows } = await db.query<SentRow>(
    'SELECT id, to_address, subject, body_text, purpose, consent, origin FROM lead_emails WHERE lead_id = $1',
    [leadId],
  );
  return new Map(
    rows.map((row) => [
      String(row.id),
      {
        _id: String(row.id),
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        purpose: row.purpose,
        consent: row.consent,
        automated: row.origin?.kind === 'sequence',
      },
    ]),
  );
}
