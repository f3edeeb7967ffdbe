/**
 * The words of a repeat inquiry (issue 23), shared by the lead's timeline in the CRM and the
 * owner's e-mail, so both say the same thing.
 */
import { LEAD_SOURCES, lookupTitle } from './lookups';

export interface RepeatInquiryDetail {
  /** The repeat inquiry's own row (kept, hidden from the list, its parent is the lead). */
  inquiry_id: string;
  course_id: string | null;
  /** The course's name when the inquiry arrived; null when none was chosen. */
  course_name: string | null;
  origin: string | null;
  source: number;
}

/** "Inquired again about Cyber Security from https://partner.example (source Search ad)". */
export function repeatInquiryText(detail: Pick<RepeatInquiryDetail, 'course_name' | 'origin' | 'source'>): string {
  const course = detail.course_name ?? 'no particular course';
  const origin = detail.origin ?? 'an unknown page';
  return `Inquired again about ${course} from ${origin} (source ${lookupTitle(LEAD_SOURCES, detail.source) || detail.source})`;
}
