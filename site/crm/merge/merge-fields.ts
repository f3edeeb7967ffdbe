/** How each mergeable field reads on the compare page, and whether two leads differ in it. */
import type { StaffLead } from '../../../src/contract';
import { STATUSES, lookupTitle } from '../../../src/lookups';
import type { MergeField } from '../../../src/merge-contract';
import {
  courseLabel,
  courseTypeLabel,
  EMPTY,
  financialAidLabel,
  locationLabel,
  orEmpty,
  ownerLabel,
  sourceLabel,
  stageLabel,
} from '../area/labels';

const LABELS: Partial<Record<MergeField, (lead: StaffLead) => string>> = {
  course_id: courseLabel,
  course_type: courseTypeLabel,
  location: locationLabel,
  financial_aid: financialAidLabel,
  source: sourceLabel,
  stage: stageLabel,
  status: (lead) => lookupTitle(STATUSES, lead.status) || EMPTY,
  owner_id: ownerLabel,
};

export function fieldLabel(lead: StaffLead, field: MergeField): string {
  const label = LABELS[field];
  if (label) return label(lead);
  const value = lead[field];
  return typeof value === 'string' ? orEmpty(value) : String(value ?? EMPTY);
}

export const differs = (a: StaffLead, b: StaffLead, field: MergeField) => (a[field] ?? null) !== (b[field] ?? null);
