/**
 * Wire types of sequences (issue 23): GET/POST/PUT /api/crm/sequences and a lead's enrolments
 * under /api/crm/leads/:id/sequences. Ids of sequences, steps and templates are decimal strings.
 */
import type { ActivityTypeId, CourseTypeId, LeadStageId } from './lookups';

export type SequenceStep =
  | { id?: string; kind: 'email'; template_id: string }
  | { id?: string; kind: 'task'; task_type: ActivityTypeId; subject: string }
  | { id?: string; kind: 'wait'; days: number };

/** Which new leads a sequence takes; an absent field matches any lead. */
export interface EnrolRule {
  course_type?: CourseTypeId;
  course_id?: string;
  /** 1 local, 2 international (LOCATIONS). */
  location?: 1 | 2;
  /** 1 website, 3 search ad, 4 social ad (LEAD_SOURCES). */
  source?: 1 | 3 | 4;
  /**
   * Issue 24: when set, the rule enrols a lead when its attendance at an event is recorded
   * ('attended' at check-in, 'no_show' when the event ends without one), not at intake.
   */
  event_outcome?: 'attended' | 'no_show';
}

export interface SequenceInput {
  name: string;
  paused: boolean;
  exit_stages: LeadStageId[];
  rules: EnrolRule[];
  steps: SequenceStep[];
}

export interface Sequence extends SequenceInput {
  id: string;
  version: number;
  /** Leads in it now. */
  active: number;
  updated_at: string;
}

export interface SequenceList {
  sequences: Sequence[];
  /** The e-mail templates a step may send (not retired). */
  templates: { id: string; name: string }[];
}

export type EnrolmentState = 'active' | 'left' | 'completed';

export interface LeadEnrolment {
  id: string;
  sequence: { id: string; name: string };
  state: EnrolmentState;
  enrolled_at: string;
  next_due_at: string | null;
  /** What it does next, e.g. "E-mail: Welcome"; null when it has ended. */
  next_step: string | null;
  ended_at: string | null;
  left_reason: string | null;
}

export interface LeadEnrolments {
  enrolments: LeadEnrolment[];
}
