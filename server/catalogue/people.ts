/**
 * The catalogue's public answers about people and results: the professors list (GET /api/professors)
 * and the KPI figures of the vocational programs (GET /api/kpi). Courses that are not active are
 * left out of both, as they are of every other public answer.
 */
import type { ProgramKpi, Professor } from '../../src/catalogue-content';
import type { CatalogueModel } from './model';
import { photoUrl } from '../catalogue-edit/image-check';

/** Where a professor's photo is served (by the photo row's own id, never a file name). */

export function professorList(model: CatalogueModel): Professor[] {
  return model.data.professors.map((row) => ({
    _id: row.id,
    name: row.name,
    title: row.title,
    credentials: row.credentials,
    bio: row.bio,
    courses: row.course_ids.flatMap((id) => {
      const course = model.courseById.get(id.trim());
      return course ? [{ name: course.row.course_name, slug: course.row.slug, path: course.summary.path }] : [];
    }),
    photo: row.photo
      ? { url: photoUrl(row.photo.id.trim(), row.photo.content_type), width: row.photo.width, height: row.photo.height }
      : null,
    sample: row.sample,
  }));
}

/** Vocational full-time programs with KPI figures, in the menus' order. */
export function programKpis(model: CatalogueModel): ProgramKpi[] {
  return model.courses.flatMap((course) =>
    course.row.course_type === 1 && course.row.vocational && course.row.kpi
      ? [{ course_name: course.row.course_name, slug: course.row.slug, path: course.summary.path, kpi: course.row.kpi }]
      : [],
  );
}
