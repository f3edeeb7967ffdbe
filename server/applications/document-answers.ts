/**
 * The answer shapes of applicants' documents (issue 33), for the API description: the document is
 * src/application-schemas.ts's schema, named here; the file itself is described here.
 */
import { z } from 'zod';
import type { ApplicationDocument } from '../../src/application-contract';
import { applicationDocumentSchema } from '../../src/application-schemas';
import { answerComponents, answerSchema } from '../openapi/answer-schema';
import { fileAnswer } from '../openapi/registry';

export const applicationDocumentAnswer = answerSchema<ApplicationDocument>()('ApplicationDocument', applicationDocumentSchema);

const documentBytes = z.string();
answerComponents.add(documentBytes, { id: 'DocumentFile', description: "An applicant's document: a PDF, JPEG or PNG file." });
export const documentFileAnswer = fileAnswer(
  documentBytes,
  'application/pdf',
  'The document as stored (a PDF, or a JPEG or PNG picture: see Content-Type), inline, never cached.',
);
