/**
 * Issue 33 on both databases: the applicant's documents. Every refusal names the file and leaves
 * nothing behind; files are encrypted at rest (a marker in a PDF appears nowhere under DATA_DIR)
 * and come back byte for byte to their applicant and to staff who may see them; one applicant
 * cannot read another's file; staff views are audited; a returned item uploaded again moves the
 * application back to "Under review".
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { addStaff } from '../support/crm-staff';
import { tinyPng } from '../support/images';
import { createApplicantSession } from '../../server/applications/applicant-session';
import { readChunks } from '../../server/applications/document-chunks';
import { resealDocumentKeys } from '../../server/applications/document-keys';
import { createSecretBox } from '../../server/secrets/secret-box';
import { applicantPaths, crmApplicationPaths, type ApplicationDocument } from '../../src/application-contract';

const START_TIMEOUT_MS = 120_000;
const id24 = () => crypto.randomBytes(12).toString('hex');

async function pdfWith(marker: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  // A PDF comment: legal anywhere, and kept in clear in the file's bytes.
  return Buffer.concat([Buffer.from(await doc.save()), Buffer.from(`\n%${marker}\n`)]);
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

interface Applicant {
  applicationId: string;
  leadId: string;
  token: string;
  email: string;
}

describe.each(bothDatabaseKinds())('applicant documents (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let courseId: string;
  let items: { id: string; title: string; applies_to: string }[];
  /** Every stored chunk of a document, as the database holds it. */
  const storedChunks = async (documentId: string) =>
    (
      await server.db.pool.query<{ sealed: Buffer }>('SELECT sealed FROM application_document_chunks WHERE document_id = $1 ORDER BY n', [
        documentId,
      ])
    ).rows.map((r) => r.sealed);

  async function applicant(status = 'started', residency = 'local', ownerId: string | null = null): Promise<Applicant> {
    const leadId = id24();
    const applicationId = id24();
    const email = `applicant.${leadId.slice(0, 8)}@example.com`;
    await server.db.pool.query(
      `INSERT INTO leads (id, first_name, last_name, email, phone, source, location, owner_id) VALUES ($1, 'Ada', 'Applicant', $2, '4165550100', 1, 1, $3)`,
      [leadId, email, ownerId],
    );
    await server.db.pool.query(
      `INSERT INTO applications (id, lead_id, email, course_id, status, answers) VALUES ($1, $2, $3, $4, $5, jsonb_build_object('residency', $6::text))`,
      [applicationId, leadId, email, courseId, status, residency],
    );
    return { applicationId, leadId, email, token: await createApplicantSession(server.db.pool, email) };
  }

  const itemTitled = (title: string) => {
    const found = items.find((i) => i.title === title);
    if (!found) throw new Error(`no item ${title}`);
    return found.id;
  };

  function upload(who: Applicant, itemId: string, body: Buffer, name: string, type = 'application/pdf') {
    return fetch(`${server.url}${applicantPaths.document(itemId)}`, {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': type, 'X-File-Name': encodeURIComponent(name) },
    });
  }

  async function documentRows(applicationId: string) {
    const { rows } = await server.db.pool.query<{ id: string; status: string }>(
      'SELECT id, status FROM application_documents WHERE application_id = $1 ORDER BY uploaded_at',
      [applicationId],
    );
    return rows;
  }

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await staffToken(server);
    const { rows } = await server.db.pool.query<{ course_id: string }>(
      `SELECT course_id FROM checklist_items WHERE applies_to = 'international' AND NOT retired ORDER BY course_id LIMIT 1`,
    );
    courseId = rows[0]?.course_id ?? '';
    const found = await server.db.pool.query<{ id: string; title: string; applies_to: string }>(
      'SELECT id, title, applies_to FROM checklist_items WHERE course_id = $1 AND NOT retired ORDER BY position',
      [courseId],
    );
    items = found.rows;
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  test('a PDF is stored encrypted and comes back byte for byte to its applicant and to staff, who are audited', async () => {
    const ada = await applicant();
    const marker = `MARKER-${crypto.randomBytes(12).toString('hex')}`;
    const pdf = await pdfWith(marker);
    const res = await upload(ada, itemTitled('Transcript'), pdf, 'transcript.pdf');
    expect(res.status).toBe(201);
    const doc = (await res.json()) as ApplicationDocument;
    expect(doc).toMatchObject({ file_name: 'transcript.pdf', content_type: 'application/pdf', bytes: pdf.length, status: 'uploaded' });

    // Encrypted in the database: not in its rows, and (PGlite) not in any file under DATA_DIR.
    const chunks = await storedChunks(doc._id);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk.includes(Buffer.from(marker))).toBe(false);
    if (kind === 'pglite') await server.db.pool.query('CHECKPOINT');
    for (const file of filesUnder(server.config.dataDir)) expect(fs.readFileSync(file).includes(Buffer.from(marker))).toBe(false);

    const own = await fetch(`${server.url}${applicantPaths.documentFile(doc._id)}`, { headers: { Authorization: `Bearer ${ada.token}` } });
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(pdf)).toBe(true);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(own.headers.get('content-disposition')).toBe(`inline; filename="transcript.pdf"; filename*=UTF-8''transcript.pdf`);

    const staff = await fetch(`${server.url}${crmApplicationPaths.documentFile(ada.applicationId, doc._id)}`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(staff.status).toBe(200);
    expect(Buffer.from(await staff.arrayBuffer()).equals(pdf)).toBe(true);
    const { rows } = await server.db.pool.query<{ details: Record<string, string> }>(
      `SELECT details FROM audit_log WHERE action = 'application.document_viewed' AND details->>'document_id' = $1`,
      [doc._id],
    );
    expect(rows.map((r) => r.details)).toEqual([{ application_id: ada.applicationId, document_id: doc._id, file_name: 'transcript.pdf' }]);
  }, 180_000);

  test("one applicant cannot read another's document, and a counsellor only their own leads'", async () => {
    const owner = await addStaff(server, 'Owning Counsellor');
    const other = await addStaff(server, 'Other Counsellor');
    const ada = await applicant('started', 'local', owner.id);
    const bob = await applicant();
    const doc = (await (await upload(ada, itemTitled('Transcript'), await pdfWith('x'), 'a.pdf')).json()) as ApplicationDocument;
    const asBob = await fetch(`${server.url}${applicantPaths.documentFile(doc._id)}`, {
      headers: { Authorization: `Bearer ${bob.token}` },
    });
    const unknown = await fetch(`${server.url}${applicantPaths.documentFile(id24())}`, {
      headers: { Authorization: `Bearer ${bob.token}` },
    });
    expect(asBob.status).toBe(404);
    expect(await asBob.json()).toEqual(await unknown.json());
    const signedOut = await fetch(`${server.url}${applicantPaths.documentFile(doc._id)}`);
    expect(signedOut.status).toBe(401);

    const staffGet = (token: string) =>
      fetch(`${server.url}${crmApplicationPaths.documentFile(ada.applicationId, doc._id)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    expect((await staffGet(owner.token)).status).toBe(200);
    expect((await staffGet(other.token)).status).toBe(404);
    await server.db.pool.query('UPDATE users SET all_applications = true WHERE id = $1', [other.id]);
    expect((await staffGet(other.token)).status).toBe(200);
    // The document of another application, by this application's address: no.
    const bobDoc = (await (await upload(bob, itemTitled('Transcript'), await pdfWith('y'), 'b.pdf')).json()) as ApplicationDocument;
    const crossed = await fetch(`${server.url}${crmApplicationPaths.documentFile(ada.applicationId, bobDoc._id)}`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(crossed.status).toBe(404);
  }, 180_000);

  test('every refusal names the file and leaves no row and no file', async () => {
    const ada = await applicant();
    const transcript = itemTitled('Transcript');
    const expectRefused = async (res: Response, status: number, message: string) => {
      expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { message } });
    };
    await expectRefused(
      await upload(ada, transcript, Buffer.alloc(13_002_342, 1), 'scan.pdf'),
      413,
      '“scan.pdf” is 12.4 MB; the limit is 10 MB per file.',
    );
    await expectRefused(
      await upload(
        ada,
        transcript,
        Buffer.from('PK\u0003\u0004 a word document'),
        'x.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
      415,
      '“x.docx” is not a PDF, JPEG or PNG file.',
    );
    await expectRefused(
      await upload(ada, transcript, tinyPng(), 'scan.pdf'),
      415,
      '“scan.pdf” is named as a PDF file but holds a PNG picture. Please check the file and upload it again.',
    );
    await expectRefused(
      await upload(ada, transcript, Buffer.from('%PDF-1.7\nthis is not a pdf at all\n'), 'broken.pdf'),
      400,
      '“broken.pdf” could not be read as a PDF: it may be damaged or incomplete.',
    );
    const png = tinyPng(40, 30);
    await expectRefused(
      await upload(ada, transcript, png.subarray(0, png.length - 20), 'photo.png', 'image/png'),
      400,
      '“photo.png” could not be read as a picture: it may be damaged or incomplete.',
    );
    const { rows: foreign } = await server.db.pool.query<{ id: string }>('SELECT id FROM checklist_items WHERE course_id <> $1 LIMIT 1', [
      courseId,
    ]);
    await expectRefused(
      await upload(ada, foreign[0]?.id ?? id24(), await pdfWith('z'), 'ok.pdf'),
      404,
      'This document is not on your checklist. Please reload the page and try again.',
    );
    // A local applicant has no English test item.
    await expectRefused(
      await upload(ada, itemTitled('English test result'), await pdfWith('z'), 'ok.pdf'),
      404,
      'This document is not on your checklist. Please reload the page and try again.',
    );

    // A body that ends short of its Content-Length.
    const short = await server.app.inject({
      method: 'PUT',
      url: applicantPaths.document(transcript),
      headers: {
        authorization: `Bearer ${ada.token}`,
        'content-type': 'application/pdf',
        'content-length': '5000',
        'x-file-name': 'cut.pdf',
      },
      payload: (await pdfWith('cut')).subarray(0, 300),
    });
    expect({ status: short.statusCode, body: short.json() }).toEqual({
      status: 400,
      body: { message: '“cut.pdf” did not arrive in full (the upload was interrupted). Please upload it again.' },
    });
    // A connection dropped mid-upload.
    await new Promise<void>((resolve) => {
      const url = new URL(server.url ?? '');
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.write(
          `PUT ${applicantPaths.document(transcript)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ada.token}\r\n` +
            'Content-Type: application/pdf\r\nX-File-Name: dropped.pdf\r\nContent-Length: 100000\r\n\r\n',
        );
        socket.write(Buffer.alloc(20_000, 0x25));
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await documentRows(ada.applicationId)).toEqual([]);
    expect(
      (
        await server.db.pool.query(
          'SELECT 1 FROM application_document_chunks c JOIN application_documents d ON d.id = c.document_id WHERE d.application_id = $1',
          [ada.applicationId],
        )
      ).rowCount,
    ).toBe(0);
  }, 240_000);

  test('a JPEG is re-encoded without metadata and stays a JPEG; an image named right is accepted', async () => {
    const ada = await applicant();
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'SECRET-ARTIST' } } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('SECRET-ARTIST'))).toBe(true);
    const res = await upload(ada, itemTitled('Government photo ID'), jpeg, 'id card.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    const doc = (await res.json()) as ApplicationDocument;
    expect(doc.content_type).toBe('image/jpeg');
    const back = Buffer.from(
      await (
        await fetch(`${server.url}${applicantPaths.documentFile(doc._id)}`, { headers: { Authorization: `Bearer ${ada.token}` } })
      ).arrayBuffer(),
    );
    expect(back.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(back.includes(Buffer.from('SECRET-ARTIST'))).toBe(false);
    const png = await upload(ada, itemTitled('Résumé'), tinyPng(), 'cv.png', 'image/png');
    expect(((await png.json()) as ApplicationDocument).content_type).toBe('image/png');
  }, 180_000);

  test('a returned item uploaded again replaces it and moves the application back to under review; decided ones are closed', async () => {
    const ada = await applicant('missing_items');
    const transcript = itemTitled('Transcript');
    const first = (await (await upload(ada, transcript, await pdfWith('one'), 'one.pdf')).json()) as ApplicationDocument;
    // As staff's return does: the document returned, the application missing items.
    await server.db.pool.query(`UPDATE application_documents SET status = 'returned', return_reason = 'Cut off' WHERE id = $1`, [
      first._id,
    ]);
    await server.db.pool.query(`UPDATE applications SET status = 'missing_items' WHERE id = $1`, [ada.applicationId]);
    const second = await upload(ada, transcript, await pdfWith('two'), 'two.pdf');
    expect(second.status).toBe(201);
    expect((await documentRows(ada.applicationId)).map((r) => r.status)).toEqual(['replaced', 'uploaded']);
    const { rows } = await server.db.pool.query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [ada.applicationId]);
    expect(rows[0]?.status).toBe('under_review');
    expect(await storedChunks(first._id)).toEqual([]);
    const events = await server.db.pool.query<{ text: string }>(
      `SELECT detail->>'text' AS text FROM lead_events WHERE lead_id = $1 AND kind = 'application' ORDER BY id`,
      [ada.leadId],
    );
    expect(events.rows.map((r) => r.text)).toEqual(['Uploaded “one.pdf” for Transcript', 'Uploaded “two.pdf” for Transcript']);
    const gone = await fetch(`${server.url}${applicantPaths.documentFile(first._id)}`, {
      headers: { Authorization: `Bearer ${ada.token}` },
    });
    expect(gone.status).toBe(404);

    const decided = await applicant('decision_released');
    const closed = await upload(decided, transcript, await pdfWith('late'), 'late.pdf');
    expect(closed.status).toBe(409);
  }, 180_000);

  test('a chunk moved to another document or place does not open, nor does a document cut short', async () => {
    const ada = await applicant();
    const big = Buffer.concat([await pdfWith('big'), Buffer.from(`%${'x'.repeat(1024 * 1024 + 100)}\n`)]);
    const doc = (await (await upload(ada, itemTitled('Transcript'), big, 'big.pdf')).json()) as ApplicationDocument;
    const { rows } = await server.db.pool.query<{ sealed_key: string; bytes: number }>(
      'SELECT sealed_key, bytes FROM application_documents WHERE id = $1',
      [doc._id],
    );
    const key = Buffer.from(server.ctx.secrets.open(rows[0]?.sealed_key ?? '', `document:${doc._id}`), 'base64');
    expect((await readChunks(server.db.pool, doc._id, key, rows[0]?.bytes ?? 0)).equals(big)).toBe(true);
    // The first two chunks swap places (through a free number, the key being unique).
    for (const [from, to] of [
      [0, 9],
      [1, 0],
      [9, 1],
    ]) {
      await server.db.pool.query('UPDATE application_document_chunks SET n = $3 WHERE document_id = $1 AND n = $2', [doc._id, from, to]);
    }
    await expect(readChunks(server.db.pool, doc._id, key, rows[0]?.bytes ?? 0)).rejects.toThrow(/does not open/);
    await server.db.pool.query('DELETE FROM application_document_chunks WHERE document_id = $1 AND n = 1', [doc._id]);
    await expect(readChunks(server.db.pool, doc._id, key, rows[0]?.bytes ?? 0)).rejects.toThrow(/missing|does not open/);
    const served = await fetch(`${server.url}${applicantPaths.documentFile(doc._id)}`, {
      headers: { Authorization: `Bearer ${ada.token}` },
    });
    expect(served.status).toBe(404);
  }, 180_000);

  test('a rotation of the secrets key re-seals each document key; the document still opens', async () => {
    const ada = await applicant();
    const pdf = await pdfWith('rotate');
    const doc = (await (await upload(ada, itemTitled('Transcript'), pdf, 'rotate.pdf')).json()) as ApplicationDocument;
    const previous = Buffer.from(server.config.secretsKey ?? '', 'base64');
    const box = createSecretBox({ current: crypto.randomBytes(32), previous: [previous] });
    expect((await resealDocumentKeys(server.db.pool, box)).sealed).toBeGreaterThanOrEqual(1);
    expect(await resealDocumentKeys(server.db.pool, box)).toEqual({ sealed: 0, unreadable: 0 });
    const { rows } = await server.db.pool.query<{ sealed_key: string }>('SELECT sealed_key FROM application_documents WHERE id = $1', [
      doc._id,
    ]);
    const key = Buffer.from(box.open(rows[0]?.sealed_key ?? '', `document:${doc._id}`), 'base64');
    expect((await readChunks(server.db.pool, doc._id, key, pdf.length)).equals(pdf)).toBe(true);
  });
});
