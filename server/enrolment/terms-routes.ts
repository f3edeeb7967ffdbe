/**
 * The editors of what a contract states (issue 34): a program's contract terms and fees (any staff
 * member reads them; admins and catalogue editors save them whole, version-checked), and the
 * college's enrolment settings (legal name, policies, partial-refund schedule; admins save).
 * Each save is one transaction with its audit entry.
 */
import type { AppContext } from '../context';
import { auditWho, recordAudit } from '../audit/audit-log';
import { staffOf } from '../auth/guards';
import { errorAnswer } from '../openapi/answers-public';
import { fieldErrorsValidator, idParams, type ApiInstance, typedScope } from '../routes/route-schema';
import { enrolmentSettingsAnswer, programTermsAnswer, programTermsConflict } from './answers';
import {
  enrolmentSettingsSaveExample,
  enrolmentSettingsSaveSchema,
  programTermsSaveExample,
  programTermsSaveSchema,
} from './terms-schemas';
import { readEnrolmentSettings, readProgramTerms, saveEnrolmentSettings, saveProgramTerms } from './terms-store';

export function registerProgramTermsRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    typedScope((crm) => {
      crm.get(
        '/crm/courses/:id/enrolment-terms',
        {
          config: { access: 'staff' },
          schema: {
            summary: "A program's contract terms and published fees; nulls are elements a contract would lack",
            params: idParams,
            response: { 200: programTermsAnswer, 404: errorAnswer },
          },
        },
        async (request) => readProgramTerms(ctx.db.pool, request.params.id),
      );
      crm.put(
        '/crm/courses/:id/enrolment-terms',
        {
          config: { access: 'catalogue_editor' },
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary:
              "Save a program's contract terms and fees whole (admins and catalogue editors): fees without _id added, missing ones retired",
            params: idParams,
            body: programTermsSaveSchema,
            example: programTermsSaveExample,
            response: { 200: programTermsAnswer, 400: errorAnswer, 404: errorAnswer, 409: programTermsConflict },
          },
        },
        async (request) => {
          const courseId = request.params.id;
          const saved = await ctx.db.transaction(async (tx) => {
            const terms = await saveProgramTerms(tx, courseId, request.body, staffOf(request).user._id);
            await recordAudit(tx, {
              ...auditWho(request),
              action: 'enrolment.terms_changed',
              details: {
                course_id: courseId,
                version: terms.version,
                fees: terms.fees.map((fee) => `${fee.label} (${fee.applies_to}): ${fee.amount_cents ?? 'no amount'}`),
              },
            });
            return terms;
          });
          request.log.info({ courseId, version: saved.version, fees: saved.fees.length }, 'enrolment: contract terms saved');
          return saved;
        },
      );
      crm.get(
        '/crm/enrolment/settings',
        {
          config: { access: 'staff' },
          schema: {
            summary: "The college's enrolment settings: legal name, policies and the partial-refund schedule",
            response: { 200: enrolmentSettingsAnswer },
          },
        },
        async () => readEnrolmentSettings(ctx.db.pool),
      );
      crm.put(
        '/crm/enrolment/settings',
        {
          config: { access: 'admin' },
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary: 'Save the enrolment settings (admins); a refund schedule needs the section of the regulation it comes from',
            body: enrolmentSettingsSaveSchema,
            example: enrolmentSettingsSaveExample,
            response: { 200: enrolmentSettingsAnswer, 400: errorAnswer },
          },
        },
        async (request) => {
          const saved = await ctx.db.transaction(async (tx) => {
            const settings = await saveEnrolmentSettings(tx, request.body, staffOf(request).user._id);
            await recordAudit(tx, {
              ...auditWho(request),
              action: 'enrolment.settings_changed',
              details: {
                legal_name: settings.legal_name,
                policies: settings.policies.map((p) => p.key),
                refund_schedule: settings.refund_schedule,
                refund_schedule_source: settings.refund_schedule_source,
              },
            });
            return settings;
          });
          request.log.info({ steps: saved.refund_schedule?.length ?? 0 }, 'enrolment: settings saved');
          return saved;
        },
      );
    }),
  );
}
