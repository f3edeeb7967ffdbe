/**
 * @jest-environment node
 *
 * The widget on partner pages built the way real sites are: a real Bootstrap 5 modal (its CSS
 * and its modal JS with the focus trap), Tailwind's preflight, aggressive global rules, a 62.5 %
 * root font size, a right-to-left page, and fixed bars at the maximum z-index on a 390 px phone.
 * The frameworks come from node_modules, served by the second origin. The form must be on top,
 * fillable, correctly sized and submit; the host's modal and scrolling are intact after close.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describeBrowser, eventually } from '../support/browser';
import { startPartnerOrigin, type PartnerOrigin } from '../support/partner-origin';
import { browser, dialog, fill, isFocused, leadsByEmail, server, setUpWidgetSuite } from './widget-support';

const tallContent = Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i + 1} of a long landing page.</p>`).join('');

describeBrowser('inquiry widget on partner pages with real frameworks', () => {
  setUpWidgetSuite();
  let site: PartnerOrigin;

  beforeAll(async () => {
    const script = `<script src="${server.url}/widget/college-inquiry.js" async></script>`;
    site = await startPartnerOrigin(
      server.url,
      {
        '/bootstrap': `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bootstrap partner</title>
          <link rel="stylesheet" href="/vendor/bootstrap.min.css">${script}</head><body>
          <main class="container py-4"><h1>Courses</h1><button type="button" class="btn btn-primary" data-bs-toggle="modal" data-bs-target="#offer">See the offer</button>${tallContent}</main>
          <div class="modal fade" id="offer" tabindex="-1" aria-labelledby="offer-title" aria-hidden="true"><div class="modal-dialog"><div class="modal-content">
            <div class="modal-header"><h2 class="modal-title fs-5" id="offer-title">Fall intake offer</h2><button type="button" class="btn-close" data-bs-dismiss="modal" aria-label="Dismiss offer"></button></div>
            <div class="modal-body"><p>Apply before September.</p><label for="promo" class="form-label">Promo code</label><input id="promo" class="form-control"></div>
            <div class="modal-footer"><button type="button" class="btn btn-success" onclick="CollegeInquiry.open()">Apply from the offer</button></div>
          </div></div></div>
          <script src="/vendor/bootstrap.bundle.min.js"></script></body></html>`,
        // Tailwind's preflight, a 62.5 % root, a right-to-left page and rules that flatten everything.
        '/hostile': `<!doctype html><html lang="ar" dir="rtl" style="font-size:62.5%"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>RTL partner</title>
          <link rel="stylesheet" href="/vendor/preflight.css">
          <style>* { font: 20px serif !important; } input, select, button { all: unset; } dialog { display: none !important; } h2, label { font-size: 9px !important; }</style>${script}</head><body>
          <main><h1>دورات تقنية المعلومات</h1><button type="button" id="apply" onclick="CollegeInquiry.open()">Apply now</button><button type="button" id="behind" onclick="window.clicksBehind=(window.clicksBehind||0)+1">Behind</button>${tallContent}</main>
          <script>addEventListener('keydown', (e) => { if (e.key === 'Escape') window.pageEscapes = (window.pageEscapes || 0) + 1; });</script></body></html>`,
        // A phone layout with a fixed header and cookie bar at the maximum z-index.
        '/bars': `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bars partner</title>
          <style>body{margin:0;font:16px sans-serif} header{position:fixed;top:0;left:0;right:0;height:64px;background:#222;color:#fff;z-index:2147483647}
          .cookies{position:fixed;bottom:0;left:0;right:0;height:140px;background:#335;color:#fff;z-index:2147483647} main{padding:80px 16px 160px}</style>${script}</head><body>
          <header>Partner header</header><main><button type="button" id="apply" onclick="CollegeInquiry.open()">Apply now</button>${tallContent}</main>
          <div class="cookies">We use cookies. <button type="button">Accept</button></div></body></html>`,
        // The Content Security Policy widget/README.md documents, and nothing more.
        '/csp': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CSP partner</title>
          <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src ${server.url}; connect-src ${server.url}; img-src ${server.url}; style-src 'self'">
          ${script}</head><body><main><h1>Strict partner</h1><button type="button" data-college-inquiry>Apply now</button></main></body></html>`,
      },
      {
        '/vendor/bootstrap.min.css': 'node_modules/bootstrap/dist/css/bootstrap.min.css',
        '/vendor/bootstrap.bundle.min.js': 'node_modules/bootstrap/dist/js/bootstrap.bundle.min.js',
        '/vendor/preflight.css': 'node_modules/tailwindcss/preflight.css',
      },
    );
    fs.mkdirSync('/tmp/shots', { recursive: true });
  });
  afterAll(async () => {
    await site?.close();
  });

  const load = async (path: string, viewport = { width: 1280, height: 900 }) => {
    const tab = await browser.newPage({ viewport });
    await tab.goto(`${site.url}${path}`);
    await tab.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    return tab;
  };
  /** The element really on top at the centre of the locator's box (looking into our shadow root). */
  const onTop = (tab: Page, name: string) =>
    dialog(tab)
      .getByRole('button', { name })
      .evaluate((el) => {
        const box = el.getBoundingClientRect();
        const root = el.getRootNode() as ShadowRoot;
        return root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === el;
      });
  const submitAndExpectLead = async (tab: Page, email: string) => {
    await fill(tab, { email });
    await dialog(tab).getByRole('button', { name: 'Submit' }).click();
    await tab.waitForURL(`${server.url}/thank-you`);
    expect(await leadsByEmail(email)).toHaveLength(1);
  };

  test('opened from a Bootstrap 5 modal: typing works, Escape closes our form first, the host modal still works', async () => {
    const tab = await load('/bootstrap');
    await tab.getByRole('button', { name: 'See the offer' }).click();
    const offer = tab.getByRole('dialog', { name: 'Fall intake offer' });
    await offer.waitFor();
    await tab.waitForFunction(() => document.querySelector('#offer')?.classList.contains('show'));
    await offer.getByRole('button', { name: 'Apply from the offer' }).click();
    const first = dialog(tab).getByLabel('First Name *');
    await eventually(() => isFocused(first), true);
    await tab.keyboard.type('Ada');
    // Bootstrap's focus trap has not pulled focus back into its modal.
    expect(await first.inputValue()).toBe('Ada');
    await dialog(tab).getByLabel('Last Name *').click();
    await tab.keyboard.type('Lovelace');
    expect(await dialog(tab).getByLabel('Last Name *').inputValue()).toBe('Lovelace');
    await tab.screenshot({ path: '/tmp/shots/partner-bootstrap-1280.png' });
    await tab.keyboard.press('Escape');
    await dialog(tab).waitFor({ state: 'detached' });
    // The host's modal is as it was: open, and focus back on the button that opened our form.
    expect(await tab.evaluate(() => document.querySelector('#offer')?.classList.contains('show'))).toBe(true);
    await eventually(() => tab.evaluate(() => document.activeElement?.textContent), 'Apply from the offer');
    await offer.getByLabel('Promo code').fill('FALL');
    expect(await offer.getByLabel('Promo code').inputValue()).toBe('FALL');
    // ...and it still closes with its own Escape.
    await tab.keyboard.press('Escape');
    await tab.waitForFunction(() => !document.querySelector('#offer')?.classList.contains('show'));
    // Opened again from the modal, the form submits.
    await tab.getByRole('button', { name: 'See the offer' }).click();
    await tab.waitForFunction(() => document.querySelector('#offer')?.classList.contains('show'));
    await offer.getByRole('button', { name: 'Apply from the offer' }).click();
    await submitAndExpectLead(tab, 'bootstrap.modal@example.com');
    await tab.close();
  });

  test('Tailwind preflight, 62.5 % root, rtl page, global !important rules: on top, 16 px, left-to-right, page inert and not scrolling', async () => {
    const tab = await load('/hostile');
    await tab.evaluate(() => window.scrollTo(0, 400));
    // Clicked where it is (a test click would first scroll it into view).
    await tab.evaluate(() => (document.querySelector('#apply') as HTMLElement).click());
    await dialog(tab).waitFor();
    const looks = await dialog(tab).evaluate((el) => {
      const root = el.getRootNode() as ShadowRoot;
      const style = (selector: string) => getComputedStyle(root.querySelector(selector) as Element);
      return {
        direction: getComputedStyle(el).direction,
        input: style('#ci-first_name').fontSize,
        label: style('label[for="ci-first_name"]').fontSize,
        title: style('#ci-title').fontSize,
        font: style('#ci-first_name').fontFamily.includes('serif') && !style('#ci-first_name').fontFamily.includes('sans'),
        inputBorder: style('#ci-first_name').borderTopWidth,
      };
    });
    expect(looks).toEqual({ direction: 'ltr', input: '16px', label: '14px', title: '20px', font: false, inputBorder: '1px' });
    // The form's left edge is where its labels start (not mirrored).
    const label = await dialog(tab).getByText('First Name *', { exact: true }).boundingBox();
    const box = await dialog(tab).boundingBox();
    expect(label && box && label.x - box.x < 40).toBe(true);
    expect(await onTop(tab, 'Submit')).toBe(true);
    await tab.screenshot({ path: '/tmp/shots/partner-hostile-1280.png' });
    // The page behind is inert and does not scroll.
    await tab.mouse.click(5, 5);
    await tab.mouse.wheel(0, 600);
    await tab.waitForTimeout(200);
    expect(
      await tab.evaluate(() => ({ y: window.scrollY, behind: (window as unknown as { clicksBehind?: number }).clicksBehind ?? 0 })),
    ).toEqual({ y: 400, behind: 0 });
    expect(
      await tab.evaluate(() => (document.querySelector('#behind') as HTMLElement & { inert: boolean }).matches(':modal, :focus')),
    ).toBe(false);
    // Escape closes our form and is not seen by the page's own Escape handlers.
    await dialog(tab).getByLabel('First Name *').focus();
    await tab.keyboard.press('Escape');
    await dialog(tab).waitFor({ state: 'detached' });
    expect(await tab.evaluate(() => (window as unknown as { pageEscapes?: number }).pageEscapes ?? 0)).toBe(0);
    // Scrolling is back, at the same place. (Escape closes the native dialog at once; the form
    // unmounts, and unlocks the page, on the render after.)
    await eventually(() => tab.evaluate(() => ({ y: window.scrollY, overflow: document.documentElement.style.overflow })), {
      y: 400,
      overflow: '',
    });
    await tab.mouse.wheel(0, 300);
    await eventually(() => tab.evaluate(() => window.scrollY > 400), true);
    await tab.evaluate(() => window.scrollTo(0, 0));
    await tab.locator('#apply').click();
    await submitAndExpectLead(tab, 'rtl.hostile@example.com');
    await tab.close();
  });

  test('390 px with fixed bars at the maximum z-index: title, Close and Submit are on top and Submit works', async () => {
    const tab = await load('/bars', { width: 390, height: 844 });
    await tab.locator('#apply').click();
    await dialog(tab).waitFor();
    const title = await dialog(tab)
      .getByRole('heading', { name: 'Student Inquiry Form' })
      .evaluate((el) => {
        const box = el.getBoundingClientRect();
        return (el.getRootNode() as ShadowRoot).elementFromPoint(box.left + 10, box.top + box.height / 2) === el;
      });
    expect(title).toBe(true);
    await fill(tab, { email: 'bars.390@example.com' });
    await dialog(tab).getByRole('button', { name: 'Submit' }).scrollIntoViewIfNeeded();
    expect(await onTop(tab, 'Close')).toBe(true);
    expect(await onTop(tab, 'Submit')).toBe(true);
    await tab.screenshot({ path: '/tmp/shots/partner-bars-390.png' });
    await dialog(tab).getByRole('button', { name: 'Submit' }).click();
    await tab.waitForURL(`${server.url}/thank-you`);
    expect(await leadsByEmail('bars.390@example.com')).toHaveLength(1);
    await tab.close();
  });

  test('under exactly the CSP the README documents, the form, its course list, the phone package and flags work', async () => {
    const tab = await load('/csp');
    await tab.evaluate(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await tab.getByRole('button', { name: 'Apply now' }).click();
    await dialog(tab).getByLabel('Course', { exact: true }).locator('option').nth(2).waitFor({ state: 'attached' });
    await dialog(tab).getByLabel('Phone *').focus();
    // The flag sprite is drawn once the phone package is in.
    await eventually(
      () =>
        dialog(tab)
          .locator('.iti__flag')
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundImage.includes('flags')),
      true,
      10_000,
    );
    // ...and was allowed to load: no directive was violated (flags, modules, fetches).
    await eventually(() => tab.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('flags'))), true);
    expect(await tab.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await submitAndExpectLead(tab, 'strict.csp@example.com');
    await tab.close();
  });

  test('the CSP test page really blocks what it does not list (an inline script)', async () => {
    const tab = await load('/csp');
    const ran = await tab.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.inlineRan = true';
      document.head.appendChild(s);
      return (window as unknown as { inlineRan?: boolean }).inlineRan === true;
    });
    expect(ran).toBe(false);
    await tab.close();
  });
});
