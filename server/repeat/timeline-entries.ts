/** Timeline entries of repeat inquiries and merges (issue 23), from their lead_events rows. */
import type { StaffRef, TimelineEntry } from '../../src/crm-contract';
import { repeatInquiryText } from '../../src/repeat-inquiry';

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

function counts(value: unknown): Record<string, number> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/** The entry for a repeat_inquiry or merged row; none for kinds this module does not own. */
export function mergeEntries(kind: string, at: string, by: StaffRef | null, d: Record<string, unknown>): TimelineEntry[] {
  if (kind === 'repeat_inquiry') {
    const text = repeatInquiryText({ course_name: strOrNull(d.course_name), origin: strOrNull(d.origin), source: Number(d.source) });
    return [{ kind: 'repeat_inquiry', at, by: null, inquiry_id: str(d.inquiry_id), text }];
  }
  if (kind === 'merged') {
    const fields = Array.isArray(d.fields_taken) ? d.fields_taken.filter((f): f is string => typeof f === 'string') : [];
    return [
      {
        kind: 'merged',
        at,
        by,
        merged_id: str(d.merged_id),
        merged_name: str(d.merged_name),
        fields_taken: fields,
        moved: counts(d.moved),
      },
    ];
  }
  return [];
}
