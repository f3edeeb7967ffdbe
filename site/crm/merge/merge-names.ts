/**
 * How a lead is named where two leads are offered as choices (issue 31): by its name, and when both
 * have the same name (one student who wrote from two addresses), by its e-mail and the day it came
 * in too, so "Keep Priya Venkataraman instead" never leaves staff guessing which one.
 */
import { formatDate } from '../area/labels';

export interface NamedLead {
  first_name: string;
  last_name: string;
  email: string;
  created_at: string;
}

export const leadName = (lead: NamedLead) => `${lead.first_name} ${lead.last_name}`.trim();

/** The name, the e-mail and the day received: "Priya Venkataraman (priya@example.com, received 3 Nov 2026)". */
export const describedLead = (lead: NamedLead) => `${leadName(lead)} (${lead.email}, received ${formatDate(lead.created_at)})`;

const sameName = (a: NamedLead, b: NamedLead) => leadName(a).toLocaleLowerCase() === leadName(b).toLocaleLowerCase();

/** `lead` named so that it cannot be mistaken for `other`. */
export const choiceName = (lead: NamedLead, other: NamedLead) => (sameName(lead, other) ? describedLead(lead) : leadName(lead));
