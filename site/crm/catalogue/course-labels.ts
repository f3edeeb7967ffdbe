/** The course editor's field labels, also used by the error summary to name a field in error. */
import type { TextKey } from './course-draft';

export const COURSE_LABELS: Record<TextKey | 'vocational' | 'admission.english_tests', string> = {
  course_name: 'Name',
  slug: 'Slug (web address)',
  course_type: 'Course type',
  category_id: 'Category',
  sub_category_id: 'Sub-category',
  status: 'Status',
  vocational: 'Vocational program (Ontario KPI reporting)',
  summary: 'Summary',
  description: 'Description',
  outline: 'Outline (one item per line)',
  duration: 'Duration',
  duration_unit: 'Duration unit',
  delivery_mode: 'Delivery mode',
  certification: 'Certification exams',
  'fees.domestic_tuition': 'Domestic tuition (CAD)',
  'fees.international_tuition': 'International tuition (CAD)',
  'fees.books_materials': 'Books and materials (CAD)',
  'fees.exam_vouchers': 'Exam vouchers (CAD)',
  'fees.payment_plan': 'Payment plan note',
  'admission.domestic': 'Domestic applicants (one per line)',
  'admission.international': 'International applicants (one per line)',
  'admission.english_tests': 'English tests',
  'admission.mature_student': 'Mature-student route',
  'outcomes.job_titles': 'Job titles (one per line)',
  'outcomes.work_placement': 'Work placement',
  'kpi.reporting_year': 'Reporting year',
  'kpi.graduation_rate': 'Graduation rate (%)',
  'kpi.employment_rate': 'Employment rate (%)',
  'kpi.employment_in_field': 'Employment in the field (%)',
  'kpi.graduate_satisfaction': 'Graduate satisfaction (%)',
  'kpi.employer_satisfaction': 'Employer satisfaction (%)',
};

/** The id of a field's control: `course-` and its key with dots as hyphens. */
export const courseFieldId = (key: string) => `course-${key.replace(/\./g, '-')}`;

const KNOWN = Object.keys(COURSE_LABELS);

/** The field an error key belongs to (`admission.english_tests.1.score` → `admission.english_tests`). */
export function courseFieldOf(key: string): string | null {
  let candidate = key;
  while (candidate) {
    if (KNOWN.includes(candidate)) return candidate;
    const cut = candidate.lastIndexOf('.');
    if (cut < 0) return null;
    candidate = candidate.slice(0, cut);
  }
  return null;
}

export const courseLabelOf = (key: string) => {
  const field = courseFieldOf(key);
  return field ? COURSE_LABELS[field as keyof typeof COURSE_LABELS] : key;
};
