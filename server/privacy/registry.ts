/**
 * Every table that holds personal data, in one list: the privacy export, anonymisation and the
 * retention job read it and build their SQL from it alone, so a new table is one line here.
 * Identifiers in that SQL come only from this list (checked when the module loads, then quoted),
 * never from a request.
 */
import { linkColumn, type ContactSource, type PersonalTable } from './personal-tables';
import { CONSENT_PERSONAL_DATA } from '../consent';
import { OUTREACH_PERSONAL_DATA } from '../outreach';
import { REPLIES_PERSONAL_DATA } from '../replies';
import { SEQUENCE_PERSONAL_TABLES } from '../sequences';
import { EVENT_CONTACT_SOURCES, EVENT_PERSONAL_TABLES } from '../events';
import { APPLICATION_CONTACT_SOURCES, APPLICATION_PERSONAL_TABLES } from '../applications/personal-data';
import { ENROLMENT_CONTACT_SOURCES, ENROLMENT_PERSONAL_TABLES } from '../enrolment/personal-data';

/** The tables of the core CRM, the e-mail record (migration 018) and privacy requests themselves. */
const CORE_PERSONAL_DATA: PersonalTable[] = [
  {
    table: 'leads',
    label: 'Inquiries',
    link: { leadColumn: 'id' },
    // Course, stage, source, UTM campaign and dates stay for reporting. The landing page and the
    // referrer are URLs that may carry click ids or typed text; the payload hash is one of the person's details.
    scrub: {
      first_name: 'text',
      last_name: 'text',
      email: 'email',
      phone: 'phone',
      // The phone in E.164 that the repeat-inquiry check matches on (migration 024).
      phone_e164: 'null',
      address: 'text',
      landing_page: 'null',
      referrer: 'null',
      payload_hash: 'null',
    },
  },
  { table: 'lead_events', label: 'Timeline (notes and changes)', link: { leadColumn: 'lead_id' }, scrub: { detail: 'json' } },
  { table: 'activities', label: 'Activities', link: { leadColumn: 'lead_id' }, scrub: { subject: 'text', notes: 'text' } },
  // Mail addressed to the person (the inquiry's confirmation, CRM e-mail on its way); an SMTP error may name the address.
  {
    table: 'mail_queue',
    label: 'Mail sent to the person',
    link: { emailColumn: 'to_address' },
    scrub: { to_address: 'email', subject: 'text', text_body: 'text', html_body: 'text', envelope: 'json', last_error: 'text' },
  },
  { table: 'privacy_requests', label: 'Privacy requests', link: { emailColumn: 'email' }, scrub: { email: 'email' } },
];

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function checked(tables: PersonalTable[]): readonly PersonalTable[] {
  for (const entry of tables) {
    const link = linkColumn(entry);
    for (const name of [entry.table, link, ...Object.keys(entry.scrub)]) {
      if (!IDENTIFIER.test(name)) throw new Error(`privacy registry: "${name}" (${entry.table}) is not a plain SQL name`);
    }
  }
  return Object.freeze(tables);
}

export const PERSONAL_TABLES: readonly PersonalTable[] = checked([
  ...CORE_PERSONAL_DATA,
  // ── Other areas' tables: each area's `personal-data.ts` array is spread in here at merge ──
  ...CONSENT_PERSONAL_DATA,
  ...OUTREACH_PERSONAL_DATA,
  ...REPLIES_PERSONAL_DATA,
  ...SEQUENCE_PERSONAL_TABLES,
  ...EVENT_PERSONAL_TABLES,
  // Before applications: found through the application's address, which that entry overwrites.
  ...ENROLMENT_PERSONAL_TABLES,
  ...APPLICATION_PERSONAL_TABLES,
]);

export type { ContactSource } from './personal-tables';

export const CONTACT_SOURCES: readonly ContactSource[] = [
  { table: 'leads', leadColumn: 'id', timeColumns: ['created_at', 'updated_at'] },
  // An activity planned for the future is contact still to come.
  { table: 'activities', leadColumn: 'lead_id', timeColumns: ['created_at', 'updated_at', 'due_at'] },
  { table: 'lead_events', leadColumn: 'lead_id', timeColumns: ['created_at'] },
  { table: 'lead_emails', leadColumn: 'lead_id', timeColumns: ['created_at'] },
  { table: 'inbound_replies', leadColumn: 'lead_id', timeColumns: ['received_at'] },
  // ── Other areas' contact (repeat inquiries): one line each at merge ──
  ...EVENT_CONTACT_SOURCES,
  ...APPLICATION_CONTACT_SOURCES,
  ...ENROLMENT_CONTACT_SOURCES,
];

const KNOWN = new Set<string>();
for (const entry of PERSONAL_TABLES) {
  KNOWN.add(entry.table);
  KNOWN.add(linkColumn(entry));
  for (const column of Object.keys(entry.scrub)) KNOWN.add(column);
}
for (const source of CONTACT_SOURCES) {
  for (const name of [source.table, source.leadColumn, ...source.timeColumns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`privacy registry: "${name}" is not a plain SQL name`);
    KNOWN.add(name);
  }
}

/** A registered table or column name, quoted for SQL; anything else is a programming error. */
export function ident(name: string): string {
  if (!KNOWN.has(name)) throw new Error(`privacy: "${name}" is not in the registry`);
  return `"${name}"`;
}
