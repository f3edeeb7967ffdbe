/** How a sequence step reads on the timeline and in the CRM (server and CRM share it). */
import { ACTIVITY_TYPES, COURSE_TYPES, LEAD_SOURCES, LOCATIONS, lookupTitle } from './lookups';
import type { EnrolRule, SequenceStep } from './sequences-contract';

export function describeStep(step: SequenceStep, templateName: (id: string) => string): string {
  if (step.kind === 'email') return `E-mail: ${templateName(step.template_id)}`;
  if (step.kind === 'task') return `${lookupTitle(ACTIVITY_TYPES, step.task_type)} for the owner: ${step.subject}`;
  return `Wait ${step.days} business day${step.days === 1 ? '' : 's'}`;
}

const TRIGGERS: Record<NonNullable<EnrolRule['event_outcome']> | 'new', string> = {
  new: 'A new lead enters',
  attended: 'A lead enters when they attend an event',
  no_show: 'A lead enters when they miss an event they registered for',
};

/**
 * A sequence without rules: the editor saves none when "a new lead arrives" is chosen and every
 * condition is left on "Any", which staff read as “every lead” unless told plainly (issue 31).
 */
export const MANUAL_ENROLMENT_ONLY =
  "Manual enrolment only: no lead enters by itself. With every condition on “Any”, staff add leads from a lead's page.";

/** Who enters a sequence by itself, one sentence per rule (MANUAL_ENROLMENT_ONLY without rules). */
export function describeEnrolment(rules: readonly EnrolRule[]): string[] {
  if (rules.length === 0) return [MANUAL_ENROLMENT_ONLY];
  return rules.map((rule) => {
    const conditions = [
      rule.course_type ? `course type ${lookupTitle(COURSE_TYPES, rule.course_type)}` : '',
      rule.course_id ? 'one program' : '',
      rule.location ? lookupTitle(LOCATIONS, rule.location) : '',
      rule.source ? `source ${lookupTitle(LEAD_SOURCES, rule.source)}` : '',
    ].filter(Boolean);
    const trigger = TRIGGERS[rule.event_outcome ?? 'new'];
    return conditions.length ? `${trigger} (${conditions.join(', ')}).` : `${trigger}.`;
  });
}
