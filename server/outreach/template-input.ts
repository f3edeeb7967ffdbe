/**
 * What a template save must hold: a name, a kind, a subject and a body, every field in them known
 * (an unknown one is refused naming it, under the part it is in). Messages fit to show beside the
 * Templates page's fields (`errors`).
 */
import { z } from 'zod';
import { TEMPLATE_KINDS, type TemplateKind } from '../../src/outreach-contract';
import { unknownFieldMessage } from './template-fields';

export const TEMPLATE_KIND_MESSAGE = 'Please choose whether the template is commercial or transactional.';

const text = (missing: string, max: number, what: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `The ${what} is too long (at most ${max} characters).` })
    .superRefine((value, context) => {
      const unknown = unknownFieldMessage(value);
      if (unknown) context.addIssue({ code: 'custom', message: unknown });
    });

export const templateSchema = z.object(
  {
    name: text('Please name the template.', 120, 'name'),
    kind: z.enum(TEMPLATE_KINDS.map((kind): TemplateKind => kind.id) as [TemplateKind, ...TemplateKind[]], {
      error: TEMPLATE_KIND_MESSAGE,
    }),
    subject: text('Please write the subject.', 200, 'subject'),
    body: text('Please write the message.', 10_000, 'message'),
  },
  { error: 'Please fill in the template.' },
);

export type TemplateInput = z.output<typeof templateSchema>;
