/** A contract's PDF as the API serves it (issue 34): inline, never cached, never sniffed as another type. */
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { answerComponents } from '../openapi/answer-schema';
import { fileAnswer } from '../openapi/registry';

const pdfBytes = z.string();
answerComponents.add(pdfBytes, { id: 'ContractPdf', description: 'An enrolment contract as a PDF.' });
export const pdfAnswer = fileAnswer(
  pdfBytes,
  'application/pdf',
  'The contract PDF: the one to sign, or the final one with its signature page.',
);

export function sendPdf(reply: FastifyReply, file: { bytes: Buffer; version: number; final: boolean }): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="enrolment-contract-v${file.version}${file.final ? '-signed' : ''}.pdf"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(file.bytes);
}
