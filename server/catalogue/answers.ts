/** The catalogue's public answers, computed from the model (then serialised once by catalogue.ts). */
import type { CategoryListing, FullTimeNames, Intake, PartTimeNames, CourseName, CourseOption, CourseSummary } from '../../src/contract';
import type { CourseTypeId, DeliveryModeId } from '../../src/lookups';
import { namedSlug, type CatalogueModel, type CategoryNode, type CourseNode } from './model';

const courseName = (course: CourseNode): CourseName => ({ course_name: course.row.course_name, slug: course.row.slug });

export function fullTimeNames(model: CatalogueModel): FullTimeNames {
  const fullTime = model.courses.filter((course) => course.row.course_type === 1);
  return {
    vocational_courses: fullTime.filter((course) => course.row.vocational).map(courseName),
    non_vocational_courses: fullTime.filter((course) => !course.row.vocational).map(courseName),
    course_categories: (model.topCategories.get(1) ?? []).map((node) => namedSlug(node.row)),
  };
}

export function partTimeNames(model: CatalogueModel): PartTimeNames {
  return {
    course_categories: (model.topCategories.get(2) ?? []).map((node) => ({
      category: namedSlug(node.row),
      sub_categories: node.subs.map((sub) => namedSlug(sub.row)),
      courses: node.courses.map(courseName),
    })),
    courses: model.courses.filter((course) => course.row.course_type === 2).map(courseName),
  };
}

/** GET /api/courses: every active course, lean (the widget's Course select). */
export function courseOptions(model: CatalogueModel): CourseOption[] {
  return model.courses.map(({ summary }) => ({ _id: summary._id, course_name: summary.course_name, course_type: summary.course_type }));
}

export function summariesOfType(model: CatalogueModel, type: CourseTypeId | null): CourseSummary[] {
  return model.courses.filter((course) => type === null || course.row.course_type === type).map((course) => course.summary);
}

export function findCategory(model: CatalogueModel, type: CourseTypeId, slug: string, subSlug?: string): CategoryNode | undefined {
  const category = model.topCategories.get(type)?.find((node) => node.row.slug === slug);
  if (!category || subSlug === undefined) return category;
  return category.subs.find((sub) => sub.row.slug === subSlug);
}

/** `courses`: the ones to list (one page of them); by default all of the category's. */
export function categoryListing(node: CategoryNode, courses: readonly CourseNode[] = node.courses): CategoryListing {
  const top = node.parent ?? node;
  return {
    category: { ...namedSlug(top.row), description: top.row.description },
    sub_category: node.parent ? { ...namedSlug(node.row), description: node.row.description } : null,
    sub_categories: top.subs.map((sub) => namedSlug(sub.row)),
    courses: courses.map((course) => course.summary),
  };
}

export function upcomingIntakes(model: CatalogueModel, today: string, type: CourseTypeId | null, mode: DeliveryModeId | null): Intake[] {
  return model.allIntakes.filter(
    (intake) =>
      intake.start_date >= today && (type === null || intake.course_type === type) && (mode === null || intake.delivery_mode === mode),
  );
}
