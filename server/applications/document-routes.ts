/**
 * Issue 33: checklist documents. The applicant uploads a file per checklist item (PUT, the raw
 * file as the body, not multipart) and reads back their own; staff who may see the application
 * read any of its documents, each view audited before the file is sent. Files are served with a
 * CSP sandbox, `nosniff` and no caching. The program checklist's CRM routes are registered here too.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { auditWho, recordAudit } from '../audit/audit-log';
import { staffOf } from '../auth/guards';
import { NotFound } from '../domain-errors';
import { errorAnswer } from '../openapi/answers-public';
import { type ApiInstance, type ZodTypeProvider, typedScope } from '../routes/route-schema';
import { applicantOf } from './applicant-session';
import { applicationViewOf, visibleApplication } from './staff-visibility';
import { registerChecklistRoutes } from './checklist-routes';
import { applicationDocumentAnswer, documentFileAnswer } from './document-answers';
import { declaredLength, DOCUMENT_BODY_LIMIT, DOCUMENT_MEDIA_TYPES, readBody, uploadedFileName } from './document-body';
import { checkDocument } from './document-check';
import { DOCUMENT_NOT_FOUND, readDocument, type DocumentRow } from './document-store';
import { storeDocument, uploadableItem } from './document-upload';
import { applicationOf, requireApplicationOf } from './application-store';

/** The request's stream, kept off the body's enumerable fields so request checks never walk it. */
class UploadBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

const itemParams = z.object({ itemId: z.string() });
const documentParams = z.object({ documentId: z.string() });
const staffDocumentParams = z.object({ id: z.string(), documentId: z.string() });

/** A file in the answer: the browser may show it, never run it or guess another type. */
function sendFile(reply: FastifyReply, row: DocumentRow, bytes: Buffer): FastifyReply {
  const ascii = row.file_name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('Content-Type', row.content_type)
    .header('Content-Disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(bytes);
}

function registerUpload(api: ApiInstance, ctx: AppContext): void {
  void api.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    // Any type reaches the route, which decides by the bytes and names the file when it refuses.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, new UploadBody(payload)));
    uploads.put(
      '/applicant/application/documents/:itemId',
      {
        config: { access: 'applicant' },
        bodyLimit: DOCUMENT_BODY_LIMIT,
        schema: {
          summary: "Upload the applicant's document for a checklist item: the raw file as the body (PDF, JPEG or PNG, at most 10 MB)",
          params: itemParams,
          headerParams: [{ name: 'X-File-Name', description: "The file's name, URI-encoded (encodeURIComponent).", schema: z.string() }],
          rawBody: {
            mediaTypes: DOCUMENT_MEDIA_TYPES,
            description: "The file's bytes. Its type is read from the bytes, whatever Content-Type says: a PDF, JPEG or PNG (else 415).",
          },
          response: { 201: applicationDocumentAnswer, 404: errorAnswer, 409: errorAnswer, 411: errorAnswer },
        },
      },
      async (request, reply) => {
        const { email } = applicantOf(request);
        const item = await uploadableItem(ctx.db.pool, await requireApplicationOf(ctx.db.pool, email), request.params.itemId);
        const fileName = uploadedFileName(request.headers['x-file-name'], item.title);
        const length = declaredLength(request, fileName);
        const body = request.body instanceof UploadBody ? request.body.stream : null;
        if (!body) throw new NotFound(DOCUMENT_NOT_FOUND);
        const checked = await checkDocument(await readBody(body, length, fileName), fileName, request.headers['content-type']);
        const document = await storeDocument(ctx, email, item._id, fileName, checked);
        request.log.info(
          { documentId: document._id, type: document.content_type, bytes: document.bytes },
          'applications: document uploaded',
        );
        return reply.status(201).send(document);
      },
    );
  });
}

export function registerApplicationDocumentRoutes(api: ApiInstance, ctx: AppContext): void {
  registerUpload(api, ctx);

  api.get(
    '/applicant/documents/:documentId',
    {
      config: { access: 'applicant' },
      schema: {
        summary: "One of the signed-in applicant's own documents, as a file shown inline",
        params: documentParams,
        response: { 200: documentFileAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const application = await applicationOf(ctx.db.pool, applicantOf(request).email);
      const { row, bytes } = await readDocument(ctx, request.params.documentId);
      // Another applicant's document answers exactly as an unknown one.
      if (!application || row.application_id !== application.id) throw new NotFound(DOCUMENT_NOT_FOUND);
      return sendFile(reply, row, bytes);
    },
  );

  void api.register(
    typedScope((crm) => {
      crm.get(
        '/crm/applications/:id/documents/:documentId',
        {
          config: { access: 'staff' },
          schema: {
            summary: "An applicant's document, shown inline to staff who may see the application; every view is audited",
            params: staffDocumentParams,
            response: { 200: documentFileAnswer, 404: errorAnswer },
          },
        },
        async (request, reply) => {
          const { id, documentId } = request.params;
          // Out of view answers as an unknown application (staff-visibility.ts).
          await visibleApplication(ctx.db.pool, await applicationViewOf(ctx.db.pool, staffOf(request).user._id), id);
          const { row, bytes } = await readDocument(ctx, documentId);
          if (row.application_id !== id) throw new NotFound(DOCUMENT_NOT_FOUND);
          await recordAudit(ctx.db.pool, {
            ...auditWho(request),
            action: 'application.document_viewed',
            details: { application_id: id, document_id: row.id, file_name: row.file_name },
          });
          return sendFile(reply, row, bytes);
        },
      );
    }),
  );

  registerChecklistRoutes(api, ctx);
}
