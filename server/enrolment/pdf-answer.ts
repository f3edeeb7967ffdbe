/** Enrolment's PDFs as the API serves them (issue 34: contracts, receipts): inline, never cached, never sniffed as another type. */
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

/** Any of enrolment's PDFs (a contract, a receipt) under its file name. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Uint8Array): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${fileName}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(pdf));
}

/** A contract version's PDF: the one to sign, or the final one with its signature page. */
export const sendContractPdf = (reply: FastifyReply, file: { bytes: Buffer; version: number; final: boolean }): FastifyReply =>
  sendPdf(reply, `enrolment-contract-v${file.version}${file.final ? '-signed' : ''}.pdf`, file.bytes);
