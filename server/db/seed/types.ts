/** Shapes of the seed data files (plain data, inserted by ../seed.ts). */
import type { CourseTypeId, DeliveryModeId, DurationUnitId, StatusId } from '../../../src/lookups';

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  courseType: CourseTypeId;
  /** Sub-categories (part-time only). */
  subs?: readonly Omit<SeedCategory, 'courseType' | 'subs'>[];
}

/** When a course's classes meet; it decides the intake start day, schedule text and end date. */
export type ClassPattern = 'daytime' | 'evening' | 'weekend';

export interface SeedCourse {
  slug: string;
  course_name: string;
  course_type: CourseTypeId;
  vocational: boolean;
  /** Category slug (full-time vocational and part-time); none for non-vocational programs. */
  category?: string;
  /** Sub-category slug (part-time). */
  sub_category?: string;
  duration: number;
  duration_unit: DurationUnitId;
  delivery_mode: DeliveryModeId;
  status?: StatusId;
  certification: string | null;
  summary: string;
  description: string;
  outline: readonly string[];
  pattern: ClassPattern;
}
