/** Maps a `leads` row to the staff wire shape (StaffLead), with the course's name. */
import type { Catalogue } from '../catalogue/catalogue';
import { LEAD_EXTRA_FIELDS, NEED_ADVICE_COURSE_ID, type LeadLocation, type LeadSource, type StaffLead, type StoredLeadExtras } from '../../src/contract';
import type { CourseTypeId, LeadStageId, StatusId } from '../../src/lookups';

/** The seed's label of the "need advice" choice (§3, spelling as in the seed). */
export const NEED_ADVICE_COURSE_NAME = 'Need advise with program choice';

/** The columns a staff query selects: every lead column plus the joined course name. */
export const STAFF_LEAD_COLUMNS = `
  l.id, l.first_name, l.last_name, l.email, l.phone, l.lead_type, l.address, l.source,
  l.course_id, l.course_type, l.location, l.financial_aid, l.stage, l.status,
  l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.landing_page,
  l.referrer, l.created_at, l.updated_at, c.course_name AS joined_course_name,
  l.owner_id, o.name AS owner_name, l.version`;

/** FROM clause matching STAFF_LEAD_COLUMNS. */
export const STAFF_LEAD_FROM = 'leads l LEFT JOIN courses c ON c.id = l.course_id LEFT JOIN users o ON o.id = l.owner_id';

export interface LeadRow extends StoredLeadExtras {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  lead_type: number;
  address: string;
  source: number;
  course_id: string | null;
  course_type: number | null;
  location: number;
  financial_aid: boolean;
  stage: number;
  status: number;
  created_at: Date;
  updated_at: Date;
  joined_course_name: string | null;
  owner_id: string | null;
  owner_name: string | null;
  version: number;
}

function courseName(catalogue: Catalogue, courseId: string | null, joined: string | null): string | null {
  if (courseId === null) return null;
  if (courseId === NEED_ADVICE_COURSE_ID) return NEED_ADVICE_COURSE_NAME;
  // The in-memory catalogue knows active courses; a course retired since still has its name.
  return catalogue.courseById(courseId)?.course_name ?? joined;
}

export function toStaffLead(row: LeadRow, catalogue: Catalogue): StaffLead {
  // char(24) columns come back padded on some drivers; ids are always 24 characters anyway.
  const courseId = row.course_id?.trim() ?? null;
  return {
    _id: row.id.trim(),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    lead_type: row.lead_type,
    address: row.address,
    source: row.source as LeadSource,
    course_id: courseId,
    course_name: courseName(catalogue, courseId, row.joined_course_name),
    course_type: row.course_type as CourseTypeId | null,
    location: row.location as LeadLocation,
    financial_aid: row.financial_aid,
    stage: row.stage as LeadStageId,
    status: row.status as StatusId,
    owner_id: row.owner_id?.trim() ?? null,
    owner_name: row.owner_name,
    version: row.version,
    ...storedExtras(row),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function storedExtras(row: StoredLeadExtras): StoredLeadExtras {
  return Object.fromEntries(LEAD_EXTRA_FIELDS.map((field) => [field, row[field]])) as StoredLeadExtras;
}
