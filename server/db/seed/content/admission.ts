/**
 * Admission building blocks shared by the seed programs: the usual diploma route, the English
 * scores we ask of international applicants, and the mature-student route of the Ontario Career
 * Colleges Act (18 or older, a qualifying test approved by the Superintendent).
 */
import type { AdmissionRequirements, EnglishTestScore } from '../../../../src/catalogue-content';

/** The reporting year every seed KPI figure belongs to. */
export const KPI_YEAR = '2023–2024';

export const DIPLOMA_ENGLISH: readonly EnglishTestScore[] = [
  { test: 'IELTS Academic', score: '6.0 overall, no band below 5.5' },
  { test: 'TOEFL iBT', score: '80 overall' },
  { test: 'Duolingo English Test', score: '105' },
];

export const FOUNDATION_ENGLISH: readonly EnglishTestScore[] = [
  { test: 'IELTS Academic', score: '5.5 overall, no band below 5.0' },
  { test: 'TOEFL iBT', score: '70 overall' },
  { test: 'Duolingo English Test', score: '95' },
];

const MATURE_STUDENT =
  'Applicants 18 or older without a high school diploma are admitted as mature students after passing a qualifying test approved by the Superintendent of Career Colleges, written at our campus.';

/** A diploma program's requirements: the common lines plus what this program adds. */
export function diplomaAdmission(extraDomestic: string[], onCampus: boolean): AdmissionRequirements {
  return {
    domestic: [
      'Ontario Secondary School Diploma (OSSD) or equivalent, or mature-student status',
      ...extraDomestic,
      'An admission interview with a program adviser (in person or by video)',
    ],
    international: [
      'A secondary school diploma equivalent to the OSSD, with a credential evaluation (WES or ICAS) where the diploma is not from Canada',
      onCampus
        ? 'A valid passport and a Canadian study permit before classes begin'
        : 'A valid passport; the program is taught online, so you can study from your own country',
      'Proof of English proficiency (one of the scores below), unless you studied for at least three years in English',
      ...extraDomestic,
    ],
    english_tests: [...DIPLOMA_ENGLISH],
    mature_student: MATURE_STUDENT,
  };
}

/** Part-time courses: open enrolment; only the recommended background differs. */
export function partTimeAdmission(background: string): AdmissionRequirements {
  return {
    domestic: ['Open to anyone 18 or older', background],
    international: [
      'Open to learners of any country: online sections need no study permit, and on-campus sections under six months are open to visitors to Canada',
      'Classes are taught in English; no test score is required, but you should be comfortable reading technical English',
    ],
    english_tests: [],
    mature_student: '',
  };
}
