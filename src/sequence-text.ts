/** How a sequence step reads on the timeline and in the CRM (server and CRM share it). */
import { ACTIVITY_TYPES, lookupTitle } from './lookups';
import type { SequenceStep } from './sequences-contract';

export function describeStep(step: SequenceStep, templateName: (id: string) => string): string {
  if (step.kind === 'email') return `E-mail: ${templateName(step.template_id)}`;
  if (step.kind === 'task') return `${lookupTitle(ACTIVITY_TYPES, step.task_type)} for the owner: ${step.subject}`;
  return `Wait ${step.days} business day${step.days === 1 ? '' : 's'}`;
}
