/**
 * Professor photos. Upload: PUT /api/crm/catalogue/professors/:id/photo with the raw image as the
 * body (at most 2 MB, 413 above); the type is decided by the bytes, whatever the Content-Type says,
 * and anything but a PNG, JPEG or WebP picture is refused with 415. The picture is then re-encoded
 * (server/catalogue-edit/photo-encode.ts): more than 24 megapixels is 413 before decoding, a file
 * that does not decode in full is 415, and what is stored is a WebP and a JPEG without metadata.
 * The public catalogue serves them (server/catalogue/photo-media-routes.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { staffOf } from '../auth/guards';
import { HttpError } from '../http/errors';
import { editCatalogue } from './edit-transaction';
import { EXTENSIONS, inspectImage } from './image-check';
import { removePhoto, savePhoto } from './professor-photos';
import { PhotoRefused, reencodePhoto } from './photo-encode';
import { errorAnswer } from '../openapi/answers-public';
import { catalogueProfessorAnswer } from './answers';
import { idParams, type ApiInstance, type ZodTypeProvider } from '../routes/route-schema';

export const PHOTO_LIMIT_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPE_MESSAGE = 'Please upload a photo as a JPEG, PNG or WebP picture (at most 24 megapixels).';
export const PHOTO_MISSING_MESSAGE = 'Please choose a photo to upload.';

const by = (request: FastifyRequest) => staffOf(request).user._id;

/** Inside the catalogue-editing plugin (its guards apply): every body arrives as raw bytes here. */
export function registerProfessorPhotoUpload(editing: ApiInstance, ctx: AppContext): void {
  void editing.register(async (scope) => {
    const photos = scope.withTypeProvider<ZodTypeProvider>();
    photos.removeAllContentTypeParsers();
    photos.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_LIMIT_BYTES }, (_request, body, done) => done(null, body));

    photos.put(
      '/professors/:id/photo',
      {
        config: { access: 'catalogue_editor' },
        bodyLimit: PHOTO_LIMIT_BYTES,
        schema: {
          summary: `Upload a professor's photo: the raw picture as the body, at most ${PHOTO_LIMIT_BYTES / 2 ** 20} MB`,
          params: idParams,
          rawBody: {
            mediaTypes: Object.keys(EXTENSIONS),
            description: "The picture's bytes. Its type is read from the bytes, whatever Content-Type says: PNG, JPEG or WebP (else 415).",
          },
          response: { 200: catalogueProfessorAnswer, 404: errorAnswer },
        },
      },
      async (request) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : null;
        if (!bytes || bytes.length === 0) throw new HttpError(400, PHOTO_MISSING_MESSAGE);
        const image = inspectImage(bytes);
        if (!image) throw new HttpError(415, PHOTO_TYPE_MESSAGE);
        const photo = await reencodePhoto(bytes, image).catch((error: unknown) => {
          if (error instanceof PhotoRefused) throw new HttpError(error.status, error.message);
          throw error;
        });
        const professor = await editCatalogue(ctx, request, (client) => savePhoto(client, request.params.id, photo, by(request)));
        request.log.info(
          { professorId: request.params.id, type: image.type, bytes: bytes.length, webp: photo.webp.length, jpeg: photo.jpeg.length },
          'catalogue: professor photo uploaded and re-encoded',
        );
        return professor;
      },
    );

    photos.delete(
      '/professors/:id/photo',
      {
        config: { access: 'catalogue_editor' },
        schema: { summary: "Remove a professor's photo", params: idParams, response: { 200: catalogueProfessorAnswer, 404: errorAnswer } },
      },
      async (request) => editCatalogue(ctx, request, (client) => removePhoto(client, request.params.id, by(request))),
    );
  });
}
