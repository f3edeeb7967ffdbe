/**
 * A professor's photo, kept in the database (so every instance serves it) under a fresh random
 * id: a new upload gets a new id and address, so the address can be cached for ever. Served by
 * exact id lookup only; nothing is ever read from disk or named after the uploaded file.
 */
import type { Queryable } from '../db/database';
import type { CatalogueProfessor } from '../../src/crm-catalogue-contract';
import { newId } from '../auth/tokens';
import { recordChange } from './change-log';
import type { ImageType } from './image-check';
import type { EncodedPhoto } from './photo-encode';
import { currentProfessor, findProfessor } from './professor-store';

export interface StoredPhoto {
  content_type: ImageType;
  bytes: Buffer;
  /** The JPEG twin of a re-encoded WebP photo (null for photos stored before re-encoding). */
  jpeg_bytes: Buffer | null;
}

/** Stores a re-encoded photo (photo-encode.ts): the WebP is the photo; the JPEG serves clients without WebP. */
export async function savePhoto(client: Queryable, professorId: string, photo: EncodedPhoto, by: string): Promise<CatalogueProfessor> {
  const current = await currentProfessor(client, professorId, null);
  await client.query('DELETE FROM professor_photos WHERE professor_id = $1', [professorId]);
  await client.query(
    `INSERT INTO professor_photos (id, professor_id, content_type, width, height, bytes, jpeg_bytes) VALUES ($1, $2, 'image/webp', $3, $4, $5, $6)`,
    [newId(), professorId, photo.width, photo.height, photo.webp, photo.jpeg],
  );
  return photoChanged(client, professorId, by, current, true);
}

export async function removePhoto(client: Queryable, professorId: string, by: string): Promise<CatalogueProfessor> {
  const current = await currentProfessor(client, professorId, null);
  const deleted = await client.query('DELETE FROM professor_photos WHERE professor_id = $1', [professorId]);
  return photoChanged(client, professorId, by, current, Boolean(deleted.rowCount));
}

/** After a photo is stored or removed: a new version (when a row changed), the professor as saved, and the change in the log. */
async function photoChanged(
  client: Queryable,
  professorId: string,
  by: string,
  before: CatalogueProfessor,
  changed: boolean,
): Promise<CatalogueProfessor> {
  if (changed) await client.query('UPDATE professors SET version = version + 1 WHERE id = $1', [professorId]);
  const saved = (await findProfessor(client, professorId)) as CatalogueProfessor;
  await recordChange(client, {
    kind: 'professor',
    itemId: professorId,
    by,
    before: { photo: before.photo },
    after: { photo: saved.photo },
  });
  return saved;
}

export async function findPhoto(db: Queryable, photoId: string): Promise<StoredPhoto | null> {
  if (!/^[0-9a-f]{24}$/.test(photoId)) return null;
  const { rows } = await db.query<StoredPhoto>('SELECT content_type, bytes, jpeg_bytes FROM professor_photos WHERE id = $1', [photoId]);
  return rows[0] ?? null;
}
