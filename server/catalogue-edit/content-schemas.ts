/**
 * Validation of a course's decision content (fees, admission, outcomes, KPI figures): money at
 * least 0, rates 0–100 with employment in the field never above the employment rate, bounded texts
 * and lists. Each part may be null (a course without it).
 */
import { z } from 'zod';
import { money, rate, text, textList } from './fields';

export const feesSchema = z.object(
  {
    domestic_tuition: money('domestic tuition'),
    international_tuition: money('international tuition').nullable(),
    books_materials: money('books and materials cost'),
    exam_vouchers: money('exam vouchers cost'),
    payment_plan: text('payment plan note', 500, 0),
  },
  { error: 'Please fill in the tuition and fees, or leave them out.' },
);

export const admissionSchema = z.object(
  {
    domestic: textList('domestic requirement', 15, 300),
    international: textList('international requirement', 15, 300),
    english_tests: z
      .array(
        z.object(
          {
            test: text('English test name', 80),
            score: text('English test score', 120),
          },
          { error: 'Each English test needs a name and a score.' },
        ),
        { error: 'The English tests must be a list.' },
      )
      .max(8, { error: 'At most 8 English tests.' }),
    mature_student: text('mature-student route', 1000, 0),
  },
  { error: 'Please fill in the admission requirements, or leave them out.' },
);

export const outcomesSchema = z.object(
  {
    job_titles: textList('job title', 20, 100),
    work_placement: text('work placement', 300).nullable(),
  },
  { error: 'Please fill in the career outcomes, or leave them out.' },
);

export const KPI_YEAR_MESSAGE = 'Please enter the reporting year, e.g. "2023–2024".';
export const IN_FIELD_MESSAGE = 'Employment in the field cannot be higher than the employment rate.';

export const kpiSchema = z
  .object(
    {
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

export const courseContentSchema = {
  fees: feesSchema.nullable(),
  admission: admissionSchema.nullable(),
  outcomes: outcomesSchema.nullable(),
  kpi: kpiSchema.nullable(),
};
