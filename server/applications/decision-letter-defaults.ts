/**
 * The four decision letters the college starts with (issue 33); admins edit them in the CRM.
 * Seeded once (ON CONFLICT DO NOTHING), so an edited letter is never overwritten by a restart.
 */
import type { Queryable } from '../db/database';
import type { DecisionLetter } from '../../src/application-contract';

export const DEFAULT_DECISION_LETTERS: readonly DecisionLetter[] = [
  {
    decision: 'admitted',
    subject: 'Your admission to {{college}}',
    body: `Dear {{first_name}} {{last_name}},

Congratulations! We are pleased to offer you admission to {{program}}, starting {{intake}}.

Please sign in to your application to accept the offer, decline it, or ask to defer to a later intake.

We look forward to welcoming you to {{college}}.`,
  },
  {
    decision: 'conditionally_admitted',
    subject: 'Your conditional admission to {{college}}',
    body: `Dear {{first_name}} {{last_name}},

We are pleased to offer you conditional admission to {{program}}, starting {{intake}}.

Your admission becomes final once you meet these conditions:
{{conditions}}

Please sign in to your application to accept the offer, decline it, or ask to defer to a later intake.`,
  },
  {
    decision: 'waitlisted',
    subject: 'Your application to {{college}}',
    body: `Dear {{first_name}} {{last_name}},

Thank you for applying to {{program}}, starting {{intake}}. The program is full at the moment, and we have placed you on its waitlist.

We will write to you as soon as a seat opens up.`,
  },
  {
    decision: 'declined',
    subject: 'Your application to {{college}}',
    body: `Dear {{first_name}} {{last_name}},

Thank you for applying to {{program}}. After careful review, we are unable to offer you admission at this time.

Our admissions team is glad to talk about other programs or a later intake with you.`,
  },
];

/** Called by the seed (server/db/seed.ts) on every start: adds a missing letter, keeps an edited one. */
export async function seedDecisionLetters(client: Queryable): Promise<void> {
  for (const letter of DEFAULT_DECISION_LETTERS) {
    await client.query('INSERT INTO decision_letters (decision, subject, body) VALUES ($1, $2, $3) ON CONFLICT (decision) DO NOTHING', [
      letter.decision,
      letter.subject,
      letter.body,
    ]);
  }
}
