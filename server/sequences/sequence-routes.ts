/**
 * Sequences under /api/crm: admins list, create and edit them (steps, enrolment rules, exit stages,
 * pause and resume); staff see and change a lead's sequences (enrol, remove) from the lead page.
 */
import type { AppContext } from '../context';
import type { LeadEnrolments, Sequence, SequenceList } from '../../src/sequences-contract';
import { staffOf } from '../auth/guards';
import { HttpError } from '../http/errors';
import { auditWho } from '../audit/audit-log';
import { errorAnswer, messageAnswer } from '../openapi/answers-public';
import { leadEnrolmentsAnswer, sequenceAnswer, sequenceListAnswer } from './answers';
import { createSequence, findSequence, listSequences, SEQUENCE_NOT_FOUND_MESSAGE, updateSequence } from './sequence-store';
import { enrolByHand, leadEnrolments, removeByHand } from './lead-enrolments';
import { enrolmentParams, enrolSchema, sequenceChangeSchema, sequenceSchema } from './sequence-input';
import { kickSweep } from './engine';
import { LEAD_NOT_FOUND_MESSAGE } from '../crm';
import { idParams, type ApiInstance, typedScope } from '../routes/route-schema';

const EXAMPLE = {
  name: 'Full-time follow-up',
  paused: false,
  exit_stages: [5],
  rules: [{ course_type: 1, location: 2 }],
  steps: [
    { kind: 'email', template_id: '1' },
    { kind: 'wait', days: 2 },
    { kind: 'task', task_type: 1, subject: 'Call about the intake' },
  ],
};

export function registerSequenceRoutes(api: ApiInstance, ctx: AppContext): void {
  const found = async (id: string): Promise<Sequence> => {
    const sequence = await findSequence(ctx.db.pool, id);
    if (!sequence) throw new HttpError(404, SEQUENCE_NOT_FOUND_MESSAGE);
    return sequence;
  };
  const leadExists = async (id: string) => {
    const known = /^[0-9a-f]{24}$/.test(id) && (await ctx.db.pool.query('SELECT 1 FROM leads WHERE id = $1', [id])).rows.length > 0;
    if (!known) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
  };

  void api.register(
    typedScope((crm) => {
      crm.get(
        '/sequences',
        {
          config: { access: 'staff' },
          schema: { summary: 'Every sequence, with the e-mail templates a step may send', response: { 200: sequenceListAnswer } },
        },
        async (): Promise<SequenceList> => {
          const { rows } = await ctx.db.pool.query<{ id: string; name: string }>(
            'SELECT id::text AS id, name FROM email_templates WHERE retired_at IS NULL ORDER BY lower(name)',
          );
          return { sequences: await listSequences(ctx.db.pool), templates: rows };
        },
      );

      crm.post(
        '/sequences',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'Create a sequence',
            body: sequenceSchema,
            example: EXAMPLE,
            response: { 201: sequenceAnswer, 409: errorAnswer },
          },
        },
        async (request, reply) => {
          const id = await createSequence(ctx.db, request.body, auditWho(request));
          return reply.status(201).send(await found(id));
        },
      );

      crm.put(
        '/sequences/:id',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'Change a sequence (edits apply to steps not yet due), naming the version read',
            params: idParams,
            body: sequenceChangeSchema,
            example: { ...EXAMPLE, version: 1 },
            response: { 200: sequenceAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          const saved = await updateSequence(ctx.db, request.params.id, request.body, auditWho(request));
          if (!saved.found) throw new HttpError(404, SEQUENCE_NOT_FOUND_MESSAGE);
          // Resumed: the steps that fell due while it was paused get their jobs now, not at the minute.
          if (saved.resumed) await kickSweep(ctx.jobs);
          return found(request.params.id);
        },
      );

      crm.get(
        '/leads/:id/sequences',
        {
          config: { access: 'staff' },
          schema: {
            summary: "A lead's sequences, current and past",
            params: idParams,
            response: { 200: leadEnrolmentsAnswer, 404: errorAnswer },
          },
        },
        async (request): Promise<LeadEnrolments> => {
          await leadExists(request.params.id);
          return { enrolments: await leadEnrolments(ctx.db.pool, request.params.id) };
        },
      );

      crm.post(
        '/leads/:id/sequences',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Enrol a lead in a sequence by hand',
            params: idParams,
            body: enrolSchema,
            example: { sequence_id: '1' },
            response: { 201: messageAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request, reply) => {
          await leadExists(request.params.id);
          await enrolByHand(ctx.db, ctx.jobs, request.params.id, request.body.sequence_id, staffOf(request).user._id);
          return reply.status(201).send({ message: 'The lead is in the sequence.' });
        },
      );

      crm.delete(
        '/leads/:id/sequences/:enrolmentId',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Remove a lead from a sequence',
            params: enrolmentParams,
            response: { 200: messageAnswer, 404: errorAnswer },
          },
        },
        async (request) => {
          await leadExists(request.params.id);
          await removeByHand(ctx.db, request.params.id, request.params.enrolmentId, staffOf(request).user._id);
          return { message: 'The lead left the sequence.' };
        },
      );
    }),
    { prefix: '/crm' },
  );
}
