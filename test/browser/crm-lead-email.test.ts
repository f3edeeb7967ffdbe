/** @jest-environment node */
/**
 * Issue 22, as staff use it: an admin writes a template on the E-mail templates page (an unknown
 * field is named and refused); a counsellor opens a lead, picks the template, sees the message
 * filled in for that lead and the consent that applies, and sends it. The SMTP sink receives it
 * with the counsellor's name in From and the lead's plus-address as Reply-To; the timeline shows it.
 */
import { recordConsent } from '../../server/consent/consent-store';
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, sidewaysOverflow } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { createLead, openSignedIn, sessionOf, storeSignIn } from '../support/staff';
import { addStaff } from '../support/crm-staff';
import { replyTokenOf } from '../../server/mail/reply-address';
import { REPLIES_NOT_CONNECTED } from '../../site/crm/email/EmailPreview';

const SHOTS = '/tmp/shots';

describeBrowser('CRM e-mail from the lead page', () => {
  const app = useBrowserApp({ smtp: true, screenshots: SHOTS, env: { ADMISSIONS_EMAIL: 'admissions@college.test' } });

  async function checkWidths(page: Page, name: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      const overflow = await sidewaysOverflow(page);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  }

  test('an admin writes a template; a counsellor sends it from a lead; the student receives it and the timeline shows it', async () => {
    const admin = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openSignedIn(admin, app.server, '/crm/dashboard');
    await admin.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name: 'E-mail templates' }).click();
    await admin.getByRole('heading', { name: 'E-mail templates', level: 1 }).waitFor();
    const form = admin.getByRole('form', { name: 'New template' });
    await form.getByLabel('Name').fill('Intake details');
    await form.getByLabel('Kind').selectOption('transactional');
    await form.getByLabel('Subject').fill('{{course_name}} at {{college_name}}');
    await form.getByLabel('Message').fill('Hello {{frist_name}},\n\nThe next class starts {{intake_date}}.\n\n{{counsellor_name}}');
    await form.getByRole('button', { name: 'Create template' }).click();
    await form.getByText('Unknown field {{frist_name}}').first().waitFor();
    await form.getByLabel('Message').fill('Hello {{first_name}},\n\nThe next class starts {{intake_date}}.\n\n{{counsellor_name}}');
    await form.getByRole('button', { name: 'Create template' }).click();
    await admin.getByRole('heading', { name: /Intake details/, level: 3 }).waitFor();
    await checkWidths(admin, 'crm-templates');
    await admin.close();

    await createLead(app.server, { first_name: 'Ada', email: 'ada.student@example.com' });
    const { rows } = await app.server.db.pool.query<{ id: string }>("SELECT id FROM leads WHERE email = 'ada.student@example.com'");
    const leadId = rows[0]?.id.trim() ?? '';
    const cleo = await addStaff(app.server, 'Cleo Counsellor');
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await storeSignIn(page, app.server, sessionOf(cleo));
    await page.goto(`${app.url}/crm/leads/${leadId}`);
    await page.getByText('Send an e-mail').click();
    const compose = page.getByRole('form', { name: 'Send an e-mail' });
    await compose.getByLabel('Template').selectOption({ label: 'Intake details (transactional)' });
    const preview = compose.getByRole('region', { name: 'Preview for this lead' });
    await preview.getByText('Hello Ada,').waitFor();
    await preview.getByText('From Cleo Counsellor, Northbridge College · To ada.student@example.com').waitFor();
    await compose.getByText(/Consent: Implied consent until \d{4}-\d{2}-\d{2}/).waitFor();
    await compose.getByText(REPLIES_NOT_CONNECTED).waitFor();
    await checkWidths(page, 'crm-lead-email');
    await page.setViewportSize({ width: 1280, height: 900 });

    await compose.getByRole('button', { name: 'Send' }).click();
    await compose.getByText('E-mail queued for sending.').waitFor();
    const entry = page.locator('.crm-timeline__item--email_sent');
    await entry.getByText(/^E-mail sent: .+ at Northbridge College of Technology/).waitFor();
    await entry.getByText(/Hello Ada,/).waitFor();

    let mail = app.smtp.messages.find((m) => /Northbridge College of Technology/.test(m.subject));
    for (let waited = 0; !mail && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mail = app.smtp.messages.find((m) => /Northbridge College of Technology/.test(m.subject));
    }
    expect(mail?.to).toEqual(['ada.student@example.com']);
    const raw = (mail?.raw ?? '').replace(/\r\n\s+/g, ' ');
    expect(raw).toMatch(/^From: "Cleo Counsellor, Northbridge College" </m);
    const replyTo = /^Reply-To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
    expect(replyTo).toMatch(/^admissions\+r-[a-z2-7]{20}@college\.test$/);
    const token = replyTokenOf(replyTo);
    const stored = await app.server.db.pool.query('SELECT 1 FROM lead_emails WHERE lead_id = $1 AND reply_token = $2', [leadId, token]);
    expect(stored.rowCount).toBe(1);

    // Ada unsubscribes (issue 31): a message needing consent shows why it cannot go, and Send is disabled.
    await recordConsent(app.server.db.pool, {
      email: 'ada.student@example.com',
      kind: 'withdrawn',
      method: 'one-click',
      source: 'test',
      ip: null,
    });
    await page.reload();
    await page.getByText('Send an e-mail').click();
    await compose.getByLabel('Subject').fill('Our spring open house');
    await compose.getByLabel('Message').fill('Hello {{first_name}}, join us in April.');
    const refusal = compose.getByText(/^Cannot be sent:/);
    await refusal.waitFor();
    const send = compose.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    expect(await send.getAttribute('aria-describedby')).toBe('email-refusal');
    await page.close();
  }, 120_000);
});
