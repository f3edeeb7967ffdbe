/**
 * A course as the editor form holds it: every text box as typed, lists as one item per line, and
 * the conversion to the wire input on save. Draft keys are the server's error keys (dotted paths),
 * so an error lands beside its own field.
 */
import type { EnglishTestScore } from '../../../src/catalogue-content';
import type { CatalogueCourse, CatalogueCourseInput } from '../../../src/crm-catalogue-contract';
import { COURSE_TYPES, DELIVERY_MODES, DURATION_UNITS, isLookupId, STATUSES, type Lookup } from '../../../src/lookups';

export const FEE_KEYS = [
  'fees.domestic_tuition',
  'fees.international_tuition',
  'fees.books_materials',
  'fees.exam_vouchers',
  'fees.payment_plan',
] as const;
export const ADMISSION_KEYS = ['admission.domestic', 'admission.international', 'admission.mature_student'] as const;
export const OUTCOME_KEYS = ['outcomes.job_titles', 'outcomes.work_placement'] as const;
export const KPI_RATE_KEYS = [
  'kpi.graduation_rate',
  'kpi.employment_rate',
  'kpi.employment_in_field',
  'kpi.graduate_satisfaction',
  'kpi.employer_satisfaction',
] as const;
const BASIC_KEYS = [
  'course_name',
  'slug',
  'course_type',
  'category_id',
  'sub_category_id',
  'status',
  'summary',
  'description',
  'outline',
  'duration',
  'duration_unit',
  'delivery_mode',
  'certification',
] as const;
export const TEXT_KEYS = [...BASIC_KEYS, ...FEE_KEYS, ...ADMISSION_KEYS, ...OUTCOME_KEYS, 'kpi.reporting_year', ...KPI_RATE_KEYS] as const;
export type TextKey = (typeof TEXT_KEYS)[number];

export interface CourseDraft {
  text: Record<TextKey, string>;
  vocational: boolean;
  english_tests: EnglishTestScore[];
}

const lines = (list: readonly string[] | undefined) => (list ?? []).join('\n');
const num = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function draftOf(course: CatalogueCourse | null): CourseDraft {
  const c = course;
  const text: Record<TextKey, string> = {
    course_name: c?.course_name ?? '',
    slug: c?.slug ?? '',
    course_type: String(c?.course_type ?? 1),
    category_id: c?.category_id ?? '',
    sub_category_id: c?.sub_category_id ?? '',
    status: String(c?.status ?? 1),
    summary: c?.summary ?? '',
    description: c?.description ?? '',
    outline: lines(c?.outline),
    duration: num(c?.duration),
    duration_unit: String(c?.duration_unit ?? 3),
    delivery_mode: String(c?.delivery_mode ?? 1),
    certification: c?.certification ?? '',
    'fees.domestic_tuition': num(c?.fees?.domestic_tuition),
    'fees.international_tuition': num(c?.fees?.international_tuition),
    'fees.books_materials': num(c?.fees?.books_materials),
    'fees.exam_vouchers': num(c?.fees?.exam_vouchers),
    'fees.payment_plan': c?.fees?.payment_plan ?? '',
    'admission.domestic': lines(c?.admission?.domestic),
    'admission.international': lines(c?.admission?.international),
    'admission.mature_student': c?.admission?.mature_student ?? '',
    'outcomes.job_titles': lines(c?.outcomes?.job_titles),
    'outcomes.work_placement': c?.outcomes?.work_placement ?? '',
    'kpi.reporting_year': c?.kpi?.reporting_year ?? '',
    'kpi.graduation_rate': num(c?.kpi?.graduation_rate),
    'kpi.employment_rate': num(c?.kpi?.employment_rate),
    'kpi.employment_in_field': num(c?.kpi?.employment_in_field),
    'kpi.graduate_satisfaction': num(c?.kpi?.graduate_satisfaction),
    'kpi.employer_satisfaction': num(c?.kpi?.employer_satisfaction),
  };
  return { text, vocational: c?.vocational ?? false, english_tests: c?.admission?.english_tests.map((t) => ({ ...t })) ?? [] };
}

const listOf = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
/** A number as typed; an unreadable one becomes NaN (sent as null), and the server names the field. */
const numberOf = (value: string) => Number(value.trim());
const blank = (draft: CourseDraft, keys: readonly TextKey[]) => keys.every((key) => !draft.text[key].trim());
function lookup<L extends readonly Lookup[]>(list: L, value: string, fallback: L[number]['id']): L[number]['id'] {
  const id = Number(value);
  return isLookupId(list, id) ? id : fallback;
}

export function inputOf(draft: CourseDraft): CatalogueCourseInput {
  const t = draft.text;
  const tests = draft.english_tests.filter((test) => test.test.trim() || test.score.trim());
  return {
    course_name: t.course_name.trim(),
    slug: t.slug.trim(),
    vocational: draft.vocational,
    course_type: lookup(COURSE_TYPES, t.course_type, 1),
    status: lookup(STATUSES, t.status, 1),
    category_id: t.category_id || null,
    sub_category_id: t.sub_category_id || null,
    summary: t.summary.trim(),
    description: t.description.trim(),
    outline: listOf(t.outline),
    duration: numberOf(t.duration),
    duration_unit: lookup(DURATION_UNITS, t.duration_unit, 3),
    delivery_mode: lookup(DELIVERY_MODES, t.delivery_mode, 1),
    certification: t.certification.trim() || null,
    fees: blank(draft, FEE_KEYS)
      ? null
      : {
          domestic_tuition: numberOf(t['fees.domestic_tuition']),
          international_tuition: t['fees.international_tuition'].trim() ? numberOf(t['fees.international_tuition']) : null,
          books_materials: numberOf(t['fees.books_materials'] || '0'),
          exam_vouchers: numberOf(t['fees.exam_vouchers'] || '0'),
          payment_plan: t['fees.payment_plan'].trim(),
        },
    admission:
      blank(draft, ADMISSION_KEYS) && !tests.length
        ? null
        : {
            domestic: listOf(t['admission.domestic']),
            international: listOf(t['admission.international']),
            english_tests: tests.map((test) => ({ test: test.test.trim(), score: test.score.trim() })),
            mature_student: t['admission.mature_student'].trim(),
          },
    outcomes: blank(draft, OUTCOME_KEYS)
      ? null
      : {
          job_titles: listOf(t['outcomes.job_titles']),
          work_placement: t['outcomes.work_placement'].trim() || null,
        },
    // KPI figures belong to vocational programs only.
    kpi:
      !draft.vocational || blank(draft, ['kpi.reporting_year', ...KPI_RATE_KEYS])
        ? null
        : {
            reporting_year: t['kpi.reporting_year'].trim(),
            graduation_rate: numberOf(t['kpi.graduation_rate']),
            employment_rate: numberOf(t['kpi.employment_rate']),
            employment_in_field: numberOf(t['kpi.employment_in_field']),
            graduate_satisfaction: numberOf(t['kpi.graduate_satisfaction']),
            employer_satisfaction: numberOf(t['kpi.employer_satisfaction']),
          },
  };
}

/** A slug suggested from the name for a new course: lower case, words joined by hyphens. */
export const slugFrom = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
