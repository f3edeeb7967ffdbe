/**
 * What a prospective student decides on (issue 12): tuition and fees, admission requirements,
 * career outcomes, Ontario KPI figures, and the professors. Stored with each course (jsonb) and
 * edited by staff in the CRM; the public course detail (`GET /api/courses/slug/:slug`) carries them,
 * `null` where a course has none (short part-time courses have no KPI figures, for instance).
 * Money is in whole Canadian dollars; rates are whole percentages (0–100).
 */
import type { Id, NamedSlug } from './wire-basics';

export interface TuitionFees {
  /** Tuition for Canadian citizens and permanent residents, CAD. */
  domestic_tuition: number;
  /** Tuition for international students, CAD; null when the course is not open to them. */
  international_tuition: number | null;
  books_materials: number;
  exam_vouchers: number;
  /** e.g. "Pay in 4 instalments; OSAP and Better Jobs Ontario funding may apply." */
  payment_plan: string;
}

export interface EnglishTestScore {
  /** e.g. "IELTS Academic", "TOEFL iBT", "Duolingo English Test" */
  test: string;
  /** e.g. "6.0 overall, no band below 5.5" */
  score: string;
}

export interface AdmissionRequirements {
  /** Requirements for domestic applicants, one per line. */
  domestic: string[];
  /** Requirements for international applicants, one per line. */
  international: string[];
  english_tests: EnglishTestScore[];
  /** The mature-student route (applicants without a high-school diploma, 18 or older in Ontario career colleges), or '' when there is none. */
  mature_student: string;
}

export interface CareerOutcomes {
  job_titles: string[];
  /** The work placement (practicum), e.g. "8-week industry placement", or null when there is none. */
  work_placement: string | null;
}

/** Ontario career-college KPI results of a vocational program, for one reporting year. */
export interface KpiFigures {
  /** e.g. "2023–2024" */
  reporting_year: string;
  graduation_rate: number;
  employment_rate: number;
  employment_in_field: number;
  graduate_satisfaction: number;
  employer_satisfaction: number;
}

/** The decision content of one course; every part optional. */
export interface CourseContent {
  fees: TuitionFees | null;
  admission: AdmissionRequirements | null;
  outcomes: CareerOutcomes | null;
  /** Vocational full-time programs only. */
  kpi: KpiFigures | null;
}

export interface ProfessorPhoto {
  /** Served by the API server, e.g. `/media/professors/5f…e1.webp`; never derived from a file name. */
  url: string;
  width: number;
  height: number;
}

/** GET /api/professors: one entry, in display order. */
export interface Professor {
  _id: Id;
  name: string;
  /** e.g. "Lead Instructor, Networking" */
  title: string;
  /** e.g. ["CCNP Enterprise", "CompTIA Security+"] */
  credentials: string[];
  bio: string;
  /** Courses taught, by name and slug (`path` is the course page). */
  courses: (NamedSlug & { path: string })[];
  photo: ProfessorPhoto | null;
  /** True for the seed's sample instructors: the site labels them as sample data. */
  sample: boolean;
}

/** GET /api/kpi: every vocational program with KPI figures, in menu order. */
export interface ProgramKpi {
  course_name: string;
  slug: string;
  path: string;
  kpi: KpiFigures;
}

/** The Ontario ministry's public KPI source the KPI page links to. */
export const ONTARIO_KPI_SOURCE_URL = 'https://www.ontario.ca/page/private-career-colleges';
