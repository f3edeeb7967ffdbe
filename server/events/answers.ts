/**
 * The answer shapes of events (issue 24) for the routes and the API description: the zod schemas
 * of src/events-schemas.ts (the wire types are inferred from them, so the contract is written once),
 * named here as components of the OpenAPI document.
 */
import { z } from 'zod';
import {
  crmEventListSchema,
  crmEventSchema,
  publicEventListSchema,
  publicEventSchema,
  registrationAnswerSchema,
  registrationByTokenSchema,
} from '../../src/events-schemas';
import { answerComponents, named } from '../openapi/answer-schema';
import { fileAnswer } from '../openapi/registry';

export const publicEventAnswer = named('PublicEvent', publicEventSchema);
export const publicEventListAnswer = named('PublicEventList', publicEventListSchema);
export const registrationAnswer = named('RegistrationAnswer', registrationAnswerSchema);
export const registrationByTokenAnswer = named('RegistrationByToken', registrationByTokenSchema);
export const crmEventAnswer = named('CrmEvent', crmEventSchema);
export const crmEventListAnswer = named('CrmEventList', crmEventListSchema);

const calendarText = z.string();
answerComponents.add(calendarText, { id: 'CalendarText', description: 'An iCalendar file (RFC 5545) with its VTIMEZONE.' });
/** The .ics file of an event (never with the online link). */
export const calendarFileAnswer = fileAnswer(calendarText, 'text/calendar', 'The event as an iCalendar file (RFC 5545).');
