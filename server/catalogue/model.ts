/**
 * The catalogue as linked, indexed objects: categories with their sub-categories and courses,
 * courses with their site path and intakes. Built once per load; read-only afterwards.
 */
import type { CourseDetail, CourseSummary, Intake, NamedSlug } from '../../src/contract';
import type { CourseTypeId } from '../../src/lookups';
import { coursePath } from '../../src/course-path';
import type { CatalogueData, CategoryRow, CourseRow } from './load';

export interface CategoryNode {
  row: CategoryRow;
  /** The parent category (sub-categories only). */
  parent: CategoryNode | null;
  subs: CategoryNode[];
  /** Courses in this category or, for a top-level category, in any of its sub-categories. */
  courses: CourseNode[];
}

export interface CourseNode {
  row: CourseRow;
  summary: CourseSummary;
  category: CategoryNode | null;
  subCategory: CategoryNode | null;
  /** Intakes not yet ended, sorted by start date. */
  intakes: Intake[];
}

export interface CatalogueModel {
  data: CatalogueData;
  /** Top-level categories per course type, in display order. */
  topCategories: Map<CourseTypeId, CategoryNode[]>;
  courses: CourseNode[];
  courseBySlug: Map<string, CourseNode>;
  courseById: Map<string, CourseNode>;
  allIntakes: Intake[];
}

export const namedSlug = (row: { name: string; slug: string }): NamedSlug => ({ name: row.name, slug: row.slug });

export function buildModel(data: CatalogueData): CatalogueModel {
  const nodes = new Map<string, CategoryNode>();
  for (const row of data.categories) nodes.set(row.id, { row, parent: null, subs: [], courses: [] });
  const topCategories = new Map<CourseTypeId, CategoryNode[]>();
  for (const node of nodes.values()) {
    const parent = node.row.parent_id ? nodes.get(node.row.parent_id) : undefined;
    if (parent) {
      node.parent = parent;
      parent.subs.push(node);
    } else {
      const list = topCategories.get(node.row.course_type) ?? [];
      list.push(node);
      topCategories.set(node.row.course_type, list);
    }
  }

  const courses = data.courses.map((row): CourseNode => {
    const category = (row.category_id && nodes.get(row.category_id)) || null;
    const subCategory = (row.sub_category_id && nodes.get(row.sub_category_id)) || null;
    const summary: CourseSummary = {
      _id: row.id,
      course_name: row.course_name,
      slug: row.slug,
      course_type: row.course_type,
      vocational: row.vocational,
      category: category ? namedSlug(category.row) : null,
      sub_category: subCategory ? namedSlug(subCategory.row) : null,
      duration: row.duration,
      duration_unit: row.duration_unit,
      delivery_mode: row.delivery_mode,
      status: row.status,
      certification: row.certification,
      summary: row.summary,
      path: coursePath(row, category?.row ?? null, subCategory?.row ?? null),
    };
    return { row, summary, category, subCategory, intakes: [] };
  });
  for (const course of courses) {
    course.category?.courses.push(course);
    if (course.subCategory && course.subCategory !== course.category) course.subCategory.courses.push(course);
  }

  const courseById = new Map(courses.map((course) => [course.row.id, course]));
  const allIntakes: Intake[] = [];
  for (const row of data.intakes) {
    const course = courseById.get(row.course_id);
    if (!course) continue;
    const intake: Intake = {
      _id: row._id,
      course_id: row.course_id,
      course_name: course.row.course_name,
      course_slug: course.row.slug,
      course_type: course.row.course_type,
      delivery_mode: row.delivery_mode,
      start_date: row.start_date,
      end_date: row.end_date,
      schedule: row.schedule,
    };
    course.intakes.push(intake);
    allIntakes.push(intake);
  }

  return {
    data,
    topCategories,
    courses,
    courseBySlug: new Map(courses.map((course) => [course.row.slug, course])),
    courseById,
    allIntakes,
  };
}

export function courseDetail(course: CourseNode, today: string): CourseDetail {
  return {
    ...course.summary,
    description: course.row.description,
    outline: course.row.outline,
    fees: course.row.fees,
    admission: course.row.admission,
    outcomes: course.row.outcomes,
    kpi: course.row.kpi,
    intakes: course.intakes.filter((intake) => intake.start_date >= today),
  };
}
