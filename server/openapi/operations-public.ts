/** The public API as documented: catalogue reads, search, lead creation, sign-in and password reset. */
import { z } from 'zod';
import { categoryParams, courseNamesQuery, coursesOfTypeQuery, intakesQuery, pageQuery } from '../routes/catalogue';
import { siteSearchQuery } from '../routes/search';
import { resetBody, resetParams, resetRequestBody, signinBody } from '../routes/users';
import { signinCodeBody } from '../routes/two-factor';
import { leadPayloadSchema } from '../leads/validate';
import { IDEMPOTENCY_KEY_PATTERN } from '../leads/lead-record';
import {
  announcementsAnswer, bannerOffersAnswer, categoryAnswer, courseDetailAnswer, courseGoneAnswer, courseNamesAnswer, courseOptionsAnswer,
  courseSummariesAnswer, healthAnswer, intakesAnswer, leadAnswer, messageAnswer, openApiDocumentAnswer, searchAnswer,
} from './answers-public';
import { signInAnswer } from './answers-staff';
import { professorsAnswer, programKpisAnswer } from './answers-people';
import { created, publicCall, type ApiOperation } from './registry';

const catalogue = { fromMemory: true, errors: [404] };

/** The inquiry form's body as the widget sends it; the course is filled in by the test from the live catalogue. */
export const leadExample = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+14165550123',
  lead_type: 1,
  address: '',
  source: 1,
  course_id: '',
  course_type: '',
  location: 1,
  financial_aid: false,
  utm_source: 'newsletter',
};

export const publicOperations: ApiOperation[] = [
  publicCall('get', '/health', 'Whether the server and its database are up', { ok: healthAnswer, otherAnswers: { 503: healthAnswer } }),
  publicCall('get', '/openapi.json', 'This description of the API (OpenAPI 3.1)', { ok: openApiDocumentAnswer, fromMemory: true }),
  publicCall('get', '/courses/names-website', 'Course names for the menus: full-time (course_type=1) or part-time (2) shape',
    { ...catalogue, query: courseNamesQuery, ok: courseNamesAnswer }),
  publicCall('get', '/courses', 'Every active course, lean: what the inquiry form\'s Course select needs', { ...catalogue, ok: courseOptionsAnswer }),
  publicCall('get', '/courses/search', 'Every active course of a course type, with summaries', { ...catalogue, query: coursesOfTypeQuery, ok: courseSummariesAnswer }),
  publicCall('get', '/courses/slug/{slug}', 'One course with its outline and upcoming intakes (410 once it is withdrawn)', {
    ...catalogue, ok: courseDetailAnswer, otherAnswers: { 410: courseGoneAnswer },
  }),
  publicCall('get', '/categories/{courseType}/{slug}', 'A category and its courses', { ...catalogue, params: categoryParams, query: pageQuery, ok: categoryAnswer }),
  publicCall('get', '/categories/{courseType}/{slug}/{subSlug}', 'A sub-category and its courses',
    { ...catalogue, params: categoryParams, query: pageQuery, ok: categoryAnswer }),
  publicCall('get', '/intakes/next', 'The next few intakes of any course', { ...catalogue, ok: intakesAnswer }),
  publicCall('get', '/intakes', 'Upcoming intakes, by course type and delivery mode', { ...catalogue, query: intakesQuery, ok: intakesAnswer }),
  publicCall('get', '/announcements', 'Announcements, newest first, ten a page', { ...catalogue, query: pageQuery, ok: announcementsAnswer }),
  publicCall('get', '/professors', 'The professors, in display order (sample profiles are marked)', { ...catalogue, ok: professorsAnswer }),
  publicCall('get', '/kpi', 'Ontario KPI results of every vocational program', { ...catalogue, ok: programKpisAnswer }),
  publicCall('get', '/banner-offers', 'The home page banner\'s offers', { ...catalogue, ok: bannerOffersAnswer }),
  publicCall('get', '/search', 'Search courses and information pages (typos, run-together words and synonyms understood)', { query: siteSearchQuery, ok: searchAnswer }),
  publicCall('post', '/leads', 'Send an inquiry (the widget\'s form): rate-limited per address, idempotent per key', {
    body: leadPayloadSchema,
    headers: [{
      name: 'Idempotency-Key',
      description: 'The same key with the same inquiry is accepted once; with another inquiry it is a 422.',
      schema: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
    }],
    ok: created(leadAnswer),
    errors: [422, 429],
    example: leadExample,
  }),
  publicCall('post', '/users/signin', 'Staff sign-in: a session token, or a challenge when a second factor is on', {
    body: signinBody, ok: signInAnswer, errors: [401, 429], example: { email: 'admin@example.com', password: 'their password' },
  }),
  publicCall('post', '/users/signin/two-factor', 'Second sign-in step: the challenge and a code from the app or a recovery code', {
    body: signinCodeBody, ok: signInAnswer, errors: [401, 429], example: { challenge: 'from the first step', code: '123456' },
  }),
  publicCall('post', '/users/reset-password', 'Ask for a password reset link (same answer whether or not the address is registered)', {
    body: resetRequestBody, ok: messageAnswer, example: { email: 'someone@example.com' },
  }),
  publicCall('post', '/users/reset-password/{userId}/{token}', 'Set a new password with the link\'s token', {
    params: resetParams, body: resetBody, ok: messageAnswer,
    example: { password: 'a new long passphrase', cPassword: 'a new long passphrase' },
  }),
];
