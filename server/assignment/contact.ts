/**
 * What "contacted" means for speed to lead, in SQL, once: a Call, Email or Meeting activity logged
 * on the lead (its creation; a Task, such as the first-contact task the assignment makes, is not
 * contact), or a mail sent to the lead from the CRM (lead_emails, migration 018).
 */
const CONTACT_ACTIVITY_TYPES = '(1, 2, 3)';

export const contactedSql = (lead: string) =>
  `(EXISTS (SELECT 1 FROM activities ca WHERE ca.lead_id = ${lead}.id AND ca.type IN ${CONTACT_ACTIVITY_TYPES})
    OR EXISTS (SELECT 1 FROM lead_emails ce WHERE ce.lead_id = ${lead}.id))`;

/** Flagged by the speed-to-lead job and still not contacted: the leads list's "Not contacted". */
export const notContactedSql = (lead: string) => `(${lead}.contact_overdue_at IS NOT NULL AND NOT ${contactedSql(lead)})`;

/** The first contact's time, or null. */
export const firstContactSql = (lead: string) =>
  `LEAST((SELECT min(ca.created_at) FROM activities ca WHERE ca.lead_id = ${lead}.id AND ca.type IN ${CONTACT_ACTIVITY_TYPES}),
         (SELECT min(ce.created_at) FROM lead_emails ce WHERE ce.lead_id = ${lead}.id))`;
