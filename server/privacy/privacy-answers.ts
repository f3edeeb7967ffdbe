/**
 * The answer shapes of privacy requests (issue 22) for the routes and the API description: the zod
 * schemas of src/privacy-schemas.ts (the wire types are inferred from them, so the contract is
 * written once), named here as components of the OpenAPI document. A
 * request's staff are the CRM's StaffRef component (the same schema, src/wire-schemas.ts).
 */
import { z } from 'zod';
import { anonymiseAnswerSchema, privacyExportSchema, privacyPanelSchema, privacyRequestSchema } from '../../src/privacy-schemas';
import { answerComponents } from '../openapi/answer-schema';
import { fileAnswer } from '../openapi/registry';

answerComponents.add(privacyRequestSchema, { id: 'PrivacyRequest' });
answerComponents.add(privacyPanelSchema, { id: 'PrivacyPanel' });
answerComponents.add(privacyExportSchema, { id: 'PrivacyExport' });
answerComponents.add(anonymiseAnswerSchema, { id: 'AnonymiseAnswer' });
export {
  anonymiseAnswerSchema as anonymiseAnswer,
  privacyExportSchema as privacyExportAnswer,
  privacyPanelSchema as privacyPanelAnswer,
  privacyRequestSchema as privacyRequestAnswer,
};

const htmlText = z.string();
answerComponents.add(htmlText, { id: 'HtmlPage', description: 'A complete HTML document.' });
export const htmlFileAnswer = fileAnswer(htmlText, 'text/html', 'A printable HTML page (Content-Disposition: attachment).');

export const privacyRequestBody = z.object({
  kind: z.enum(['access', 'withdrawal', 'deletion'], { error: 'Please choose the kind of request: access, withdrawal or deletion.' }),
});
