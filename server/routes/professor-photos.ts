/**
 * Professor photos. Upload: PUT /api/crm/catalogue/professors/:id/photo with the raw image as the
 * body (at most 2 MB, 413 above); the type is decided by the bytes, whatever the Content-Type says,
 * and anything but a PNG, JPEG or WebP picture is refused with 415. Served at
 * /media/professors/<random id>.<ext> by exact id, with the checked type, `nosniff`, a CSP that
 * lets nothing run, and caching for a year (a new upload gets a new address).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { staffOf } from '../auth/guard';
import { HttpError } from '../http/errors';
import { editCatalogue } from '../catalogue-edit/edit-transaction';
import { EXTENSIONS, inspectImage } from '../catalogue-edit/image-check';
import { findPhoto, removePhoto, savePhoto } from '../catalogue-edit/professor-photos';

export const PHOTO_LIMIT_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPE_MESSAGE = 'Please upload a photo as a JPEG, PNG or WebP picture (at most 6000 pixels on a side).';
export const PHOTO_MISSING_MESSAGE = 'Please choose a photo to upload.';
const NOT_FOUND = 'There is no such photo.';

type IdParams = { Params: { id: string } };
const by = (request: FastifyRequest) => staffOf(request).user._id;

/** Inside the catalogue-editing plugin (its guards apply): every body arrives as raw bytes here. */
export function registerProfessorPhotoUpload(editing: FastifyInstance, ctx: AppContext): void {
  void editing.register(async (photos) => {
    photos.removeAllContentTypeParsers();
    photos.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_LIMIT_BYTES }, (_request, body, done) => done(null, body));

    photos.put<IdParams>('/professors/:id/photo', { bodyLimit: PHOTO_LIMIT_BYTES }, async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : null;
      if (!bytes || bytes.length === 0) throw new HttpError(400, PHOTO_MISSING_MESSAGE);
      const image = inspectImage(bytes);
      if (!image) throw new HttpError(415, PHOTO_TYPE_MESSAGE);
      const professor = await editCatalogue(ctx, request, (client) => savePhoto(client, request.params.id, image, bytes, by(request)));
      request.log.info({ professorId: request.params.id, type: image.type, bytes: bytes.length }, 'catalogue: professor photo uploaded');
      return professor;
    });

    photos.delete<IdParams>('/professors/:id/photo', async (request) =>
      editCatalogue(ctx, request, (client) => removePhoto(client, request.params.id, by(request))));
  });
}

/** The public address of photos (outside /api, like the site's own images). */
export function registerProfessorPhotoMedia(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { file: string } }>('/media/professors/:file', async (request, reply) => {
    const match = /^([0-9a-f]{24})\.(png|jpg|webp)$/.exec(request.params.file);
    const photo = match ? await findPhoto(ctx.db.pool, match[1] as string) : null;
    if (!match || !photo || EXTENSIONS[photo.content_type] !== match[2]) throw new HttpError(404, NOT_FOUND);
    return reply
      .header('Content-Type', photo.content_type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', 'inline')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(photo.bytes);
  });
}
