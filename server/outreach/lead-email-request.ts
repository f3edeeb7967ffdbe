/** What sendLeadEmail is asked to send (server/outreach/send-lead-email.ts exports it; a sequence step builds one). */
export interface LeadEmailRequest {
  leadId: string;
  senderId: string | null; // staff id, or null for automated sends (sequence step)
  templateId?: string; // or subject + body
  subject?: string;
  body?: string;
  directAnswer?: boolean; // staff marked it a direct answer to the student's own question
  origin?: { kind: 'staff' } | { kind: 'sequence'; sequenceId: string; stepId: string };
}
