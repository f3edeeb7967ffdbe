/** The public catalogue's reads, and the professors' photos it links to (outside /api). */
import type { Feature } from '../features/feature';
import { registerCatalogueRoutes } from './public-routes';
import { registerProfessorPhotoMedia } from './photo-media-routes';

export const catalogueFeature: Feature = { name: 'catalogue', routes: registerCatalogueRoutes, rootRoutes: registerProfessorPhotoMedia };
