/** Answer shapes of the public people and results reads: GET /api/professors and GET /api/kpi. */
import { z } from 'zod';
import type { Professor, ProgramKpi } from '../../src/catalogue-content';
import { kpiSchema } from '../catalogue-edit/content-schemas';
import { answerSchema, idSchema } from './answer-schema';

const professor = answerSchema<Professor>()(
  'Professor',
  z.object({
    _id: idSchema,
    name: z.string(),
    title: z.string(),
    credentials: z.array(z.string()),
    bio: z.string(),
    courses: z.array(z.object({ name: z.string(), slug: z.string(), path: z.string() })),
    photo: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
    sample: z.boolean(),
  }),
);
export const professorsAnswer = answerSchema<Professor[]>()('ProfessorList', z.array(professor));

const programKpi = answerSchema<ProgramKpi>()(
  'ProgramKpi',
  z.object({
    course_name: z.string(),
    slug: z.string(),
    path: z.string(),
    kpi: kpiSchema,
  }),
);
export const programKpisAnswer = answerSchema<ProgramKpi[]>()('ProgramKpiList', z.array(programKpi));
