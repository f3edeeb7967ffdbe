/**
 * The browser suites' one set-up: the real server on its own test database, Chromium, and what a
 * suite asks for on top (an SMTP sink the server mails to, a partner page on a second origin, a
 * page opened for every test or once for the suite, signed in as the admin or not, a folder for
 * screenshots). Call useBrowserApp() inside a describeBrowser block: it registers the hooks and
 * returns getters that work from the suite's own hooks and tests on.
 *
 * Hooks run in the order they are registered (jest-circus, after* hooks included), so a suite's
 * own beforeAll, written after the call, sees the server running; its own afterAll runs after
 * the fixture has closed everything it started.
 */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Clock } from 'pg-boss';
import { launchBrowser, trackPageErrors } from './browser';
import { startPartnerOrigin, type PartnerOrigin } from './partner-origin';
import { startTestServer, type TestServer } from './server';
import { startSmtpSink, type SmtpSink } from './smtp';
import { openSignedIn } from './staff';

export interface Viewport {
  width: number;
  height: number;
}

export interface BrowserAppOptions {
  /** Server environment on top of startTestServer()'s (SMTP_URL is set for you with `smtp`). */
  env?: Record<string, string>;
  /** Start a real SMTP sink first and point the server's SMTP_URL at it (`app.smtp`). */
  smtp?: boolean;
  /**
   * Serve the demo partner page on a second origin (`app.partner`); a function adds pages to it,
   * given the server's URL (the widget's origin).
   */
  partner?: boolean | ((serverUrl: string) => Record<string, string>);
  /** Open `app.page` in a context of its own before every test ('each', closed after it) or once ('suite'). */
  page?: 'each' | 'suite';
  /** The viewport of `app.page` (Playwright's default when left out). */
  viewport?: Viewport;
  /** Sign `app.page` in as the admin (through the API) and open this path. */
  signedInAt?: string;
  /** A folder to create for the suite's screenshots. */
  screenshots?: string;
  /** The server's job-queue and sequence clock (a pg-boss TestClock the suite drives). */
  clock?: Clock;
}

export interface BrowserApp {
  readonly server: TestServer;
  /** The server's base URL, e.g. http://127.0.0.1:PORT. */
  readonly url: string;
  readonly browser: Browser;
  readonly smtp: SmtpSink;
  readonly partner: PartnerOrigin;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught errors of `app.page` (see trackPageErrors). */
  readonly errors: string[];
}

interface Started {
  server?: TestServer;
  browser?: Browser;
  smtp?: SmtpSink;
  partner?: PartnerOrigin;
  context?: BrowserContext;
  page?: Page;
  errors?: string[];
}

/** Starting the server, Chromium and a page on a loaded machine can outlast the default 30 s. */
const SET_UP_TIMEOUT_MS = 60_000;

export function useBrowserApp(options: BrowserAppOptions = {}): BrowserApp {
  const started: Started = {};

  /** A started part; `option` names the option that brings it, for the message when it was not asked for. */
  function ready<K extends keyof Started>(name: K, option?: keyof BrowserAppOptions): NonNullable<Started[K]> {
    const value = started[name];
    if (value !== undefined) return value as NonNullable<Started[K]>;
    if (option && !options[option]) throw new Error(`useBrowserApp: no ${name}: ask for it with the \`${option}\` option`);
    throw new Error(`useBrowserApp: ${name} is not ready: read it in a hook or a test, after the fixture's set-up`);
  }

  async function openPage(): Promise<void> {
    const browser = ready('browser');
    started.context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {});
    started.page = await started.context.newPage();
    started.errors = trackPageErrors(started.page);
    if (options.signedInAt !== undefined) await openSignedIn(started.page, ready('server'), options.signedInAt);
  }

  beforeAll(async () => {
    if (options.screenshots) fs.mkdirSync(options.screenshots, { recursive: true });
    if (options.smtp) started.smtp = await startSmtpSink();
    const env = { ...options.env, ...(started.smtp ? { SMTP_URL: started.smtp.url } : {}) };
    [started.server, started.browser] = await Promise.all([
      startTestServer({ env, ...(options.clock ? { clock: options.clock } : {}) }),
      launchBrowser(),
    ]);
    if (options.partner) {
      const url = started.server.url;
      started.partner = await startPartnerOrigin(url, typeof options.partner === 'function' ? options.partner(url) : {});
    }
    if (options.page === 'suite') await openPage();
  }, SET_UP_TIMEOUT_MS);

  afterAll(async () => {
    await started.browser?.close();
    await started.partner?.close();
    await started.server?.close();
    await started.smtp?.close();
  });

  if (options.page === 'each') {
    beforeEach(openPage);
    afterEach(async () => {
      await started.context?.close();
    });
  }

  return {
    get server() {
      return ready('server');
    },
    get url() {
      return ready('server').url;
    },
    get browser() {
      return ready('browser');
    },
    get smtp() {
      return ready('smtp', 'smtp');
    },
    get partner() {
      return ready('partner', 'partner');
    },
    get context() {
      return ready('context', 'page');
    },
    get page() {
      return ready('page', 'page');
    },
    get errors() {
      return ready('errors', 'page');
    },
  };
}
