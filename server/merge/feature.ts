/** Merging two leads (issue 23) and finding a lead to merge with (issue 31), with the partner sites leads came from. */
import type { Feature } from '../features/feature';
import { registerMergeRoutes } from './merge-routes';

export const mergeFeature: Feature = { name: 'merge', routes: registerMergeRoutes };
