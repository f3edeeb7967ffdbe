/** Decision content of the non-vocational full-time programs: no KPI figures (Ontario measures vocational programs only). */
import type { CourseContent } from '../../../../src/catalogue-content';
import { FOUNDATION_ENGLISH, diplomaAdmission } from './admission';

const SHORT_PAYMENT_PLAN = 'Pay in full at registration, or in three monthly instalments. Better Jobs Ontario funding may apply.';

export const NON_VOCATIONAL_CONTENT: Readonly<Record<string, CourseContent>> = {
  'it-fundamentals-foundation-program': {
    fees: {
      domestic_tuition: 4200,
      international_tuition: 6900,
      books_materials: 350,
      exam_vouchers: 180,
      payment_plan: SHORT_PAYMENT_PLAN,
    },
    admission: { ...diplomaAdmission(['No IT experience needed'], true), english_tests: [...FOUNDATION_ENGLISH] },
    outcomes: {
      job_titles: ['Help desk assistant', 'IT support trainee', 'Computer technician assistant'],
      work_placement: null,
    },
    kpi: null,
  },
  'english-for-it-careers': {
    fees: { domestic_tuition: 2900, international_tuition: 3900, books_materials: 150, exam_vouchers: 0, payment_plan: SHORT_PAYMENT_PLAN },
    admission: {
      domestic: ['Open to anyone 18 or older', 'A placement conversation with an English instructor (intermediate English or above)'],
      international: [
        'The program is taught online, so you can study from your own country; no study permit is needed',
        'A placement conversation with an English instructor instead of a test score',
      ],
      english_tests: [],
      mature_student: '',
    },
    outcomes: {
      job_titles: ['Service desk analyst', 'Technical support representative', 'Junior project coordinator'],
      work_placement: null,
    },
    kpi: null,
  },
  'pmp-exam-preparation': {
    fees: {
      domestic_tuition: 1650,
      international_tuition: 1650,
      books_materials: 250,
      exam_vouchers: 760,
      payment_plan: 'Pay in full at registration; employers can be invoiced directly. Canada-Ontario Job Grant funding may apply.',
    },
    admission: {
      domestic: [
        'The PMI experience requirement: 36 months leading projects with a four-year degree, or 60 months with a secondary diploma',
      ],
      international: ['The same PMI experience requirement; the course is taught online'],
      english_tests: [],
      mature_student: '',
    },
    outcomes: {
      job_titles: ['Project manager', 'IT project manager', 'Program coordinator'],
      work_placement: null,
    },
    kpi: null,
  },
};
