/**
 * Wire types of the audit log (issue 21): GET /api/crm/audit (admins only) answers a page of
 * entries, newest first; GET /api/crm/audit.csv the same filters as a file. Times are ISO strings.
 */
import type { StaffRef } from './crm-contract';

/** Every action the log records, with the label the CRM shows. */
export const AUDIT_ACTIONS = [
  { id: 'signin.succeeded', title: 'Signed in' },
  { id: 'signin.failed', title: 'Sign-in failed' },
  { id: 'password.changed', title: 'Password changed' },
  { id: 'two_factor.enabled', title: 'Two-factor sign-in turned on' },
  { id: 'two_factor.disabled', title: 'Two-factor sign-in turned off' },
  { id: 'two_factor.recovery_codes', title: 'New recovery codes' },
  { id: 'settings.two_factor_required', title: 'Two-factor requirement changed' },
  { id: 'staff.invited', title: 'Staff member invited' },
  { id: 'staff.renamed', title: 'Name changed' },
  { id: 'staff.role_changed', title: 'Role changed' },
  { id: 'staff.permission_changed', title: 'Permission granted or revoked' },
  { id: 'staff.deactivated', title: 'Account deactivated' },
  { id: 'staff.reactivated', title: 'Account reactivated' },
  { id: 'leads.exported', title: 'Leads exported (CSV)' },
  { id: 'leads.read_many', title: 'Many leads read in an hour (inbox pages)' },
  { id: 'audit.exported', title: 'Audit log exported (CSV)' },
  { id: 'catalogue.changed', title: 'Catalogue changed' },
  { id: 'email_template.created', title: 'E-mail template created' },
  { id: 'email_template.changed', title: 'E-mail template changed' },
  { id: 'email_template.retired', title: 'E-mail template retired' },
  { id: 'lead_email.sent', title: 'E-mail sent to a lead' },
  { id: 'privacy.exported', title: "Person's data exported (privacy)" },
  { id: 'privacy.anonymised', title: 'Person anonymised' },
  { id: 'privacy.request_opened', title: 'Privacy request opened' },
  { id: 'privacy.request_closed', title: 'Privacy request closed' },
  { id: 'reply.attached', title: 'Reply attached to a lead' },
  { id: 'reply.dismissed', title: 'Reply dismissed' },
  { id: 'leads.merged', title: 'Leads merged' },
  { id: 'event.created', title: 'Event created' },
  { id: 'event.changed', title: 'Event changed' },
  { id: 'event.cancelled', title: 'Event cancelled' },
  { id: 'event.checked_in_early', title: "Checked in before the event's day" },
  { id: 'consent.recorded', title: 'E-mail consent recorded by staff' },
  { id: 'sequence.created', title: 'Sequence created' },
  { id: 'sequence.changed', title: 'Sequence changed' },
  { id: 'assignment_rule.created', title: 'Assignment rule created' },
  { id: 'assignment_rule.changed', title: 'Assignment rule changed' },
  { id: 'assignment_rule.removed', title: 'Assignment rule removed' },
  { id: 'application.link_sent', title: 'Application link sent to a lead' },
  { id: 'application.document_viewed', title: "Applicant's document viewed" },
  { id: 'application.document_reviewed', title: "Applicant's document reviewed" },
  { id: 'application.note_added', title: 'Application note added' },
  { id: 'application.decision_released', title: 'Admission decision released' },
  { id: 'application.checklist_changed', title: "Program's document checklist changed" },
  { id: 'application.letter_changed', title: 'Decision letter changed' },
  { id: 'enrolment.contract_issued', title: 'Enrolment contract issued' },
  { id: 'enrolment.contract_viewed', title: 'Enrolment contract viewed' },
  { id: 'enrolment.contract_countersigned', title: 'Enrolment contract countersigned' },
  { id: 'enrolment.contract_cancelled', title: 'Enrolment contract cancellation recorded' },
  { id: 'enrolment.payment_recorded', title: 'Payment recorded' },
  { id: 'enrolment.receipt_viewed', title: 'Receipt viewed' },
  { id: 'enrolment.refund_notice_recorded', title: 'Refund notice recorded' },
  { id: 'enrolment.refund_recorded', title: 'Refund recorded' },
  { id: 'enrolment.terms_changed', title: "Program's contract terms changed" },
  { id: 'enrolment.settings_changed', title: 'Enrolment settings changed' },
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number]['id'];

export interface AuditEntry {
  _id: string;
  at: string;
  /** Who acted (for a failed sign-in: the account tried); null when no account matched. */
  actor: StaffRef | null;
  action: AuditAction;
  /** The client's address as the server saw it (TRUST_PROXY applies). */
  ip: string | null;
  /** What exactly: ids, the filter and row count of an export, before and after of a change. Never a secret. */
  details: Record<string, unknown>;
}

/** GET /api/crm/audit */
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  page_size: number;
}
