/**
 * What a prospective student decides on (issue 12): tuition and fees, admission requirements,
 * career outcomes, Ontario KPI figures, and the professors. Stored with each course (jsonb) and
 * edited by staff in the CRM; the public course detail (`GET /api/courses/slug/:slug`) carries them,
 * `null` where a course has none (short part-time courses have no KPI figures, for instance).
 * Money is in whole Canadian dollars; rates are whole percentages (0–100).
 */
// Written once as zod schemas (server-only values); the types come from there.
export type {
  AdmissionRequirements,
  CareerOutcomes,
  CourseContent,
  EnglishTestScore,
  KpiFigures,
  TuitionFees,
} from './catalogue-content-schemas';
export type { Professor, ProfessorPhoto, ProgramKpi } from './catalogue-schemas';

/** The Ontario ministry's public KPI source the KPI page links to. */
export const ONTARIO_KPI_SOURCE_URL = 'https://www.ontario.ca/page/private-career-colleges';
