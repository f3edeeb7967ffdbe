/** Consent (issue 25): the CRM's consent calls under /api, and the preference pages a mail links to. */
import type { Feature } from '../features/feature';
import { registerConsentRoutes } from './consent-routes';
import { registerPreferencePages } from './preference-routes';

export const consentFeature: Feature = { name: 'consent', routes: registerConsentRoutes, rootRoutes: registerPreferencePages };
