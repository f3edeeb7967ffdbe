/**
 * Decision letters (issue 33): read and saved by staff (saving: admins, audited), and filled for
 * one applicant (fillLetter in src/application-contract.ts, shared with the CRM's preview).
 */
import { z } from 'zod';
import type { Queryable } from '../db/database';
import { DECISIONS, type Decision, type DecisionLetter } from '../../src/application-contract';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { DEFAULT_DECISION_LETTERS } from './decision-letter-defaults';

export const LETTER_SUBJECT_MESSAGE = 'Please enter a subject (at most 200 characters).';
export const LETTER_BODY_MESSAGE = 'Please enter the letter (at most 10,000 characters).';
export const DECISION_MESSAGE = 'Please choose a decision: admitted, conditionally admitted, waitlisted or declined.';

export const decisionField = z.enum(
  DECISIONS.map((d) => d.id),
  { error: DECISION_MESSAGE },
);

export const letterSchema = z.object({
  decision: decisionField,
  subject: z
    .string({ error: LETTER_SUBJECT_MESSAGE })
    .trim()
    .min(1, { error: LETTER_SUBJECT_MESSAGE })
    .max(200, { error: LETTER_SUBJECT_MESSAGE }),
  body: z.string({ error: LETTER_BODY_MESSAGE }).trim().min(1, { error: LETTER_BODY_MESSAGE }).max(10_000, { error: LETTER_BODY_MESSAGE }),
});

const order = (decision: Decision) => DECISIONS.findIndex((d) => d.id === decision);

/** Every letter, in the order of DECISIONS; a letter missing from the table reads as its default. */
export async function decisionLetters(db: Queryable): Promise<DecisionLetter[]> {
  const { rows } = await db.query<DecisionLetter>('SELECT decision, subject, body FROM decision_letters');
  const stored = new Map(rows.map((r) => [r.decision, r]));
  return DEFAULT_DECISION_LETTERS.map((d) => stored.get(d.decision) ?? d).sort((a, b) => order(a.decision) - order(b.decision));
}

export async function letterOf(db: Queryable, decision: Decision): Promise<DecisionLetter> {
  const letters = await decisionLetters(db);
  const letter = letters.find((l) => l.decision === decision);
  if (!letter) throw new Error(`no letter for ${decision}`);
  return letter;
}

export async function saveDecisionLetter(tx: Queryable, letter: DecisionLetter, who: AuditWho): Promise<void> {
  await tx.query(
    `INSERT INTO decision_letters (decision, subject, body, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (decision) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [letter.decision, letter.subject, letter.body, who.actorId],
  );
  await recordAudit(tx, { ...who, action: 'application.letter_changed', details: { decision: letter.decision } });
}
