/** The answer shapes of applicants' documents (issue 33), for the API description. */
import { z } from 'zod';
import type { ApplicationDocument } from '../../src/application-contract';
import { answerComponents, answerSchema, idSchema, instantSchema } from '../openapi/answer-schema';
import { fileAnswer } from '../openapi/registry';

export const applicationDocumentAnswer = answerSchema<ApplicationDocument>()(
  'ApplicationDocument',
  z.object({
    _id: idSchema,
    item_id: idSchema,
    file_name: z.string(),
    content_type: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
    bytes: z.number().int(),
    status: z.enum(['uploaded', 'accepted', 'returned']),
    return_reason: z.string().nullable(),
    uploaded_at: instantSchema,
  }),
);

const documentBytes = z.string();
answerComponents.add(documentBytes, { id: 'DocumentFile', description: "An applicant's document: a PDF, JPEG or PNG file." });
export const documentFileAnswer = fileAnswer(
  documentBytes,
  'application/pdf',
  'The document as stored (a PDF, or a JPEG or PNG picture: see Content-Type), inline, never cached.',
);
