/**
 * Applications for the staff side's tests (issue 33), inserted as rows: a lead (with an owner), its
 * submitted application with answers, checklist items of its program and uploaded documents
 * (their files are not written: review never opens them).
 */
import crypto from 'node:crypto';
import type { TestServer } from './server';

export const newId = (): string => crypto.randomBytes(12).toString('hex');

export interface TestApplication {
  id: string;
  leadId: string;
  email: string;
  /** Document ids, one per checklist item, in the items' order. */
  documents: string[];
  items: { id: string; title: string }[];
}

export interface ApplicationFixture {
  courseId: string;
  ownerId?: string | null;
  intakeId?: string | null;
  status?: string;
  firstName?: string;
  lastName?: string;
  /** Names typed in the application; the lead's when absent. */
  answers?: Record<string, unknown>;
  /** Checklist items to upload a document for: the program's items of these titles, made when missing. */
  documents?: string[];
}

export async function insertIntake(server: TestServer, courseId: string, startDate: string): Promise<string> {
  const id = newId();
  await server.db.pool.query(
    `INSERT INTO intakes (id, course_id, start_date, end_date, schedule, delivery_mode) VALUES ($1, $2, $3::date, $3::date + 300, 'Weekdays', 1)`,
    [id, courseId, startDate],
  );
  return id;
}

export async function insertApplication(server: TestServer, fixture: ApplicationFixture): Promise<TestApplication> {
  const q = (text: string, values: unknown[]) => server.db.pool.query(text, values);
  const leadId = newId();
  const id = newId();
  const email = `applicant.${id.slice(0, 8)}@example.com`;
  await q(
    `INSERT INTO leads (id, first_name, last_name, email, phone, source, location, course_id, owner_id)
     VALUES ($1, $2, $3, $4, '4165550100', 1, 1, $5, $6)`,
    [leadId, fixture.firstName ?? 'Grace', fixture.lastName ?? 'Hopper', email, fixture.courseId, fixture.ownerId ?? null],
  );
  const status = fixture.status ?? 'submitted';
  await q(
    `INSERT INTO applications (id, lead_id, email, course_id, intake_id, status, answers, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, CASE WHEN $6 = 'started' THEN NULL ELSE now() END)`,
    [id, leadId, email, fixture.courseId, fixture.intakeId ?? null, status, JSON.stringify({ residency: 'local', ...fixture.answers })],
  );
  const items: { id: string; title: string }[] = [];
  const documents: string[] = [];
  for (const [index, title] of (fixture.documents ?? []).entries()) {
    // The program's own item of that title when its checklist has one (seeded from the catalogue).
    const existing = await q(`SELECT id FROM checklist_items WHERE course_id = $1 AND title = $2 AND NOT retired AND applies_to = 'all'`, [
      fixture.courseId,
      title,
    ]);
    const itemId = (existing.rows[0] as { id: string } | undefined)?.id.trim() ?? newId();
    if (!existing.rows[0]) {
      await q(`INSERT INTO checklist_items (id, course_id, title, required, applies_to, position) VALUES ($1, $2, $3, true, 'all', $4)`, [
        itemId,
        fixture.courseId,
        title,
        1000 + index,
      ]);
    }
    const documentId = newId();
    await q(
      `INSERT INTO application_documents (id, application_id, item_id, file_name, content_type, bytes, sha256, sealed_key)
       VALUES ($1, $2, $3, $4, 'application/pdf', 1234, 'not-a-hash', 'not-a-key')`,
      [documentId, id, itemId, `${title.toLowerCase().replace(/\W+/g, '-')}.pdf`],
    );
    items.push({ id: itemId, title });
    documents.push(documentId);
  }
  return { id, leadId, email, documents, items };
}
