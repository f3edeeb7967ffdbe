/**
 * The answer shapes of e-mail from the lead page: the zod schemas of src/outreach-schemas.ts (the
 * wire types are inferred from them, so the contract is written once), named here as components of
 * the OpenAPI document. Its SentEmail is also a timeline entry's (src/crm-schemas.ts).
 */
import type { SentEmail } from '../../src/crm-contract';
import type { ComposePreview, EmailTemplate, SentEmailAnswer, TemplateList } from '../../src/outreach-contract';
import {
  composePreviewSchema,
  emailTemplateSchema,
  sentEmailAnswerSchema,
  sentEmailSchema,
  templateListSchema,
} from '../../src/outreach-schemas';
import { answerSchema } from './answer-schema';

export const emailTemplateAnswer = answerSchema<EmailTemplate>()('EmailTemplate', emailTemplateSchema);
export const templateListAnswer = answerSchema<TemplateList>()('TemplateList', templateListSchema);
export const composePreviewAnswer = answerSchema<ComposePreview>()('ComposePreview', composePreviewSchema);
export const sentEmailAnswer = answerSchema<SentEmailAnswer>()('SentEmailAnswer', sentEmailAnswerSchema);
export const sentEmail = answerSchema<SentEmail>()('SentEmail', sentEmailSchema);
