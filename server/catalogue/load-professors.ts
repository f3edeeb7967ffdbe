/** Reads the professors list (with each one's course ids and photo, if any) for the in-memory catalogue. */
import type { Queryable } from '../db/database';
import type { ImageType } from '../catalogue-edit/image-check';

export interface ProfessorRow {
  id: string;
  name: string;
  title: string;
  credentials: string[];
  bio: string;
  sample: boolean;
  /** In the order staff set them; the catalogue keeps the active ones. */
  course_ids: string[];
  photo: { id: string; content_type: ImageType; width: number; height: number } | null;
}

export async function loadProfessors(db: Queryable): Promise<ProfessorRow[]> {
  const { rows } = await db.query<ProfessorRow>(
    `SELECT p.id, p.name, p.title, p.credentials, p.bio, p.sample,
            coalesce((SELECT array_agg(pc.course_id::text ORDER BY c.course_type, c.position, c.course_name)
                        FROM professor_courses pc JOIN courses c ON c.id = pc.course_id
                       WHERE pc.professor_id = p.id), '{}') AS course_ids,
            (SELECT json_build_object('id', ph.id, 'content_type', ph.content_type, 'width', ph.width, 'height', ph.height)
               FROM professor_photos ph WHERE ph.professor_id = p.id) AS photo
       FROM professors p ORDER BY p.position, p.name, p.id`,
  );
  return rows;
}
