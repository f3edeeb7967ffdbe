/**
 * Professors' photos at their public address (outside /api, like the site's own images):
 * /media/professors/<random id>.webp (WebP when the client's Accept names it, the JPEG otherwise,
 * `Vary: Accept`) and .jpg (always the JPEG), by exact id, with `nosniff`, a CSP that lets nothing
 * run, and caching for a year (a new upload gets a new address). Uploads are catalogue editing's
 * (server/catalogue-edit/photo-routes.ts), which stores them.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { findPhoto, type StoredPhoto } from '../catalogue-edit';
import { EXTENSIONS } from '../catalogue-edit/image-check';

const NOT_FOUND = 'There is no such photo.';

/** Which bytes answer a request for `<id>.<ext>`; null when that name does not exist. */
function pick(photo: StoredPhoto, ext: string, accept: string): { type: string; bytes: Buffer; negotiated: boolean } | null {
  if (photo.jpeg_bytes && photo.content_type === 'image/webp') {
    if (ext === 'jpg') return { type: 'image/jpeg', bytes: photo.jpeg_bytes, negotiated: false };
    if (ext !== 'webp') return null;
    return /\bimage\/webp\b/i.test(accept)
      ? { type: 'image/webp', bytes: photo.bytes, negotiated: true }
      : { type: 'image/jpeg', bytes: photo.jpeg_bytes, negotiated: true };
  }
  // A photo stored before re-encoding: its one file, under its own extension.
  return EXTENSIONS[photo.content_type] === ext ? { type: photo.content_type, bytes: photo.bytes, negotiated: false } : null;
}

/** The public address of photos (outside /api, like the site's own images). */
export function registerProfessorPhotoMedia(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { file: string } }>('/media/professors/:file', async (request, reply) => {
    const match = /^([0-9a-f]{24})\.(png|jpg|webp)$/.exec(request.params.file);
    const photo = match ? await findPhoto(ctx.db.pool, match[1] as string) : null;
    const chosen = match && photo ? pick(photo, match[2] as string, request.headers.accept ?? '') : null;
    if (!chosen) throw new HttpError(404, NOT_FOUND);
    if (chosen.negotiated) reply.header('Vary', 'Accept');
    return reply
      .header('Content-Type', chosen.type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', 'inline')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(chosen.bytes);
  });
}
