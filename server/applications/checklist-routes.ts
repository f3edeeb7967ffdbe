/**
 * A program's document checklist in the CRM (issue 33): any signed-in staff member reads it; admins
 * and catalogue editors replace it (items removed are retired, since documents point at them).
 * Each change is one transaction with its audit entry.
 */
import type { AppContext } from '../context';
import { auditWho, recordAudit } from '../audit/audit-log';
import { errorAnswer } from '../openapi/answers-public';
import { fieldErrorsValidator, idParams, type ApiInstance, typedScope } from '../routes/route-schema';
import { checklistSaveExample, checklistSaveSchema, courseChecklistAnswer } from './checklist-schemas';
import { listChecklist, replaceChecklist } from './checklist-store';

export function registerChecklistRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    typedScope((crm) => {
      crm.get(
        '/crm/courses/:id/checklist',
        {
          config: { access: 'staff' },
          schema: {
            summary: "A program's document checklist: its current items in order",
            params: idParams,
            response: { 200: courseChecklistAnswer, 404: errorAnswer },
          },
        },
        async (request) => ({ course_id: request.params.id, items: await listChecklist(ctx.db.pool, request.params.id) }),
      );
      crm.put(
        '/crm/courses/:id/checklist',
        {
          config: { access: 'catalogue_editor' },
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary: "Replace a program's checklist (admins and catalogue editors): items without _id are added, missing ones retired",
            params: idParams,
            body: checklistSaveSchema,
            example: checklistSaveExample,
            response: { 200: courseChecklistAnswer, 400: errorAnswer, 404: errorAnswer },
          },
        },
        async (request) => {
          const courseId = request.params.id;
          const change = await ctx.db.transaction(async (tx) => {
            const done = await replaceChecklist(tx, courseId, request.body.items);
            await recordAudit(tx, {
              ...auditWho(request),
              action: 'application.checklist_changed',
              details: { course_id: courseId, items: done.items.map((i) => i.title), added: done.added, retired: done.retired },
            });
            return done;
          });
          request.log.info({ courseId, items: change.items.length, retired: change.retired }, 'applications: checklist saved');
          return { course_id: courseId, items: change.items };
        },
      );
    }),
  );
}
