/**
 * @jest-environment node
 *
 * The inquiry widget end to end, the embedding: the queue stub, double inclusion, CSS isolation,
 * focus and keyboard, declarative openers, the country list, axe-core, same-origin navigation.
 */
import { axeViolations, describeBrowser, describeViolations, eventually, trackPageErrors } from '../support/browser';
import {
  PHONE_NATIONAL,
  PHONE_E164,
  WIDGET_HOST,
  server,
  partner,
  browser,
  setUpWidgetSuite,
  isFocused,
  openPartner,
  dialog,
  fill,
  leadsByEmail,
  toast,
} from './widget-support';

describeBrowser('inquiry widget embedding on a partner page (second origin)', () => {
  setUpWidgetSuite();

  test('calls queued by the stub before the script loaded run in order', async () => {
    const page = await browser.newPage();
    await page.goto(`${partner.url}/queued`);
    const form = dialog(page);
    await eventually(() => form.getByLabel('Course Type').inputValue(), '2');
    await eventually(() => form.getByLabel('Course Type').isDisabled(), true);
    await fill(page, { email: 'queued@example.com' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${partner.url}/queued-done`);
    expect(await leadsByEmail('queued@example.com')).toEqual([expect.objectContaining({ course_type: 2 })]);
    await page.close();
  });

  test('the script included three times mounts one widget and one API', async () => {
    const page = await browser.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${partner.url}/twice`);
    await page.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    await page.waitForLoadState('load');
    expect(await page.locator(WIDGET_HOST).count()).toBe(1);
    await page.evaluate(() => window.CollegeInquiry?.open?.());
    await eventually(() => page.getByRole('dialog').count(), 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the partner page’s hostile CSS does not reach the form (computed styles)', async () => {
    const { page } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).click();
    const form = dialog(page);
    await eventually(() => form.isVisible(), true); // despite [role=dialog]{display:none!important} on the page
    const input = await form.getByLabel('First Name *').evaluate((el) => {
      const s = getComputedStyle(el);
      return { border: s.borderTopWidth, background: s.backgroundColor, fontSize: s.fontSize, boxSizing: s.boxSizing };
    });
    expect(input).toEqual({ border: '1px', background: 'rgb(255, 255, 255)', fontSize: '16px', boxSizing: 'border-box' });
    const label = await form.getByText('First Name *', { exact: true }).evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, letterSpacing: s.letterSpacing };
    });
    expect(label).toEqual({ color: 'rgb(31, 41, 55)', letterSpacing: 'normal' });
    const submit = await form.getByRole('button', { name: 'Submit' }).evaluate((el) => getComputedStyle(el).textTransform);
    expect(submit).toBe('none');
    // And the widget's own CSS does not leak out onto the page's inputs.
    const pageInput = await page.getByPlaceholder('you@example.com').evaluate((el) => getComputedStyle(el).borderTopWidth);
    expect(pageInput).toBe('5px');
    await page.close();
  });

  test('keyboard only: open, fill, submit', async () => {
    const { page } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).focus();
    await page.keyboard.press('Enter');
    const form = dialog(page);
    // Each key goes to the field that has focus: wait for focus to arrive before typing, so a
    // slow first render (focus moves in after the form mounts) cannot send keys to the page.
    const typeInto = async (label: string, text: string) => {
      await eventually(() => isFocused(form.getByLabel(label)), true);
      await page.keyboard.type(text);
    };
    await typeInto('First Name *', 'Grace');
    await page.keyboard.press('Tab');
    await typeInto('Last Name *', 'Hopper');
    // The country selector arrives with the phone package, after the form is usable; until then
    // Tab would skip it. A person sees it (the dial code beside Phone) before tabbing past it.
    await form.getByRole('button', { name: /change the country of the phone number/ }).waitFor();
    await page.keyboard.press('Tab'); // the phone's country selector
    await page.keyboard.press('Tab');
    await typeInto('Phone *', PHONE_NATIONAL);
    await page.keyboard.press('Tab');
    await typeInto('Email *', 'keyboard@example.com');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/thank-you`);
    expect(await leadsByEmail('keyboard@example.com')).toEqual([
      expect.objectContaining({ first_name: 'Grace', last_name: 'Hopper', phone: PHONE_E164 }),
    ]);
    await page.close();
  });

  test('focus: moves in, is trapped, Escape closes and resets, focus returns to the opener', async () => {
    const { page } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).click();
    const form = dialog(page);
    await eventually(() => isFocused(form.getByLabel('First Name *')), true);
    await page.keyboard.press('Shift+Tab');
    await eventually(() => isFocused(form.getByRole('button', { name: 'Submit' })), true);
    await page.keyboard.press('Tab');
    await eventually(() => isFocused(form.getByLabel('First Name *')), true);
    await page.keyboard.type('Typed');
    await form.getByRole('radio', { name: 'International Student' }).check();
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('dialog').count(), 0);
    await eventually(() => page.evaluate(() => document.activeElement?.id), 'apply');
    await page.getByRole('button', { name: 'Apply now' }).click();
    await eventually(() => form.getByLabel('First Name *').inputValue(), '');
    await eventually(() => form.getByRole('radio', { name: 'Local Student' }).isChecked(), true);
    await eventually(() => form.getByRole('radio', { name: 'No' }).isChecked(), true);
    await form.getByRole('button', { name: 'Close' }).click();
    await eventually(() => page.getByRole('dialog').count(), 0);
    await page.close();
  });

  test('declarative opener: a data-college-inquiry link opens the form with its presets', async () => {
    const { page } = await openPartner();
    await page.getByRole('link', { name: 'Full-time programs' }).click();
    await eventually(() => dialog(page).getByLabel('Course Type').inputValue(), '1');
    await eventually(() => dialog(page).getByLabel('Course Type').isDisabled(), true);
    expect(new URL(page.url()).hash).toBe('');
    await page.close();
  });

  test('the country list works inside the shadow root (search, pick, dial code)', async () => {
    const { page } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).click();
    const form = dialog(page);
    await form.locator('.iti__selected-country').click();
    const search = form.locator('.iti__search-input');
    await search.fill('United Kingdom');
    // The list sits below the input, inside the dialog, and shows the match. (The list filters
    // asynchronously, from every country down to the one match: wait for the match, then check
    // that its row lies inside the list's box, below the input.)
    const match = form.locator('.iti__country[id$="__item-gb"]');
    await match.waitFor();
    const listBelowInput = async () => {
      const [input, list, row] = await Promise.all([
        form.getByLabel('Phone *').boundingBox(),
        form.locator('.iti__country-list').boundingBox(),
        match.boundingBox(),
      ]);
      if (!input || !list || !row) return false;
      return list.y >= input.y + input.height && row.height > 20 && row.y >= list.y && row.y + row.height <= list.y + list.height + 1;
    };
    await eventually(listBelowInput, true);
    await page.screenshot({ path: '/tmp/shots/widget-country-list.png' });
    await match.click();
    await eventually(() => form.locator('.iti__selected-dial-code').textContent(), '+44');
    await page.close();
  });

  test('axe-core finds no violations in the open form; usable at 360 px (screenshot)', async () => {
    const { page } = await openPartner('', { width: 360, height: 740 });
    await page.getByRole('button', { name: 'Apply now' }).click();
    await dialog(page).waitFor();
    const violations = await axeViolations(page, WIDGET_HOST);
    expect(describeViolations(violations)).toEqual([]);
    // The dialog fits the 360 px screen: inside the viewport, nothing in it scrolls sideways.
    const fit = await dialog(page).evaluate((el) => {
      const box = el.getBoundingClientRect();
      const overlay = el.parentElement as HTMLElement;
      return {
        inside: box.left >= 0 && box.right <= window.innerWidth,
        noSideScroll: overlay.scrollWidth <= overlay.clientWidth && el.scrollWidth <= el.clientWidth,
      };
    });
    expect(fit).toEqual({ inside: true, noSideScroll: true });
    await page.screenshot({ path: '/tmp/shots/widget-open-360.png' });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Please enter a valid phone number').waitFor();
    await page.screenshot({ path: '/tmp/shots/widget-toast-360.png' });
    await page.close();
  });

  test('on the college site itself, success navigation is client-side (no reload)', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/contact`);
    await page
      .waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string', null, {
        timeout: 5000,
      })
      .catch(async () => {
        await page.addScriptTag({ url: `${server.url}/widget/college-inquiry.js` });
      });
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
      window.CollegeInquiry?.open?.();
    });
    await fill(page, { email: 'same-origin@example.com' });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${server.url}/thank-you`);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.close();
  });
});
