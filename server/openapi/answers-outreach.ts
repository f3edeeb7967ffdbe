/** The answer shapes of e-mail from the lead page: templates, the compose preview, a sent message. */
import { z } from 'zod';
import type { SentEmail } from '../../src/crm-contract';
import type { ComposePreview, EmailTemplate, SentEmailAnswer, TemplateList } from '../../src/outreach-contract';
import { answerSchema, instantSchema } from './answer-schema';

const kind = z.enum(['commercial', 'transactional']);
const purpose = z.enum(['commercial', 'transactional', 'direct_answer']);

export const emailTemplateAnswer = answerSchema<EmailTemplate>()(
  'EmailTemplate',
  z.object({
    _id: z.string(),
    name: z.string(),
    kind,
    subject: z.string(),
    body: z.string(),
    retired_at: instantSchema.nullable(),
    updated_at: instantSchema,
  }),
);

export const templateListAnswer = answerSchema<TemplateList>()('TemplateList', z.object({ templates: z.array(emailTemplateAnswer) }));

export const composePreviewAnswer = answerSchema<ComposePreview>()(
  'ComposePreview',
  z.object({
    to: z.string(),
    from_name: z.string(),
    subject: z.string(),
    body: z.string(),
    purpose,
    consent: z.string(),
    allowed: z.boolean(),
    reason: z.string().nullable(),
    repliesConnected: z.boolean(),
  }),
);

export const sentEmailAnswer = answerSchema<SentEmailAnswer>()('SentEmailAnswer', z.object({ message: z.string(), email_id: z.string() }));

export const sentEmail = answerSchema<SentEmail>()(
  'SentEmail',
  z.object({
    _id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    purpose,
    consent: z.string(),
    automated: z.boolean(),
  }),
);
