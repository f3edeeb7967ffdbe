/**
 * The answer shapes of the public API: errors, leads, health; and the order in which the public
 * features' answers (catalogue reads, search, people) are named among them.
 */
import { z } from 'zod';
import type { HealthAnswer, MessageAnswer } from '../../src/contract';
import { leadAnswerSchema } from '../../src/lead-schemas';
import { nameCatalogueAnswers, namePeopleAnswers } from '../catalogue/answer-components';
import { nameSearchAnswer } from '../search/answer-components';
import { answerComponents, answerSchema } from './answer-schema';

/**
 * Every error answer: a `message` fit to show a person, and on a form's 400 `errors` (field →
 * message). Some calls add a field the client acts on, listed here; any other field is a drift.
 */
export const errorAnswer = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** Lead creation answers every error as `{status: 'error', message}` (the widget's shape). */
  status: z.literal('error').optional(),
  /** 409 on a stale write: the record's current version. */
  version: z.number().int().optional(),
  /** 401 on the second sign-in step: start again with e-mail and password. */
  challengeExpired: z.literal(true).optional(),
  /** 403 for an account that must first set up two-factor sign-in. */
  twoFactorSetupRequired: z.literal(true).optional(),
  /** 409 for a check-in before the event's day: sent again with early: true once staff confirm. */
  early_check_in: z.literal(true).optional(),
  /** 400 for an event start in the past: sent again with confirm_past_date: true once the editor confirms. */
  past_date: z.literal(true).optional(),
});
answerComponents.add(errorAnswer, { id: 'ErrorAnswer', description: 'Every error: a message to show, field errors on a 400.' });

export const messageAnswer = answerSchema<MessageAnswer>()('MessageAnswer', z.object({ message: z.string() }));

// The catalogue's reads and the search: their schemas are written once in src/ and named by their
// features; every route's module loads this one, so they are named before the document is built.
nameCatalogueAnswers();
nameSearchAnswer();

/** POST /api/leads (written once in src/lead-schemas.ts). */
answerComponents.add(leadAnswerSchema, { id: 'LeadAnswer' });
export const leadAnswer = leadAnswerSchema;

export const healthAnswer = answerSchema<HealthAnswer>()(
  'HealthAnswer',
  z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
    version: z.string(),
    spooled_leads: z.number().int(),
  }),
);

/** GET /api/openapi.json: this document (validated as OpenAPI 3.1 by the API test, not here). */
export const openApiDocumentAnswer = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
answerComponents.add(openApiDocumentAnswer, { id: 'OpenApiDocument' });

// The catalogue's people and results (GET /api/professors, GET /api/kpi).
namePeopleAnswers();
