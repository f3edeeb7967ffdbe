/** Wire types of the CRM's assignment rules and speed to lead (issue 23): /api/crm/assignment/*. */
import type { Id } from './wire-basics';

/** One round-robin rule; the first enabled rule whose filters match a new lead assigns it. */
export interface AssignmentRule {
  id: string;
  name: string;
  enabled: boolean;
  /** Course type id (1 Full Time, 2 Part Time, 3 Others); null: any. */
  course_type: number | null;
  /** 1 local, 2 international; null: any. */
  location: number | null;
  /** Open New Lead leads a member may hold before the next one is chosen; null: no cap. */
  cap: number | null;
  /** The pool, in round-robin order. */
  member_ids: Id[];
  version: number;
}

export interface AssignmentRuleInput {
  name: string;
  enabled: boolean;
  course_type: number | null;
  location: number | null;
  cap: number | null;
  member_ids: Id[];
}

/** GET /api/crm/assignment */
export interface AssignmentSettingsAnswer {
  rules: AssignmentRule[];
  speed_to_lead_hours: number;
  settings_version: number;
  /** Staff who may receive leads: active and with a password set. */
  eligible: { _id: Id; name: string }[];
}

/** GET /api/crm/dashboard/first-contact: median business hours to first contact. */
export interface FirstContactMedians {
  /** Weeks (Monday, Toronto) newest last. */
  by_week: { week: string; median_hours: number | null; leads: number; contacted: number }[];
  by_counsellor: { owner_id: Id | null; name: string; median_hours: number | null; leads: number; contacted: number }[];
}
