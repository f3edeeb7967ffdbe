/**
 * Three starter e-mail templates (issue 31), so the composer offers more than "write the message"
 * on a new installation. The seed adds them only while the template table is empty (no row at all,
 * retired ones included): once the college has any template, its own edits and retirements stand
 * and nothing comes back on a restart. Every sentence reads well with the fields' fallbacks too
 * ("our programs", "the next intake", "the Admissions team"; server/outreach/lead-fields.ts).
 */
import type { Queryable } from '../db/database';
import type { TemplateKind } from '../../src/outreach-contract';

interface StarterTemplate {
  name: string;
  kind: TemplateKind;
  subject: string;
  body: string;
}

const SIGNATURE = 'Kind regards,\n{{counsellor_name}}\n{{college_name}}';

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    name: 'Program information',
    // An answer to the student's own inquiry.
    kind: 'transactional',
    subject: 'Information about {{course_name}} at {{college_name}}',
    body: [
      'Hello {{first_name}},',
      'Thank you for your interest in {{course_name}} at {{college_name}}. I am happy to help you with the next steps.',
      'Our website has the full details of each program: what you will learn, the schedule, the fees and the admission requirements. If you would like to talk it through, reply to this e-mail with a good time to call, and I will phone you.',
      'You can reserve your seat for {{intake_date}}.',
      SIGNATURE,
    ].join('\n\n'),
  },
  {
    name: 'Intake reminder',
    kind: 'commercial',
    subject: 'Reserve your seat for {{intake_date}}',
    body: [
      'Hello {{first_name}},',
      'A short reminder: applications are open for {{intake_date}}. If you are still thinking about {{course_name}}, now is a good time to apply.',
      'If you have questions about admission, fees or financial aid, reply to this e-mail and I will be glad to help.',
      SIGNATURE,
    ].join('\n\n'),
  },
  {
    name: 'After an information session',
    kind: 'commercial',
    subject: 'Thank you for joining our information session',
    body: [
      'Hello {{first_name}},',
      'Thank you for attending our information session at {{college_name}}. I hope it answered your questions about {{course_name}}.',
      'If anything is still unclear, or you would like help with your application, reply to this e-mail and I will call you. You can reserve your seat for {{intake_date}}.',
      SIGNATURE,
    ].join('\n\n'),
  },
];

/** Adds the starters when the table has no template at all (run by the seed, under its lock). */
export async function insertStarterTemplates(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO email_templates (name, kind, subject, body)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
      WHERE NOT EXISTS (SELECT 1 FROM email_templates)`,
    [
      STARTER_TEMPLATES.map((t) => t.name),
      STARTER_TEMPLATES.map((t) => t.kind),
      STARTER_TEMPLATES.map((t) => t.subject),
      STARTER_TEMPLATES.map((t) => t.body),
    ],
  );
}
