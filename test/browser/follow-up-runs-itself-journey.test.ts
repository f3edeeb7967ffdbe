/** @jest-environment node */
/**
 * Issue 23's "done when", through real parts (Chromium, the real server and widget, an SMTP sink,
 * Dovecot over IMAP) with the server's job clock driven by the test (pg-boss TestClock): an admin
 * sets round-robin over two counsellors and a 3-step sequence in the CRM → three leads arrive
 * through the widget on a partner page → they alternate between the counsellors → the first step's
 * e-mail is held to business hours: with the clock moved to Saturday noon it waits for Monday 9:00,
 * and reaches the sink within a minute of it → the student replies over IMAP and leaves the sequence
 * → a second inquiry from the same student attaches to the first lead → staff merge two leads on
 * the compare screen and every record is on the kept one.
 *
 * The clock follows real time (plus a jump the test makes): the lead rows, replies and consent are
 * stamped by the database's own clock, and a reply counts when it is newer than the enrolment. The
 * server's step worker is stopped while the leads are enrolled and started again (the same handler,
 * on the same clock) once the clock reads Saturday, so the first step runs then and not before.
 */
import type { Page } from 'playwright-core';
import { TestClock } from 'pg-boss';
import { describeBrowser } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { DOVECOT_PATH, startImapServer, type TestImapServer } from '../support/imap';
import { replyMail } from '../support/replies';
import { addStaff } from '../support/crm-staff';
import { insertTemplate, quietLog } from '../support/sequences';
import { openSignedIn, signInInBrowser } from '../support/staff';
import { kickSweep } from '../../server/sequences/engine';
import { leadReferences } from '../../server/merge/lead-references';
import { nextBusinessTime } from '../../server/time/business-hours';
import { runStepJob } from '../../server/sequences/step-runner';
import { STEP_QUEUE, type SequenceDeps, type StepJob } from '../../server/sequences/engine-deps';
import { toTorontoLocalInput } from '../../src/college-time';

if (!DOVECOT_PATH && process.env.CI) throw new Error('dovecot is missing: CI must install dovecot-imapd (see .ci/run).');
const describeWithImap = DOVECOT_PATH ? describeBrowser : describe.skip;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MAYA = 'maya.runs@example.com';
const FAMILY_PHONE = '4165550142';

/** Saturday 12:00 in Toronto, the first after `from`. */
function nextSaturdayNoon(from: Date): Date {
  const hour = new Date(Math.ceil(from.getTime() / 3_600_000) * 3_600_000);
  for (let h = 0; h < 24 * 8; h += 1) {
    const at = new Date(hour.getTime() + h * 3_600_000);
    const local = toTorontoLocalInput(at);
    if (new Date(`${local.slice(0, 10)}T12:00:00Z`).getUTCDay() === 6 && local.slice(11) === '12:00') return at;
  }
  throw new Error('no Saturday within a week');
}

/** Waits (real time) until `check` resolves truthy. */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  for (let waited = 0; waited < ms; waited += 200) {
    const value = await check();
    if (value) return value;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${ms / 1000} s`);
}

async function reloadUntil(page: Page, text: string | RegExp): Promise<void> {
  for (let tries = 0; !(await page.getByText(text).count()); tries += 1) {
    if (tries > 60) throw new Error(`"${String(text)}" did not appear`);
    await page.waitForTimeout(500);
    await page.reload();
  }
}

describeWithImap('follow-up that runs itself, end to end (issue 23)', () => {
  // The server's job clock: it follows real time plus `offset`, moved by the ticker below.
  const clock = new TestClock(Date.now());
  let offset = 0;
  let running = true;
  let ticker: Promise<void> = Promise.resolve();
  let imap: TestImapServer;
  const env: Record<string, string> = { IMAP_POLL_SECONDS: '1', ADMISSIONS_EMAIL: 'admissions@college.test', LEADS_RATE_LIMIT: '1000' };
  beforeAll(async () => {
    imap = await startImapServer();
    env.IMAP_URL = imap.urlFor('admissions');
  });
  const app = useBrowserApp({ env, smtp: true, partner: true, clock });
  beforeAll(() => {
    // A TestClock fires pg-boss's timers only when ticked: keep it at real time (+ offset).
    ticker = (async () => {
      while (running) {
        const behind = Date.now() + offset - clock.now();
        // A jump of days: setTime (each timer fires once), not tick (every poll of every queue in between).
        if (behind > 5_000) await clock.setTime(Date.now() + offset);
        else if (behind > 0) await clock.tick(behind);
        await sleep(100);
      }
    })();
  });
  afterAll(async () => {
    running = false;
    await ticker;
    await imap?.close();
  });

  /** The sequence engine's parts as the server wires them (server/server.ts), on the test's clock. */
  const serverDeps = (): SequenceDeps => {
    const { db, jobs, mailer, config, catalogue } = app.server.ctx;
    return {
      db,
      jobs,
      mailer,
      config,
      catalogue,
      now: () => new Date(clock.now()),
      log: quietLog,
    };
  };
  const query = async <T extends object>(sql: string, params: unknown[] = []) => (await app.server.db.pool.query<T>(sql, params)).rows;
  const leadIdOf = async (email: string) =>
    (
      await query<{ id: string }>('SELECT id FROM leads WHERE email = $1 AND parent_lead_id IS NULL ORDER BY created_at LIMIT 1', [email])
    )[0]?.id.trim();

  /** A student fills the real widget on the partner's page ("Apply now": no course, Local Student). */
  async function inquire(first: string, last: string, email: string, phone: string): Promise<void> {
    const student = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    await student.goto(`${app.partner.url}/`);
    await student.getByRole('button', { name: 'Apply now' }).click();
    const form = student.getByRole('dialog', { name: 'Student Inquiry Form' });
    await form.getByLabel('First Name *').fill(first);
    await form.getByLabel('Last Name *').fill(last);
    await form.getByLabel('Email *').fill(email);
    await form.getByLabel('Phone *').fill(phone);
    await form.getByRole('button', { name: 'Submit' }).click();
    await student.waitForURL(`${app.url}/thank-you`);
    await student.close();
  }

  test('round robin → sequence e-mail in business hours → reply leaves → repeat inquiry attaches → merge keeps everything', async () => {
    const rita = await addStaff(app.server, 'Rita Round');
    const sam = await addStaff(app.server, 'Sam Second');
    await insertTemplate(app.server.db.pool, 'Welcome to Northbridge');
    const staff = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    staff.setDefaultTimeout(15_000);
    await signInInBrowser(staff, app.server);
    const nav = staff.getByRole('navigation', { name: 'CRM' });

    // The admin: round robin over the two counsellors.
    await nav.getByRole('link', { name: 'Assignment' }).click();
    await staff.getByRole('button', { name: 'Add a rule' }).click();
    const rule = staff.getByRole('form', { name: 'New rule' });
    await rule.getByLabel('Rule name').fill('Everyone in turn');
    await rule.getByLabel(rita.name).check();
    await rule.getByLabel(sam.name).check();
    await rule.getByRole('button', { name: 'Save rule' }).click();
    await staff.getByRole('listitem').filter({ hasText: 'Everyone in turn' }).waitFor();

    // The admin: a sequence of an e-mail, a wait and a task, for local students.
    await nav.getByRole('link', { name: 'Sequences' }).click();
    await staff.getByRole('button', { name: 'New sequence' }).click();
    const editor = staff.getByRole('form', { name: 'New sequence' });
    await editor.getByLabel('Name').fill('Welcome series');
    await editor.getByLabel('What it does').selectOption({ label: 'Send an e-mail template' });
    await editor.getByLabel('Template').selectOption({ label: 'Welcome to Northbridge' });
    await editor.getByRole('button', { name: 'Add a step' }).click();
    await editor.getByLabel('What it does').nth(1).selectOption({ label: 'Wait business days' });
    await editor.getByLabel('Business days').fill('1');
    await editor.getByRole('button', { name: 'Add a step' }).click();
    await editor.getByLabel('Subject').fill('Call about the intake');
    await editor.getByLabel('Local or international').selectOption({ label: 'Local Student' });
    await editor.getByRole('button', { name: 'Save sequence' }).click();
    await staff.getByRole('list', { name: 'Sequences' }).getByText('Call for the owner: Call about the intake').waitFor();

    // The test holds the server's steps until it has set the clock (the sweep still enrols).
    await app.server.ctx.jobs.offWork(STEP_QUEUE.name);

    // Three leads through the widget; Mia shares Maya's family phone.
    await inquire('Maya', 'Singh', MAYA, FAMILY_PHONE);
    await inquire('Omar', 'Haddad', 'omar.runs@example.com', '4165550177');
    await inquire('Mia', 'Singh', 'mia.runs@example.com', FAMILY_PHONE);
    const ids = await until('three leads stored', async () => {
      const found = await Promise.all([MAYA, 'omar.runs@example.com', 'mia.runs@example.com'].map(leadIdOf));
      return found.every(Boolean) ? (found as string[]) : null;
    });
    const [maya, , mia] = ids as [string, string, string];

    // They alternate between the counsellors: read on each lead's timeline.
    const owners: string[] = [];
    for (const id of ids) {
      await openSignedIn(staff, app.server, `/crm/leads/${id}`);
      await reloadUntil(staff, /Owner changed from Unassigned to/);
      const line = await staff
        .getByText(/Owner changed from Unassigned to/)
        .first()
        .textContent();
      owners.push(/to (Rita Round|Sam Second)/.exec(line ?? '')?.[1] ?? `? ${line}`);
    }
    expect(new Set(owners)).toEqual(new Set([rita.name, sam.name]));
    expect(owners[1]).not.toBe(owners[0]);
    expect(owners[2]).toBe(owners[0]);

    // The minute's sweep enrols them (kicked, as resuming a sequence does, rather than waiting for the minute).
    await kickSweep(app.server.ctx.jobs);
    await until('three enrolments', async () => {
      const rows = await query("SELECT 1 FROM sequence_enrolments WHERE state = 'active'");
      return rows.length === 3;
    });
    // The server runs steps again, now on Saturday at noon: the e-mail waits for the next business time.
    const saturday = nextSaturdayNoon(new Date(clock.now()));
    const monday = nextBusinessTime(saturday);
    expect(toTorontoLocalInput(monday).slice(11)).toBe('09:00');
    offset = saturday.getTime() - Date.now();
    await until('the clock on Saturday', async () => clock.now() >= saturday.getTime());
    await app.server.ctx.jobs.work<StepJob>(STEP_QUEUE, (job) => runStepJob(serverDeps(), job));
    await until('the e-mail steps put off to Monday 9:00', async () => {
      const rows = await query<{ due: Date }>("SELECT next_due_at AS due FROM sequence_enrolments WHERE state = 'active'");
      return rows.length === 3 && rows.every((r) => new Date(r.due).getTime() === monday.getTime());
    });
    expect(app.smtp.messages.filter((m) => m.raw.includes('Welcome to Northbridge subject'))).toHaveLength(0);
    offset = monday.getTime() - 2_000 - Date.now();
    const welcome = await until('the welcome e-mail in the sink', async () =>
      app.smtp.messages.find((m) => m.to.includes(MAYA) && /^Subject: Welcome to Northbridge subject/m.test(m.raw)),
    );
    const [run] = await query<{ ran_at: Date }>(
      `SELECT r.ran_at FROM sequence_step_runs r JOIN sequence_enrolments e ON e.id = r.enrolment_id
        WHERE e.lead_id = $1 ORDER BY r.ran_at LIMIT 1`,
      [maya],
    );
    expect(new Date(run!.ran_at).getTime() - monday.getTime()).toBeGreaterThanOrEqual(0);
    expect(new Date(run!.ran_at).getTime() - monday.getTime()).toBeLessThanOrEqual(60_000);

    // Maya replies to the sequence's e-mail; the server reads the mailbox; she leaves the sequence.
    const replyTo = /^Reply-To: (\S+)$/m.exec(welcome.raw.replace(/\r\n[ \t]+/g, ' '))?.[1] ?? '';
    expect(replyTo).toMatch(/^admissions\+r-[a-z2-7]{20}@college\.test$/);
    await imap.deliver(
      'admissions',
      replyMail({ from: `Maya Singh <${MAYA}>`, to: replyTo, subject: 'Re: Welcome', body: 'Is there an evening intake?' }),
    );
    await openSignedIn(staff, app.server, `/crm/leads/${maya}`);
    await reloadUntil(staff, 'Is there an evening intake?');
    await kickSweep(app.server.ctx.jobs);
    await reloadUntil(staff, 'Left the sequence Welcome series: The lead replied.');

    // Maya asks again through the widget: the inquiry joins her lead.
    await inquire('Maya', 'Singh', MAYA, FAMILY_PHONE);
    await reloadUntil(staff, `Inquired again about no particular course from ${new URL(app.partner.url).origin}`);
    expect(await query('SELECT 1 FROM leads WHERE parent_lead_id = $1', [maya])).toHaveLength(1);

    // Staff merge Mia's lead and Maya's from the possible-duplicate link, on the compare screen.
    const before = await referencing([maya, mia]);
    await openSignedIn(staff, app.server, '/crm/leads');
    await staff.getByRole('link', { name: 'Possible duplicate: compare Mia Singh with the other lead' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Compare and merge' }).waitFor();
    await staff.getByRole('button', { name: 'Merge leads' }).click();
    const dialog = staff.getByRole('alertdialog', { name: /^Merge (Maya|Mia) Singh into (Maya|Mia) Singh\?$/ });
    await dialog.getByRole('button', { name: 'Merge' }).click();
    const keptName = await staff.getByRole('heading', { level: 1, name: /^(Maya|Mia) Singh$/ }).textContent();
    await staff.getByText('Merged with').waitFor();
    const [kept, merged] = keptName === 'Maya Singh' ? [maya, mia] : [mia, maya];

    // Every record is on the kept lead: nothing references the merged one; the kept one has both leads' rows.
    const after = await referencing([kept, merged]);
    for (const key of Object.keys(before)) {
      const moved = before[key]![kept]! + before[key]![merged]!;
      // The merge's timeline entry and the tombstone's pointer are new; the settled duplicate pair is gone.
      const added = key === 'lead_events.lead_id' || key === 'leads.merged_into' ? 1 : 0;
      const expected = key.startsWith('lead_duplicates.') ? 0 : moved + added;
      expect({ [key]: after[key] }).toEqual({ [key]: { [kept]: expected, [merged]: 0 } });
    }
    await staff.close();
  }, 180_000);

  /** Rows of every table that references leads(id), per table column and lead. */
  async function referencing(ids: string[]): Promise<Record<string, Record<string, number>>> {
    const counts: Record<string, Record<string, number>> = {};
    for (const ref of await leadReferences(app.server.db.pool)) {
      const rows = await query<{ id: string; n: number }>(
        `SELECT ${ref.column} AS id, count(*)::int AS n FROM ${ref.table} WHERE ${ref.column} = ANY($1::char(24)[]) GROUP BY 1`,
        [ids],
      );
      counts[`${ref.tableName}.${ref.column}`] = Object.fromEntries(ids.map((id) => [id, rows.find((r) => r.id.trim() === id)?.n ?? 0]));
    }
    return counts;
  }
});
