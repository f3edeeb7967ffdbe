/** The CRM's catalogue editing under /api/crm/catalogue: courses, categories, items, professors and their photos, synonyms. */
import type { Feature } from '../features/feature';
import { registerCatalogueEditingRoutes } from './editing-routes';

export const catalogueEditingFeature: Feature = { name: 'catalogue-editing', routes: registerCatalogueEditingRoutes };
