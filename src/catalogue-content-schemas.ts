/**
 * A course's decision content (fees, admission, outcomes, KPI figures; src/catalogue-content.ts),
 * written once: the editor's validation (server/catalogue-edit/schemas.ts) and the answers that
 * carry it (src/catalogue-schemas.ts, src/crm-catalogue-schemas.ts) use these schemas, and the wire
 * types are inferred from them. Money at least 0, rates 0–100 with employment in the field never
 * above the employment rate, bounded texts and lists. Each part may be null (a course without it).
 * Server-only values: browser code imports only the types.
 */
import { z } from 'zod';

// Field rules shared with the catalogue editor's other schemas (server/catalogue-edit/fields.ts).

/** Trimmed text of bounded length; `min` 0 allows an empty value. */
export const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(min, { error: `Please enter the ${label}.` })
    .max(max, { error: `The ${label} is too long (at most ${max} characters).` });

/** A list of short texts (outline items, job titles…), each non-empty, with a bounded count. */
export const textList = (label: string, maxItems: number, maxLength: number) =>
  z.array(text(label, maxLength), { error: `The ${label}s must be a list.` }).max(maxItems, { error: `At most ${maxItems} ${label}s.` });

/** Whole Canadian dollars. */
const money = (label: string) =>
  z
    .number({ error: `Please enter the ${label} in whole dollars.` })
    .int({ error: `Please enter the ${label} in whole dollars.` })
    .min(0, { error: `The ${label} cannot be negative.` })
    .max(1_000_000, { error: `The ${label} is too large.` });

/** A whole percentage. */
const rate = (label: string) =>
  z
    .number({ error: `Please enter the ${label} as a whole percentage.` })
    .int({ error: `Please enter the ${label} as a whole percentage.` })
    .min(0, { error: `The ${label} must be between 0 and 100.` })
    .max(100, { error: `The ${label} must be between 0 and 100.` });

export const feesSchema = z.object(
  {
    /** Tuition for Canadian citizens and permanent residents, CAD. */
    domestic_tuition: money('domestic tuition'),
    /** Tuition for international students, CAD; null when the course is not open to them. */
    international_tuition: money('international tuition').nullable(),
    books_materials: money('books and materials cost'),
    exam_vouchers: money('exam vouchers cost'),
    /** e.g. "Pay in 4 instalments; OSAP and Better Jobs Ontario funding may apply." */
    payment_plan: text('payment plan note', 500, 0),
  },
  { error: 'Please fill in the tuition and fees, or leave them out.' },
);

export const admissionSchema = z.object(
  {
    /** Requirements for domestic applicants, one per line. */
    domestic: textList('domestic requirement', 15, 300),
    /** Requirements for international applicants, one per line. */
    international: textList('international requirement', 15, 300),
    english_tests: z
      .array(
        z.object(
          {
            /** e.g. "IELTS Academic", "TOEFL iBT", "Duolingo English Test" */
            test: text('English test name', 80),
            /** e.g. "6.0 overall, no band below 5.5" */
            score: text('English test score', 120),
          },
          { error: 'Each English test needs a name and a score.' },
        ),
        { error: 'The English tests must be a list.' },
      )
      .max(8, { error: 'At most 8 English tests.' }),
    /** The mature-student route (applicants without a high-school diploma, 18 or older in Ontario career colleges), or '' when there is none. */
    mature_student: text('mature-student route', 1000, 0),
  },
  { error: 'Please fill in the admission requirements, or leave them out.' },
);

export const outcomesSchema = z.object(
  {
    job_titles: textList('job title', 20, 100),
    /** The work placement (practicum), e.g. "8-week industry placement", or null when there is none. */
    work_placement: text('work placement', 300).nullable(),
  },
  { error: 'Please fill in the career outcomes, or leave them out.' },
);

export const KPI_YEAR_MESSAGE = 'Please enter the reporting year, e.g. "2023–2024".';
export const IN_FIELD_MESSAGE = 'Employment in the field cannot be higher than the employment rate.';

/** Ontario career-college KPI results of a vocational program, for one reporting year. */
export const kpiSchema = z
  .object(
    {
      /** e.g. "2023–2024" */
      reporting_year: z
        .string({ error: KPI_YEAR_MESSAGE })
        .trim()
        .regex(/^\d{4}([–-]\d{4})?$/, { error: KPI_YEAR_MESSAGE }),
      graduation_rate: rate('graduation rate'),
      employment_rate: rate('employment rate'),
      employment_in_field: rate('employment in the field'),
      graduate_satisfaction: rate('graduate satisfaction'),
      employer_satisfaction: rate('employer satisfaction'),
    },
    { error: 'Please fill in the KPI figures, or leave them out.' },
  )
  .refine((kpi) => kpi.employment_in_field <= kpi.employment_rate, { error: IN_FIELD_MESSAGE, path: ['employment_in_field'] });

/** The decision content of one course; every part optional (the shape answers spread into theirs). */
export const courseContentSchema = {
  fees: feesSchema.nullable(),
  admission: admissionSchema.nullable(),
  outcomes: outcomesSchema.nullable(),
  /** Vocational full-time programs only. */
  kpi: kpiSchema.nullable(),
};

export type TuitionFees = z.infer<typeof feesSchema>;
export type AdmissionRequirements = z.infer<typeof admissionSchema>;
export type EnglishTestScore = AdmissionRequirements['english_tests'][number];
export type CareerOutcomes = z.infer<typeof outcomesSchema>;
export type KpiFigures = z.infer<typeof kpiSchema>;
export type CourseContent = z.infer<z.ZodObject<typeof courseContentSchema>>;
