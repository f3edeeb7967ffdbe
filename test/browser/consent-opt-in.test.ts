/** @jest-environment node */
/**
 * Double opt-in end to end (issue 22): a lead's confirmation mail (real SMTP) carries the opt-in
 * link; the consent page, with JavaScript off, shows the wording beside an unticked box; ticking
 * it and confirming records express consent, which the CRM's lead page then shows in one line
 * with its history. Staff then record consent another lead gave on the phone (issue 35): a field
 * message first, then the record and its history. A form on a second origin that posts a leaked
 * consent link records nothing (issue 35). The pages pass axe; screenshots at 1280 and 390 px: /tmp/shots/consent-*.png.
 */
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { createLead, openSignedIn } from '../support/staff';
import { commercialMail } from '../../server/consent/commercial-mail';
import { linkTokens } from '../../server/consent/consent-token';
import { startPartnerOrigin } from '../support/partner-origin';
import { formatLongDay } from '../../src/college-time';

const SHOTS = '/tmp/shots';
const EMAIL = 'browser.optin@example.com';
const PHONE_EMAIL = 'browser.phone@example.com';
const PHONE_EVIDENCE = 'Said yes on the phone call about the evening program, after hearing the consent wording.';
const TODAY = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
/** What the preferences page says once the person opted in today (issue 31: in words, not "Express consent since…"). */
const AGREED_TODAY = `You agreed on ${formatLongDay(TODAY)} that we may e-mail you about programs, so we may do so until you tell us to stop.`;

/** Quoted-printable soft line breaks and =3D make bodies hard to search: undo them. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describeBrowser('double opt-in from the inquiry confirmation', () => {
  const app = useBrowserApp({ smtp: true, screenshots: SHOTS });

  test('open the link, tick the box, confirm; the lead page shows express consent', async () => {
    await createLead(app.server, { email: EMAIL });
    const mail = decoded((await app.smtp.waitForMail(EMAIL, 20_000)).raw);
    const link = /https?:\/\/[^\s"<>]+\/email-preferences\?token=[\w-]+&via=inquiry-confirmation/.exec(mail)?.[0];
    expect(link).toBeDefined();
    const path = new URL(link!).pathname + new URL(link!).search;

    // No JavaScript at all: a plain form.
    const noScript = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await noScript.newPage();
    await page.goto(app.url + path);
    const box = page.getByRole('checkbox', { name: /may send me e-mails about its programs/ });
    expect(await box.isChecked()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/consent-page-1280.png`, fullPage: true });
    await box.check();
    await page.getByRole('button', { name: 'Keep me informed' }).click();
    await page.getByText(AGREED_TODAY).waitFor();
    await noScript.close();

    // Axe and the narrow layout, with scripts on (axe runs in the page).
    const narrow = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await narrow.newPage();
    await phone.goto(app.url + path);
    expect(describeViolations(await axeViolations(phone))).toEqual([]);
    await phone.screenshot({ path: `${SHOTS}/consent-page-390.png`, fullPage: true });
    const sent = await commercialMail(app.server.db.pool, app.server.config, {
      to: EMAIL,
      subject: 'News',
      text: 'News',
      html: '<p>News</p>',
    });
    if (!sent.ok) throw new Error(sent.reason);
    const unsubscribe = new URL(/<([^>]+)>/.exec(sent.message.envelope!.headers!['List-Unsubscribe']!)![1]!);
    await phone.goto(app.url + unsubscribe.pathname + unsubscribe.search);
    expect(describeViolations(await axeViolations(phone))).toEqual([]);
    await phone.screenshot({ path: `${SHOTS}/consent-unsubscribe-390.png`, fullPage: true });
    await phone.setViewportSize({ width: 1280, height: 900 });
    await phone.screenshot({ path: `${SHOTS}/consent-unsubscribe-1280.png`, fullPage: true });
    await narrow.close();

    const { rows } = await app.server.db.pool.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [EMAIL]);
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const staff = await app.browser.newContext({ viewport: { width, height } });
      const crm = await staff.newPage();
      const { user } = await openSignedIn(crm, app.server, `/crm/leads/${rows[0]!.id.trim()}`);
      await crm.getByText(`Express consent since ${TODAY}`, { exact: true }).waitFor();
      await crm.getByText(/^Consent history/).click();
      await crm.getByText('Express consent given (consent page)').waitFor();
      await crm.getByText('Opted in to news about programs and intakes (consent page)').waitFor();
      expect(describeViolations(await axeViolations(crm, '.crm-consent'))).toEqual([]);
      await crm.screenshot({ path: `${SHOTS}/consent-crm-lead-${width}.png`, fullPage: true });
      if (width === 1280) await recordConsentGivenOnThePhone(crm, user.name);
      await staff.close();
    }
  }, 60_000);

  /** Issue 35: consent given on the phone, recorded on the lead page by the member who took the call. */
  async function recordConsentGivenOnThePhone(crm: Page, staffName: string) {
    // Express consent is already recorded for the opted-in lead: nothing to record another way.
    expect(await crm.getByText('Record consent given another way').count()).toBe(0);
    await createLead(app.server, { email: PHONE_EMAIL });
    const { rows } = await app.server.db.pool.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [PHONE_EMAIL]);
    await crm.goto(`${app.url}/crm/leads/${rows[0]!.id.trim()}`);
    await crm.getByText(/^Implied consent until/).waitFor();
    await crm.getByText('Record consent given another way').click();
    const how = crm.getByLabel('How the person gave consent');
    await how.fill('On phone');
    await crm.getByLabel('Date given').fill(TODAY);
    await crm.getByRole('button', { name: 'Record consent', exact: true }).click();
    await crm.locator('.crm-field-error').filter({ hasText: 'at least 10 characters' }).waitFor();
    expect(await how.getAttribute('aria-invalid')).toBe('true');
    expect(describeViolations(await axeViolations(crm, '.crm-consent'))).toEqual([]);
    await crm.screenshot({ path: `${SHOTS}/consent-crm-record-1280.png`, fullPage: true });

    await how.fill(PHONE_EVIDENCE);
    await crm.getByRole('button', { name: 'Record consent', exact: true }).click();
    await crm.locator('.Toastify__toast').filter({ hasText: 'Consent recorded.' }).waitFor();
    await crm.getByText(`Express consent since ${TODAY}`, { exact: true }).waitFor();
    expect(await crm.getByText('Record consent given another way').count()).toBe(0);
    await crm.getByText(/^Consent history/).click();
    await crm.getByText(`Express consent recorded by ${staffName} (given ${TODAY})`).waitFor();
    await crm.getByText(`How it was given: ${PHONE_EVIDENCE}`).waitFor();
  }

  /** Issue 35: a page on another site that posts a leaked consent link records nothing. */
  test('a form on another origin that posts the opt-in records no consent', async () => {
    const email = 'browser.forged@example.com';
    const token = (await linkTokens(app.server.db.pool, app.server.config)).tokenFor(email, 'consent').token;
    const target = `${app.url}/email-preferences?token=${token}`;
    const forged = `<!doctype html><html lang="en"><head><title>Win a prize</title></head><body>
      <form id="f" method="post" action="${target}"><input type="hidden" name="action" value="opt-in">
      <input type="hidden" name="agree" value="yes"><button>Claim</button></form>
      <script>document.getElementById('f').submit()</script></body></html>`;
    const other = await startPartnerOrigin(app.url, { '/prize': forged });
    const context = await app.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${other.url}/prize`);
      await page.getByText('This choice can only be made on this page.').waitFor();
      const { rows } = await app.server.db.pool.query('SELECT 1 FROM consent_records WHERE email = $1', [email]);
      expect(rows).toEqual([]);
      // The same link on its own page still works.
      await page.goto(target);
      await page.getByRole('checkbox', { name: /may send me e-mails about its programs/ }).check();
      await page.getByRole('button', { name: 'Keep me informed' }).click();
      await page.getByText(AGREED_TODAY).waitFor();
    } finally {
      await context.close();
      await other.close();
    }
  }, 30_000);
});
