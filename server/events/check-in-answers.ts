/** The answer shapes of check-in, walk-ins and the events report (src/events-contract.ts). */
import { z } from 'zod';
import type { CrmRegistration, CrmRegistrationList, EventsReport } from '../../src/events-contract';
import { answerSchema, instantSchema } from '../openapi/answer-schema';
import { crmEventAnswer, eventIdSchema } from './answers';

export const crmRegistrationAnswer = answerSchema<CrmRegistration>()(
  'CrmRegistration',
  z.object({
    id: eventIdSchema,
    /** '' when the registration has no lead (never, in practice: registering joins or creates one). */
    lead_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    status: z.enum(['registered', 'waitlisted', 'cancelled']),
    position: z.number().int().nullable(),
    walk_in: z.boolean(),
    registered_at: instantSchema,
    checked_in_at: instantSchema.nullable(),
  }),
);

export const crmRegistrationListAnswer = answerSchema<CrmRegistrationList>()(
  'CrmRegistrationList',
  z.object({ event: crmEventAnswer, registrations: z.array(crmRegistrationAnswer) }),
);

const funnel = { registered: z.number().int(), attended: z.number().int(), applied: z.number().int() };

export const eventsReportAnswer = answerSchema<EventsReport>()(
  'EventsReport',
  z.object({
    events: z.array(z.object({ id: eventIdSchema, title: z.string(), starts_at: instantSchema, ...funnel })),
    months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), ...funnel })),
  }),
);
