/**
 * Each stored row of the privacy export as a record a person reads (issue 31): a title, then the
 * facts about them in words (stage and source names from src/lookups.ts, the course's name, times
 * in Toronto). Internal fields that say nothing about the person (ids, keys, hashes, search text,
 * versions, queue flags) are left out here; the JSON export keeps every stored value.
 */
import { ACTIVITY_TYPES, COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, STATUSES } from '../../src/lookups';
import { privacyRequestTitle, type PrivacyRequestKind } from '../../src/privacy-contract';
import { isRegistrationLead } from '../leads';
import { filled, lookup, phone, text, when, yesNo, type ExportNames, type ReadableRecord, type Row } from './readable-values';
import { timelineRecord } from './readable-timeline';

const fullName = (row: Row) => `${text(row.first_name)} ${text(row.last_name)}`.trim();

function inquiry(row: Row, names: ExportNames): ReadableRecord {
  const campaign = (['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const)
    .filter((key) => text(row[key]))
    .map((key) => `${key.slice(4)}: ${text(row[key])}`)
    .join(', ');
  const how = isRegistrationLead({ idempotency_key: text(row.idempotency_key) || null }) ? 'an event registration' : 'the inquiry form';
  return {
    group: 'Inquiries',
    title: `Inquiry of ${when(row.created_at)}`,
    fields: filled([
      ['Received', `${when(row.created_at)}, through ${how}`],
      ['Name', fullName(row)],
      ['E-mail', text(row.email)],
      ['Phone', phone(row.phone)],
      ['Address', text(row.address)],
      ['Program', row.course_id ? names.course(row.course_id) : 'Not chosen'],
      ['Program type', lookup(COURSE_TYPES, row.course_type)],
      ['Applies as', lookup(LOCATIONS, row.location)],
      // Asked of local students only.
      ['Financial aid help', row.location === 1 ? yesNo(row.financial_aid) : ''],
      ['How you found us', lookup(LEAD_SOURCES, row.source)],
      ['Advertising campaign', campaign],
      ['Page where you wrote to us', text(row.landing_page)],
      ['Page you came from', text(row.referrer)],
      ['Partner site', text(row.origin)],
      ['Stage', lookup(LEAD_STAGES, row.stage)],
      ['Status', lookup(STATUSES, row.status)],
      ['Your last reply', when(row.last_reply_at)],
      ['Last changed', when(row.updated_at)],
      ['Anonymised', when(row.anonymised_at)],
    ]),
  };
}

function activity(row: Row): ReadableRecord {
  return {
    group: 'Activities',
    title: `${lookup(ACTIVITY_TYPES, row.type) || 'Activity'}: ${text(row.subject)}`,
    fields: filled([
      ['Planned on', when(row.created_at)],
      ['Subject', text(row.subject)],
      ['Notes', text(row.notes)],
      ['Due', when(row.due_at)],
      ['Done', when(row.done_at)],
    ]),
  };
}

function automaticMail(row: Row): ReadableRecord {
  return {
    group: 'E-mails',
    title: `Automatic e-mail: ${text(row.subject)}`,
    fields: filled([
      ['To', text(row.to_address)],
      ['Subject', text(row.subject)],
      ['Written', when(row.created_at)],
      ['Sent', when(row.sent_at) || 'Not sent'],
      ['Message', text(row.text_body)],
    ]),
  };
}

function staffMail(row: Row): ReadableRecord {
  return {
    group: 'E-mails',
    title: `E-mail from an adviser: ${text(row.subject)}`,
    fields: filled([
      ['Sent', when(row.created_at)],
      ['To', text(row.to_address)],
      ['Subject', text(row.subject)],
      ['Message', text(row.body_text)],
      ['Your consent when it was sent', text(row.consent)],
    ]),
  };
}

function reply(row: Row): ReadableRecord {
  const from = text(row.from_name) ? `${text(row.from_name)} <${text(row.from_address)}>` : text(row.from_address);
  const attachments = Array.isArray(row.attachments)
    ? row.attachments.map((file: unknown) => text((file as Row | null)?.name)).filter(Boolean)
    : [];
  return {
    group: 'E-mails',
    title: `Your e-mail: ${text(row.subject)}`,
    fields: filled([
      ['From', from],
      ['Subject', text(row.subject)],
      ['Sent', when(row.sent_at)],
      ['Received', when(row.received_at)],
      ['Message', text(row.body_text)],
      ['Attachments (not kept)', attachments.join(', ')],
    ]),
  };
}

function consent(row: Row): ReadableRecord {
  const given = row.kind === 'express';
  return {
    group: 'Consent',
    title: given ? `You agreed to e-mails about programs on ${when(row.created_at)}` : `You unsubscribed on ${when(row.created_at)}`,
    fields: filled([
      ['E-mail', text(row.email)],
      ['How', text(row.method)],
      ['Where', text(row.source)],
      ['What you agreed to', text(row.wording)],
      ['How you told us (recorded by staff)', text(row.evidence)],
      ['Given on', when(row.obtained_at)],
      ['Internet address', text(row.ip)],
    ]),
  };
}

const REGISTRATION_STATUS: Record<string, string> = { registered: 'Registered', waitlisted: 'On the waiting list', cancelled: 'Cancelled' };

function registration(row: Row, names: ExportNames): ReadableRecord {
  return {
    group: 'Event registrations',
    title: names.event(row.event_id),
    fields: filled([
      ['Registered', when(row.registered_at)],
      ['Name', fullName(row)],
      ['E-mail', text(row.email)],
      ['Phone', phone(row.phone)],
      ['Program', row.course_id ? names.course(row.course_id) : ''],
      ['Status', REGISTRATION_STATUS[text(row.status)] ?? text(row.status)],
      ['Registered at the door', row.walk_in === true ? 'Yes' : ''],
      ['On the waiting list since', when(row.queued_at)],
      ['Offered a place', when(row.promoted_at)],
      ['Confirm your place by', when(row.confirm_by)],
      ['Reminded a day before', when(row.reminded_24h_at)],
      ['Reminded an hour before', when(row.reminded_1h_at)],
      ['Checked in', when(row.checked_in_at)],
      ['Did not come', when(row.no_show_at)],
      ['Cancelled', when(row.cancelled_at)],
    ]),
  };
}

const SEQUENCE_STATE: Record<string, string> = { active: 'Going on', left: 'Stopped', completed: 'Finished' };

function enrolment(row: Row, names: ExportNames): ReadableRecord {
  return {
    group: 'E-mail series',
    title: names.sequence(row.sequence_id),
    fields: filled([
      ['Started', when(row.enrolled_at)],
      ['State', SEQUENCE_STATE[text(row.state)] ?? text(row.state)],
      ['Next e-mail due', when(row.next_due_at)],
      ['Ended', when(row.ended_at)],
      ['Why it ended', text(row.left_reason)],
    ]),
  };
}

function privacyRequest(row: Row): ReadableRecord {
  return {
    group: 'Privacy requests',
    title: privacyRequestTitle(text(row.kind) as PrivacyRequestKind),
    fields: filled([
      ['Opened', when(row.opened_at)],
      ['Due', when(row.due_at)],
      ['Closed', when(row.closed_at)],
    ]),
  };
}

/** How each registered table reads; a table without one is shown by readable-fallback.ts. */
export const READABLE_TABLES: Record<string, (row: Row, names: ExportNames) => ReadableRecord> = {
  leads: inquiry,
  lead_events: (row) => timelineRecord(row),
  activities: activity,
  mail_queue: automaticMail,
  lead_emails: staffMail,
  inbound_replies: reply,
  consent_records: consent,
  event_registrations: registration,
  sequence_enrolments: enrolment,
  privacy_requests: privacyRequest,
};

/** The page's groups, in order; a group with no records says "None.". */
export const READABLE_GROUPS = [
  'Inquiries',
  'Notes',
  'Activities',
  'E-mails',
  'Consent',
  'Event registrations',
  'E-mail series',
  'Changes to your record',
  'Privacy requests',
] as const;
