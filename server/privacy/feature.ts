/** Privacy requests (issue 22, PIPEDA): a lead's privacy card, requests, the export, anonymisation. */
import type { Feature } from '../features/feature';
import { registerPrivacyRoutes } from './privacy-routes';

export const privacyFeature: Feature = { name: 'privacy', routes: registerPrivacyRoutes };
