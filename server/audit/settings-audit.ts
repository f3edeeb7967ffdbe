/**
 * The audit details of the CRM's lead-handling settings (issue 31): sequences and assignment rules.
 * Details are written so the Audit page reads them as they are: names and sentences, not ids of
 * lookups (an "Any" filter says "Any", a counsellor is named).
 */
import type { Queryable } from '../db/database';
import type { SequenceInput } from '../../src/sequences-contract';
import type { AssignmentRuleInput } from '../../src/assignment-contract';
import { COURSE_TYPES, LEAD_STAGES, LOCATIONS, lookupTitle } from '../../src/lookups';
import { describeEnrolment } from '../../src/sequence-text';

/** The keys whose values differ between before and after (compared as JSON, so arrays and objects count). */
export function changedKeys<T extends object>(before: T, after: T, keys: readonly (keyof T)[]): string[] {
  return keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map(String);
}

/** Steps without their ids: a save that sends the same steps back changes nothing. */
const stepsOnly = (input: Pick<SequenceInput, 'steps'>) => input.steps.map(({ id: _id, ...step }) => step);

export const SEQUENCE_FIELDS = ['name', 'paused', 'exit_stages', 'rules', 'steps'] as const;

/** A sequence as its entry shows it: who enters it in words, how many steps, where leads leave it. */
export function sequenceDetails(id: string, input: SequenceInput): Record<string, unknown> {
  return {
    sequence_id: id,
    name: input.name,
    paused: input.paused,
    steps: input.steps.length,
    enrolment: describeEnrolment(input.rules).join(' '),
    exit_stages: input.exit_stages.map((stage) => lookupTitle(LEAD_STAGES, stage)),
  };
}

/** The fields of a sequence a save changed (steps compared without their ids). */
export function changedSequenceFields(before: SequenceInput, after: SequenceInput): string[] {
  const comparable = (input: SequenceInput) => ({ ...input, steps: stepsOnly(input) });
  return changedKeys(comparable(before), comparable(after), SEQUENCE_FIELDS);
}

export const RULE_FIELDS = ['name', 'enabled', 'course_type', 'location', 'cap', 'member_ids'] as const;

/** A rule as its entry shows it: the filters by title ("Any" when unset), the cap, the counsellors by name. */
export async function ruleDetails(db: Queryable, id: string, rule: AssignmentRuleInput): Promise<Record<string, unknown>> {
  const { rows } = await db.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE id = ANY($1::char(24)[])', [
    rule.member_ids,
  ]);
  const nameOf = (memberId: string) => rows.find((row) => row.id.trim() === memberId)?.name ?? memberId;
  return {
    rule_id: id,
    name: rule.name,
    enabled: rule.enabled,
    course_type: rule.course_type === null ? 'Any' : lookupTitle(COURSE_TYPES, rule.course_type),
    location: rule.location === null ? 'Any' : lookupTitle(LOCATIONS, rule.location),
    cap: rule.cap ?? 'none',
    counsellors: rule.member_ids.map(nameOf),
  };
}
