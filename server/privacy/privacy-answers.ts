/** The privacy calls' answer shapes for the API description, tied to src/privacy-contract.ts. */
import { z } from 'zod';
import type { AnonymiseAnswer, PrivacyExport, PrivacyPanel, PrivacyRequest } from '../../src/privacy-contract';
import { answerComponents, answerSchema, idSchema, instantSchema } from '../openapi/answer-schema';
import { staffRef } from '../openapi/answers-staff';
import { fileAnswer } from '../openapi/registry';

const kind = z.enum(['access', 'withdrawal', 'deletion']);

export const privacyRequestAnswer = answerSchema<PrivacyRequest>()(
  'PrivacyRequest',
  z.object({
    _id: z.string(),
    kind,
    opened_at: instantSchema,
    due_at: instantSchema,
    opened_by: staffRef.nullable(),
    closed_at: instantSchema.nullable(),
    closed_by: staffRef.nullable(),
  }),
);

export const privacyPanelAnswer = answerSchema<PrivacyPanel>()(
  'PrivacyPanel',
  z.object({ email: z.string(), leads: z.number(), anonymised_at: instantSchema.nullable(), requests: z.array(privacyRequestAnswer) }),
);

export const privacyExportAnswer = answerSchema<PrivacyExport>()(
  'PrivacyExport',
  z.object({
    exported_at: instantSchema,
    person: z.object({ email: z.string(), lead_ids: z.array(idSchema) }),
    sections: z.array(z.object({ label: z.string(), table: z.string(), rows: z.array(z.record(z.string(), z.unknown())) })),
  }),
);

export const anonymiseAnswer = answerSchema<AnonymiseAnswer>()(
  'AnonymiseAnswer',
  z.object({ message: z.string(), rows: z.record(z.string(), z.number()) }),
);

const htmlText = z.string();
answerComponents.add(htmlText, { id: 'HtmlPage', description: 'A complete HTML document.' });
export const htmlFileAnswer = fileAnswer(htmlText, 'text/html', 'A printable HTML page (Content-Disposition: attachment).');

export const privacyRequestBody = z.object({
  kind: z.enum(['access', 'withdrawal', 'deletion'], { error: 'Please choose the kind of request: access, withdrawal or deletion.' }),
});
