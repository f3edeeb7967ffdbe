/**
 * A message for one lead, as it would go out now: the text (a template's, or the staff member's
 * own, fields filled in), why it is sent (its purpose), the consent that applies to the address, and
 * whether it may be sent. The compose panel's preview and the send share it, so what staff see is
 * what is sent and refused for the same reason.
 *
 * Purpose: a template's kind; free text is commercial unless marked a direct answer to the
 * student's own question. A commercial template cannot be marked so (it would bypass consent).
 * A direct answer needs no consent, but not to someone who unsubscribed and has asked nothing
 * since (direct-answer.ts).
 */
import type { Catalogue } from '../catalogue/catalogue';
import type { Queryable } from '../db/database';
import type { EmailPurpose } from '../../src/outreach-contract';
import { COLLEGE } from '../../src/college';
import { allowsCommercial, consentFacts, stateOf, type ConsentState } from '../consent';
import { InvalidInput, NotFound } from '../domain-errors';
import { emailLead, fieldValues, staffName, type EmailLead } from './lead-fields';
import { suppressionOf } from './suppression';
import { directAnswerRefusal } from './direct-answer';
import { renderFields, unknownFieldMessage } from './template-fields';
import { liveTemplate } from './template-store';
import type { LeadEmailRequest } from './lead-email-request';

export const LEAD_NOT_FOUND = 'There is no such lead. It may have been removed; please go back to the list.';
export const SUBJECT_MISSING = 'Please write the subject.';
export const BODY_MISSING = 'Please write the message.';
export const COMMERCIAL_DIRECT_ANSWER =
  'A commercial template cannot be sent as a direct answer. Write the answer yourself, or use a transactional template.';
const MAX_SUBJECT = 200;
const MAX_BODY = 10_000;

export interface PreparedEmail {
  lead: EmailLead;
  templateId: string | null;
  purpose: EmailPurpose;
  subject: string;
  body: string;
  fromName: string;
  consent: ConsentState;
  /** Why it cannot be sent now, or null. */
  refusal: string | null;
}

/** The sender's name as the student sees it: "Cleo Counsellor, Northbridge College", or the college for a sequence. */
export const fromNameOf = (counsellor: string | null): string => (counsellor ? `${counsellor}, ${COLLEGE.shortName}` : COLLEGE.name);

function checkedText(value: string, field: 'subject' | 'body', lenient: boolean): string {
  const missing = field === 'subject' ? SUBJECT_MISSING : BODY_MISSING;
  const max = field === 'subject' ? MAX_SUBJECT : MAX_BODY;
  const problem =
    unknownFieldMessage(value) ??
    (!lenient && value.trim() === '' ? missing : null) ??
    (value.length > max ? `The ${field === 'subject' ? 'subject' : 'message'} is too long (at most ${max} characters).` : null);
  if (problem) throw new InvalidInput(problem, { [field]: problem });
  return value;
}

/**
 * Throws InvalidInput (unknown field, missing text), NotFound (lead, template) or Conflict (a
 * retired template). `lenient` lets the preview show an unfinished message.
 */
export async function prepareLeadEmail(
  db: Queryable,
  catalogue: Catalogue,
  request: LeadEmailRequest,
  now: Date,
  lenient = false,
): Promise<PreparedEmail> {
  const lead = await emailLead(db, request.leadId);
  if (!lead) throw new NotFound(LEAD_NOT_FOUND);
  const template = request.templateId ? await liveTemplate(db, request.templateId) : null;
  if (template?.kind === 'commercial' && request.directAnswer)
    throw new InvalidInput(COMMERCIAL_DIRECT_ANSWER, { direct_answer: COMMERCIAL_DIRECT_ANSWER });
  const subject = checkedText(request.subject ?? template?.subject ?? '', 'subject', lenient);
  const body = checkedText(request.body ?? template?.body ?? '', 'body', lenient);
  const purpose: EmailPurpose = request.directAnswer ? 'direct_answer' : (template?.kind ?? 'commercial');

  // A person signs their own mail; a sequence step signs as the lead's owner, or as the college.
  const counsellor = request.senderId ? await staffName(db, request.senderId) : await staffName(db, lead.ownerId);
  const values = fieldValues(lead, catalogue, counsellor);
  const facts = await consentFacts(db, lead.email, now);
  const consent = stateOf(facts, now);
  const refusal =
    suppressionOf(lead.email) ??
    (purpose === 'commercial' && !allowsCommercial(consent) ? consent.line : null) ??
    (purpose === 'direct_answer' ? await directAnswerRefusal(db, lead.email, facts, now) : null);
  return {
    lead,
    templateId: template?._id ?? null,
    purpose,
    subject: renderFields(subject, values)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    body: renderFields(body, values),
    fromName: fromNameOf(request.senderId ? counsellor : null),
    consent,
    refusal,
  };
}
