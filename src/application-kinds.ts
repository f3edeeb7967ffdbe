/**
 * The application's lists of ids and titles (issue 33): its status, the decision and the
 * applicant's answer. Their own module so that src/application-schemas.ts builds its enums on them
 * while src/application-contract.ts (which re-exports them) takes its types from those schemas.
 */

/** Where an application is, as the applicant and staff see it (the answer, once given, shows instead). */
export const APPLICATION_STATUSES = [
  { id: 'started', title: 'Started' },
  { id: 'submitted', title: 'Submitted' },
  { id: 'missing_items', title: 'Missing items' },
  { id: 'under_review', title: 'Under review' },
  { id: 'decision_released', title: 'Decision released' },
  { id: 'accepted', title: 'Offer accepted' },
  { id: 'declined', title: 'Offer declined' },
  { id: 'deferral_requested', title: 'Deferral requested' },
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]['id'];

export const DECISIONS = [
  { id: 'admitted', title: 'Admitted' },
  { id: 'conditionally_admitted', title: 'Conditionally admitted' },
  { id: 'waitlisted', title: 'Waitlisted' },
  { id: 'declined', title: 'Declined' },
] as const;
export type Decision = (typeof DECISIONS)[number]['id'];

/** The applicant's reply to an admission (admitted or conditionally admitted). */
export const APPLICANT_ANSWERS = [
  { id: 'accepted', title: 'Accept' },
  { id: 'declined', title: 'Decline' },
  { id: 'deferral_requested', title: 'Ask to defer to a later intake' },
] as const;
export type ApplicantAnswer = (typeof APPLICANT_ANSWERS)[number]['id'];
