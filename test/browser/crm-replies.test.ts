/** @jest-environment node */
/**
 * Issue 22 as staff see it: the server reads a real Dovecot mailbox (test/support/imap.ts) every
 * second; a reply to a lead's reply address shows on the lead's timeline as text (its HTML and
 * script inert, its attachment listed), and replies nobody could match wait under "Unmatched
 * replies" until a counsellor attaches one to its lead and dismisses the other.
 */
import { axeViolations, describeBrowser, describeViolations } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { DOVECOT_PATH, startImapServer, type TestImapServer } from '../support/imap';
import { ADMISSIONS, leadWithSentMail, replyMail } from '../support/replies';
import { openSignedIn } from '../support/staff';

if (!DOVECOT_PATH && process.env.CI) throw new Error('dovecot is missing: CI must install dovecot-imapd (see .ci/run).');
const describeWithImap = DOVECOT_PATH ? describeBrowser : describe.skip;

describeWithImap('CRM replies read over IMAP', () => {
  let imap: TestImapServer;
  const env: Record<string, string> = { IMAP_POLL_SECONDS: '1' };
  beforeAll(async () => {
    imap = await startImapServer();
    env.IMAP_URL = imap.urlFor('browser');
  });
  afterAll(async () => {
    await imap?.close();
  });
  const app = useBrowserApp({ env, screenshots: '/tmp/shots' });

  test('a reply shows as text on the timeline; unmatched replies are attached or dismissed', async () => {
    const sent = await leadWithSentMail(app.server, 'grace@student.example');
    const html = `From: Grace <grace@student.example>\nTo: ${sent.replyTo}\nSubject: Re: Your inquiry\nContent-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/html\n\n<p>Yes, the evening class.<script>window.injected = 1</script><img src=x onerror="window.injected = 2"></p>\n--b\nContent-Type: application/pdf; name="id.pdf"\nContent-Disposition: attachment; filename="id.pdf"\n\nJVBERi0=\n--b--\n`;
    await imap.deliver('browser', html);
    await imap.deliver('browser', replyMail({ from: 'Grace <grace@student.example>', to: ADMISSIONS, subject: 'One more question' }));
    await imap.deliver('browser', replyMail({ from: 'news@shop.example', to: ADMISSIONS, subject: 'Our sale' }));

    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openSignedIn(page, app.server, `/crm/leads/${sent.leadId}`);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    // The server's job reads the mailbox each second: reload until the reply is there.
    for (let tries = 0; !(await timeline.getByText('Reply from Grace <grace@student.example>').count()); tries += 1) {
      if (tries > 60) throw new Error('the reply did not reach the timeline');
      await page.waitForTimeout(500);
      await page.reload();
    }
    await timeline.getByText('Yes, the evening class.').waitFor();
    await timeline.getByText(/id\.pdf \(application\/pdf/).waitFor();
    expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
    expect(await timeline.locator('script, img').count()).toBe(0);
    await page.screenshot({ path: '/tmp/shots/crm-replies-lead-1280.png', fullPage: true });

    await page.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name: 'Unmatched replies' }).click();
    await page.getByRole('heading', { name: 'Unmatched replies', level: 1 }).waitFor();
    await page.getByText(/Replies are read from browser@127\.0\.0\.1\/INBOX every 1 s/).waitFor();
    const question = page.getByRole('article', { name: 'One more question' });
    await question.waitFor();
    expect(await question.getByLabel('Lead’s e-mail or id').inputValue()).toBe('grace@student.example');
    await page.screenshot({ path: '/tmp/shots/crm-replies-1280.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await question.getByRole('button', { name: 'Attach to lead' }).click();
    await page.getByText('The reply is on the lead’s timeline now.').first().waitFor();
    await question.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/shots/crm-replies-390.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.getByRole('article', { name: 'Our sale' }).getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('alertdialog', { name: 'Dismiss the reply “Our sale”?' }).getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText('No unmatched replies.').waitFor();

    await page.goto(`${app.url}/crm/leads/${sent.leadId}`);
    await timeline.getByText('Reply from Grace <grace@student.example>: One more question').waitFor();
    await context.close();
  }, 90_000);
});
