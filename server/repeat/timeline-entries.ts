/** Timeline entries of repeat inquiries and merges (issue 23), registered by kind in server/timeline/render.ts. */
import { repeatInquiryText } from '../../src/repeat-inquiry';
import { str, strOrNull, type Renderer } from '../timeline/renderer';

function counts(value: unknown): Record<string, number> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

export const repeatInquiryEntry: Renderer<'repeat_inquiry'> = ({ at, detail: d }) => {
  const text = repeatInquiryText({ course_name: strOrNull(d.course_name), origin: strOrNull(d.origin), source: Number(d.source) });
  return { kind: 'repeat_inquiry', at, by: null, inquiry_id: str(d.inquiry_id), text };
};

export const mergedEntry: Renderer<'merged'> = ({ at, by, detail: d }) => {
  const fields = Array.isArray(d.fields_taken) ? d.fields_taken.filter((f): f is string => typeof f === 'string') : [];
  return {
    kind: 'merged',
    at,
    by,
    merged_id: str(d.merged_id),
    merged_name: str(d.merged_name),
    fields_taken: fields,
    moved: counts(d.moved),
  };
};
