/** The answer shapes of check-in, walk-ins and the events report (src/events-schemas.ts), named for the API description. */
import { crmRegistrationListSchema, crmRegistrationSchema, eventsReportSchema } from '../../src/events-schemas';
import { named } from '../openapi/answer-schema';

export const crmRegistrationAnswer = named('CrmRegistration', crmRegistrationSchema);
export const crmRegistrationListAnswer = named('CrmRegistrationList', crmRegistrationListSchema);
export const eventsReportAnswer = named('EventsReport', eventsReportSchema);
