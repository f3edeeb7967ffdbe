/**
 * Real Chromium for browser tests, driven by playwright-core. Chromium comes from CHROMIUM_PATH,
 * /usr/bin/chromium or another installed Chrome. With none, browser suites are skipped with a
 * loud line, except under CI, where a missing browser fails the run.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
].filter((p): p is string => Boolean(p));

export const chromiumPath: string | null = CANDIDATES.find((p) => fs.existsSync(p)) ?? null;

if (!chromiumPath) {
  const line = 'NO CHROMIUM FOUND: browser tests are skipped. Install it (apt-get install chromium) or set CHROMIUM_PATH.';
  if (process.env.CI) throw new Error(`${line} Under CI this is a failure.`);
  console.warn(`\n\n!!!!! ${line} !!!!!\n\n`);
}

/** `describe` when Chromium is available; otherwise the suite is reported as skipped (never in CI). */
export const describeBrowser: jest.Describe = chromiumPath ? describe : describe.skip;

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('Chromium is not installed');
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Polls until `read()` gives `expected` (UI updates are asynchronous), then asserts it. */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/**
 * Measures, inside the page, the time from a new toast appearing to the next client-side navigation
 * (history.pushState/replaceState). Measured in the page, so the test's own delays on a loaded
 * machine do not count. Call it before the action; call the function it returns after the
 * navigation happened. Toasts already on screen when it is called are ignored.
 */
export async function timeFromToastToNavigation(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const clock = window as unknown as { toastAt?: number; navigatedAt?: number };
    delete clock.toastAt;
    delete clock.navigatedAt;
    for (const old of document.querySelectorAll('.Toastify__toast')) old.setAttribute('data-timed', 'old');
    const observer = new MutationObserver(() => {
      if (clock.toastAt === undefined && document.querySelector('.Toastify__toast:not([data-timed])')) clock.toastAt = performance.now();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        clock.navigatedAt ??= performance.now();
        original(...args);
      };
    }
  });
  return () =>
    page.evaluate(() => {
      const { toastAt, navigatedAt } = window as unknown as { toastAt?: number; navigatedAt?: number };
      if (toastAt === undefined || navigatedAt === undefined)
        throw new Error(`no ${toastAt === undefined ? 'toast' : 'navigation'} was seen`);
      return navigatedAt - toastAt;
    });
}

/**
 * How far the page reaches past the window sideways (≤ 0: it does not). The CRM's content scrolls
 * inside its own frame where no sidebar is beside it (phones, the menu closed: issue 31's toast dock),
 * so that frame is measured too; the document alone would pass whatever the content did.
 */
export function sidewaysOverflowIn(): number {
  const frames = [document.documentElement, ...document.querySelectorAll<HTMLElement>('.crm-main')];
  return Math.max(...frames.map((frame) => frame.scrollWidth - frame.clientWidth));
}

/** sidewaysOverflowIn, measured in the page. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(sidewaysOverflowIn);
}

/** Collects console errors and uncaught page errors, so tests can assert there were none. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Waits until the CRM's toasts have closed: axe right after an action can catch one fading in or out, at a lower contrast than people read it. */
export async function toastsClosed(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.Toastify__toast'), null, { timeout: 15_000 });
}

/**
 * Waits for the finite animations running now (a toast fading in or out) to end; resolves with how
 * many there were. The document's list leaves out shadow trees (the widget's toasts live in one),
 * so the shadow root of every element is asked too.
 */
const finiteAnimationsEnded = (page: Page) =>
  page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    const running = roots
      .flatMap((root) => root.getAnimations())
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity && animation.playState === 'running');
    return Promise.all(running.map((animation) => animation.finished.catch(() => undefined))).then((ended) => ended.length);
  });

/**
 * Runs axe-core in the page (WCAG 2.x A/AA rules) and returns its violations. A toast fading in or
 * out has a lower contrast than people read it at: axe runs once no finite animation is running,
 * and again (at most three times) if one started while it ran (a toast closing on its timer).
 */
export async function axeViolations(page: Page, context?: string): Promise<AxeViolation[]> {
  // evaluate() runs through the DevTools protocol, so the page's strict CSP does not block it.
  await page.evaluate(axeSource);
  let violations: AxeViolation[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await finiteAnimationsEnded(page);
    violations = await runAxe(page, context);
    if ((await finiteAnimationsEnded(page)) === 0) break;
  }
  return violations;
}

function runAxe(page: Page, context?: string): Promise<AxeViolation[]> {
  return page.evaluate(async (ctx) => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(ctx ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
    }));
  }, context ?? null);
}

/** A readable summary for a failed `expect(violations).toEqual([])`. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
