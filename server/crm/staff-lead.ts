/** Maps a `leads` row to the staff wire shape (StaffLead), with the course's name. */
import type { Catalogue } from '../catalogue/catalogue';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import { leadContentSchema, type LeadContent, type StaffLead } from '../../src/lead-record';
import { notContactedSql } from '../assignment/contact';
import type { KnownOrigins } from '../repeat/partner-origins';

/** The seed's label of the "need advice" choice (R-need-advice, spelling as in the seed). */
export const NEED_ADVICE_COURSE_NAME = 'Need advise with program choice';

const CONTENT_FIELDS = Object.keys(leadContentSchema.shape) as (keyof LeadContent)[];

/** The columns a staff query selects: the lead's declared fields (src/lead-record.ts), where it stands, the course and owner names. */
export const STAFF_LEAD_COLUMNS = [
  'l.id',
  ...CONTENT_FIELDS.map((field) => `l.${field}`),
  'l.stage',
  'l.status',
  'l.created_at',
  'l.updated_at',
  'c.course_name AS joined_course_name',
  'l.owner_id',
  'o.name AS owner_name',
  'l.version',
  `${notContactedSql('l')} AS not_contacted`,
  // Issue 23: where it came from, its repeat inquiries and course interests, possible duplicates, a merge.
  'l.origin',
  'l.merged_into',
  '(SELECT count(*)::int FROM leads r WHERE r.parent_lead_id = l.id) AS repeat_count',
  `ARRAY(SELECT r.course_id FROM leads r WHERE r.parent_lead_id = l.id AND r.course_id IS NOT NULL ORDER BY r.created_at) AS repeat_courses`,
  `ARRAY(SELECT CASE WHEN d.lead_a = l.id THEN d.lead_b ELSE d.lead_a END FROM lead_duplicates d
          WHERE d.lead_a = l.id OR d.lead_b = l.id ORDER BY d.created_at LIMIT 5) AS duplicate_ids`,
].join(', ');

/** FROM clause matching STAFF_LEAD_COLUMNS. */
export const STAFF_LEAD_FROM = 'leads l LEFT JOIN courses c ON c.id = l.course_id LEFT JOIN users o ON o.id = l.owner_id';

/** A row as STAFF_LEAD_COLUMNS select it: timestamps as dates, the course's name as joined. */
type Derived = 'inquiries' | 'course_interests' | 'possible_duplicates' | 'origin_known';
export type LeadRow = Omit<StaffLead, '_id' | 'course_name' | 'created_at' | 'updated_at' | Derived> & {
  id: string;
  repeat_count: number;
  repeat_courses: string[];
  duplicate_ids: string[];
  joined_course_name: string | null;
  created_at: Date;
  updated_at: Date;
};

function courseName(catalogue: Catalogue, courseId: string | null, joined: string | null): string | null {
  if (courseId === null) return null;
  if (courseId === NEED_ADVICE_COURSE_ID) return NEED_ADVICE_COURSE_NAME;
  // The in-memory catalogue knows active courses; a course retired since still has its name.
  return catalogue.courseById(courseId)?.course_name ?? joined;
}

/** The distinct courses asked about, the lead's own first (names as courseName gives them). */
function courseInterests(catalogue: Catalogue, own: string | null, own_name: string | null, repeats: string[]): string[] {
  const names = [own_name, ...repeats.map((id) => courseName(catalogue, id.trim(), null))];
  if (own === null) names.shift();
  return [...new Set(names.filter((name): name is string => name !== null))];
}

/** `known`: the origins shown as known (server/repeat/partner-origins.ts); any other is only reported. */
export function toStaffLead(row: LeadRow, catalogue: Catalogue, known: KnownOrigins): StaffLead {
  // char(24) columns come back padded on some drivers; ids are always 24 characters anyway.
  const courseId = row.course_id?.trim() ?? null;
  const ownCourse = courseName(catalogue, courseId, row.joined_course_name);
  const content = Object.fromEntries(CONTENT_FIELDS.map((field) => [field, row[field]])) as Pick<LeadRow, keyof LeadContent>;
  return {
    _id: row.id.trim(),
    ...content,
    lead_type: row.lead_type,
    course_id: courseId,
    course_name: ownCourse,
    stage: row.stage,
    status: row.status,
    owner_id: row.owner_id?.trim() ?? null,
    owner_name: row.owner_name,
    version: row.version,
    not_contacted: row.not_contacted === true,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    origin: row.origin,
    origin_known: row.origin !== null && known.has(row.origin),
    inquiries: 1 + row.repeat_count,
    course_interests: courseInterests(catalogue, courseId, ownCourse, row.repeat_courses),
    possible_duplicates: row.duplicate_ids.map((id) => id.trim()),
    merged_into: row.merged_into?.trim() ?? null,
  };
}
