/** Helpers for catalogue-editing API tests: signed-in calls through app.inject and seed lookups. */
import type { CatalogueCourse } from '../../src/crm-catalogue-contract';
import type { TestServer } from './server';

export interface Call {
  status: number;
  json: <T = Record<string, unknown>>() => T;
  body: string;
  headers: Record<string, unknown>;
}

export async function call(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
): Promise<Call> {
  const res = await server.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return { status: res.statusCode, json: <T>() => res.json() as T, body: res.body, headers: res.headers };
}

export async function courseIdBySlug(server: TestServer, slug: string): Promise<string> {
  const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM courses WHERE slug = $1', [slug]);
  if (!rows[0]) throw new Error(`no course ${slug}`);
  return rows[0].id.trim();
}

/** The editable fields of a course as read, for a save. */
export function inputOf(course: CatalogueCourse): Omit<CatalogueCourse, '_id' | 'path' | 'version' | 'updated_at' | 'updated_by'> {
  const { _id, path, version, updated_at, updated_by, ...input } = course;
  return input;
}

export const SAMPLE_FEES = {
  domestic_tuition: 15_950,
  international_tuition: 21_400,
  books_materials: 850,
  exam_vouchers: 600,
  payment_plan: 'Pay in 4 instalments.',
};
export const SAMPLE_KPI = {
  reporting_year: '2023–2024',
  graduation_rate: 82,
  employment_rate: 78,
  employment_in_field: 71,
  graduate_satisfaction: 88,
  employer_satisfaction: 90,
};
