/** @jest-environment node */
/**
 * Issue 22's whole journey through real parts: a student inquires through the real widget on a
 * partner page → the confirmation (SMTP sink) carries the opt-in link → the consent page records
 * express consent → a counsellor sends a commercial template from the lead page → it arrives with
 * the sender identification and both unsubscribe headers (RFC 8058) → the student replies to a real
 * Dovecot mailbox → the reply is on the lead's timeline → a one-click unsubscribe POST → the next
 * commercial send is refused with the reason.
 */
import type { Page } from 'playwright-core';
import { describeBrowser } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { DOVECOT_PATH, startImapServer, type TestImapServer } from '../support/imap';
import { replyMail } from '../support/replies';
import { openSignedIn, signInThroughApi } from '../support/staff';
import { COLLEGE } from '../../src/college';
import { formatLongDay } from '../../src/college-time';

if (!DOVECOT_PATH && process.env.CI) throw new Error('dovecot is missing: CI must install dovecot-imapd (see .ci/run).');
const describeWithImap = DOVECOT_PATH ? describeBrowser : describe.skip;

const STUDENT = 'maya.journey@example.com';
const TODAY = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
/** Quoted-printable soft breaks, =3D and folded headers make raw mail hard to search: undo them. */
const unfolded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/\r\n[ \t]+/g, ' ');

async function waitForMail(app: { smtp: { messages: { to: string[]; raw: string }[] } }, match: (raw: string) => boolean): Promise<string> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const found = app.smtp.messages.find((m) => m.to.includes(STUDENT) && match(unfolded(m.raw)));
    if (found) return unfolded(found.raw);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the mail did not arrive');
}

async function reloadUntil(page: Page, text: string): Promise<void> {
  for (let tries = 0; !(await page.getByText(text).count()); tries += 1) {
    if (tries > 30) throw new Error(`"${text}" did not appear`);
    await page.waitForTimeout(500);
    await page.reload();
  }
}

describeWithImap('follow-up by e-mail, end to end (issue 22)', () => {
  let imap: TestImapServer;
  const env: Record<string, string> = { IMAP_POLL_SECONDS: '1', ADMISSIONS_EMAIL: 'admissions@college.test' };
  beforeAll(async () => {
    imap = await startImapServer();
    env.IMAP_URL = imap.urlFor('admissions');
  });
  afterAll(async () => {
    await imap?.close();
  });
  const app = useBrowserApp({ env, smtp: true, partner: true });

  test('inquiry → opt-in → templated mail with footer and headers → reply on the timeline → one-click unsubscribe → refusal', async () => {
    // The student inquires through the widget on a partner's page.
    const student = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    await student.goto(`${app.partner.url}/`);
    await student.getByRole('button', { name: 'Apply now' }).click();
    const form = student.getByRole('dialog', { name: 'Student Inquiry Form' });
    await form.getByLabel('First Name *').fill('Maya');
    await form.getByLabel('Last Name *').fill('Singh');
    await form.getByLabel('Email *').fill(STUDENT);
    await form.getByLabel('Phone *').fill('4165550199');
    await form.getByRole('button', { name: 'Submit' }).click();
    await student.waitForURL(`${app.url}/thank-you`);

    // The confirmation carries the opt-in link; the page records express consent.
    const confirmation = await waitForMail(app, (raw) => raw.includes('/email-preferences?token='));
    expect(confirmation).toContain('Keep me informed about programs and intakes');
    const optIn = /https?:\/\/[^\s"<>]+\/email-preferences\?token=[^\s"<>]+/.exec(confirmation)![0].replace(/&amp;/g, '&');
    await student.goto(app.url + new URL(optIn).pathname + new URL(optIn).search);
    const box = student.getByRole('checkbox');
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await student.getByRole('button', { name: 'Keep me informed' }).click();
    await student.getByText(`You agreed on ${formatLongDay(TODAY)} that we may e-mail you about programs`, { exact: false }).waitFor();

    // An admin's commercial template; a counsellor-style send from the lead page.
    const admin = await signInThroughApi(app.server);
    const created = await fetch(`${app.url}/api/crm/templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Open house',
        kind: 'commercial',
        subject: 'Open house at {{college_name}}',
        body: 'Hello {{first_name}},\n\nCome and see the labs.',
      }),
    });
    expect(created.status).toBeLessThan(300);
    const { rows } = await app.server.db.pool.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [STUDENT]);
    const leadId = rows[0]!.id.trim();
    const staff = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openSignedIn(staff, app.server, `/crm/leads/${leadId}`);
    await staff.getByText(`Express consent since ${TODAY}`, { exact: true }).waitFor();
    await staff.getByText('Send an e-mail').click();
    const compose = staff.getByRole('form', { name: 'Send an e-mail' });
    await compose.getByLabel('Template').selectOption({ label: 'Open house (commercial)' });
    await compose.getByRole('region', { name: 'Preview for this lead' }).getByText('Hello Maya,').waitFor();
    await compose.getByRole('button', { name: 'Send' }).click();
    await compose.getByText('E-mail queued for sending.').waitFor();

    // It arrives with the sender identification and both unsubscribe headers.
    const sent = await waitForMail(app, (raw) => /^Subject: Open house at /m.test(raw));
    expect(sent).toContain(COLLEGE.address.street);
    const listUnsubscribe = /^List-Unsubscribe: <([^>]+)>/m.exec(sent)?.[1] ?? '';
    expect(listUnsubscribe).toMatch(/\/unsubscribe\?token=/);
    expect(sent).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const replyTo = /^Reply-To: (\S+)$/m.exec(sent)?.[1] ?? '';
    expect(replyTo).toMatch(/^admissions\+r-[a-z2-7]{20}@college\.test$/);

    // The student replies; the server reads the mailbox and the reply joins the timeline.
    await imap.deliver(
      'admissions',
      replyMail({ from: `Maya Singh <${STUDENT}>`, to: replyTo, subject: 'Re: Open house', body: 'Which Saturday?' }),
    );
    await reloadUntil(staff, 'Which Saturday?');

    // One-click unsubscribe, as a mail client sends it (RFC 8058), with no session.
    const oneClick = await fetch(app.url + new URL(listUnsubscribe).pathname + new URL(listUnsubscribe).search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    // The next commercial send is refused, with the reason.
    await staff.reload();
    await staff.getByText(`Unsubscribed on ${TODAY}`, { exact: true }).first().waitFor();
    const refused = await fetch(`${app.url}/api/crm/leads/${leadId}/emails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'Last chance', body: 'Seats are filling up.' }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain(`Unsubscribed on ${TODAY}`);
    await student.close();
    await staff.close();
  }, 150_000);
});
