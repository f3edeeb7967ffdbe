/**
 * Which of the site's own illustrations (site/images, served from /assets/img with width and height
 * known, so nothing shifts) goes where: the home page, one per program area, the professors' avatar.
 */
import type { CourseSummary } from '../../src/contract';
import { IMAGE_FILES } from './image-files';

export type ImageName = keyof typeof IMAGE_FILES;
export interface SiteImage {
  src: string;
  width: number;
  height: number;
}

export const siteImage = (name: ImageName): SiteImage => IMAGE_FILES[name];

/** Program areas by category slug (full-time and part-time); anything else is "support". */
const AREA_BY_CATEGORY: Record<string, ImageName> = {
  networking: 'area-networking',
  cisco: 'area-networking',
  'cyber-security': 'area-security',
  'cloud-computing': 'area-cloud',
  microsoft: 'area-cloud',
  'software-web-development': 'area-development',
  linux: 'area-servers',
  comptia: 'area-support',
};

export function areaImage(categorySlug: string | null | undefined): SiteImage {
  return IMAGE_FILES[(categorySlug && AREA_BY_CATEGORY[categorySlug]) || 'area-support'];
}

export const courseAreaImage = (course: Pick<CourseSummary, 'category'>): SiteImage => areaImage(course.category?.slug);
