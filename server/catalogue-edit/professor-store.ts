/**
 * The professors list: name, title, credentials, short bio, courses taught (by id, checked to
 * exist) and an optional photo (see professor-photos.ts). Versioned and logged like every item.
 */
import type { Queryable } from '../db/database';
import type { CatalogueProfessor } from '../../src/crm-catalogue-contract';
import { newId } from '../auth/tokens';
import { Conflict, invalidField, NotFound } from '../domain-errors';
import { recordChange } from './change-log';
import type { ProfessorInput } from './schemas';
import { photoUrl, type ImageType } from './image-check';

export const PROFESSOR_NOT_FOUND_MESSAGE = 'There is no professor with this id.';
export const PROFESSOR_CONFLICT_MESSAGE =
  'Someone else saved this professor while you were editing them. Their version is shown; reapply your change and save again.';
export const UNKNOWN_COURSE_MESSAGE = 'One of the courses taught does not exist. Please choose from the list.';

/** The photo's public address: its random id and the extension of the type its bytes were checked to be. */

const SELECT = `
  SELECT p.id AS "_id", p.name, p.title, p.credentials, p.bio, p.position, p.sample, p.version,
         coalesce((SELECT json_agg(pc.course_id ORDER BY pc.course_id) FROM professor_courses pc WHERE pc.professor_id = p.id), '[]'::json) AS course_ids,
         ph.id AS photo_id, ph.content_type AS photo_type, ph.width AS photo_width, ph.height AS photo_height
    FROM professors p LEFT JOIN professor_photos ph ON ph.professor_id = p.id`;

type Row = Omit<CatalogueProfessor, 'photo'> & {
  photo_id: string | null;
  photo_type: ImageType | null;
  photo_width: number | null;
  photo_height: number | null;
};

const toProfessor = ({ photo_id, photo_type, photo_width, photo_height, ...row }: Row): CatalogueProfessor => ({
  ...row,
  photo: photo_id && photo_type ? { url: photoUrl(photo_id, photo_type), width: photo_width ?? 0, height: photo_height ?? 0 } : null,
});

export async function listProfessors(db: Queryable): Promise<CatalogueProfessor[]> {
  const { rows } = await db.query<Row>(`${SELECT} ORDER BY p.position, p.name`);
  return rows.map(toProfessor);
}

export async function findProfessor(db: Queryable, id: string, lock = false): Promise<CatalogueProfessor | null> {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const { rows } = await db.query<Row>(`${SELECT} WHERE p.id = $1${lock ? ' FOR UPDATE OF p' : ''}`, [id]);
  return rows[0] ? toProfessor(rows[0]) : null;
}

async function setCourses(client: Queryable, id: string, courseIds: string[]): Promise<void> {
  const unique = [...new Set(courseIds)];
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM courses WHERE id = ANY($1::char(24)[])', [unique]);
  if (Number(rows[0]?.n ?? 0) !== unique.length) throw invalidField('course_ids', UNKNOWN_COURSE_MESSAGE);
  await client.query('DELETE FROM professor_courses WHERE professor_id = $1', [id]);
  await client.query('INSERT INTO professor_courses (professor_id, course_id) SELECT $1, unnest($2::char(24)[])', [id, unique]);
}

const editable = ({ _id, version, ...fields }: CatalogueProfessor): Record<string, unknown> => fields;

export async function createProfessor(client: Queryable, input: ProfessorInput, by: string): Promise<CatalogueProfessor> {
  const id = newId();
  await client.query(
    `INSERT INTO professors (id, name, title, credentials, bio, position, sample) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
    [id, input.name, input.title, JSON.stringify(input.credentials), input.bio, input.position, input.sample],
  );
  await setCourses(client, id, input.course_ids);
  const created = (await findProfessor(client, id)) as CatalogueProfessor;
  await recordChange(client, { kind: 'professor', itemId: id, by, before: null, after: editable(created) });
  return created;
}

/** The locked current row if `version` is current; else 404 / 409 `{ current }`. */
export async function currentProfessor(client: Queryable, id: string, version: number | null): Promise<CatalogueProfessor> {
  const current = await findProfessor(client, id, true);
  if (!current) throw new NotFound(PROFESSOR_NOT_FOUND_MESSAGE);
  if (version !== null && current.version !== version) throw new Conflict(PROFESSOR_CONFLICT_MESSAGE, { current });
  return current;
}

export async function updateProfessor(
  client: Queryable,
  id: string,
  version: number,
  input: ProfessorInput,
  by: string,
): Promise<CatalogueProfessor> {
  const current = await currentProfessor(client, id, version);
  const updated = await client.query(
    `UPDATE professors SET name = $3, title = $4, credentials = $5::jsonb, bio = $6, position = $7, sample = $8, version = version + 1
      WHERE id = $1 AND version = $2`,
    [id, version, input.name, input.title, JSON.stringify(input.credentials), input.bio, input.position, input.sample],
  );
  if (updated.rowCount === 0) throw new Conflict(PROFESSOR_CONFLICT_MESSAGE, { current });
  await setCourses(client, id, input.course_ids);
  const saved = (await findProfessor(client, id)) as CatalogueProfessor;
  await recordChange(client, { kind: 'professor', itemId: id, by, before: editable(current), after: editable(saved) });
  return saved;
}

export async function deleteProfessor(client: Queryable, id: string, version: number, by: string): Promise<void> {
  const current = await currentProfessor(client, id, version);
  await client.query('DELETE FROM professors WHERE id = $1', [id]);
  await recordChange(client, { kind: 'professor', itemId: id, by, before: editable(current), after: null });
}
