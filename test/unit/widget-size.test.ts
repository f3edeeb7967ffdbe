/**
 * The widget's size budgets (issue 31), asserted in the suite as `npm run size` (scripts/size.mjs)
 * checks them: the loader <= 4,096 B gzip and loader + inquiry form (its CSS inside) <= 20,480 B
 * for the built widget (`npm test` builds first), and the script fails a build above either.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve('scripts/size.mjs');

function size(dist: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, dist], (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }));
  });
}

/** The bytes a line of the script's report gives for a label. */
const measured = (stdout: string, label: RegExp) => {
  const line = stdout.split('\n').find((l) => label.test(l));
  return Number(/(\d+) B/.exec(line ?? '')?.[1] ?? NaN);
};

describe('widget size budgets (npm run size)', () => {
  test('the built widget: loader <= 4,096 B, loader + inquiry form + CSS <= 20,480 B, the registration form in its own chunk', async () => {
    const { code, stdout } = await size('dist');
    expect(measured(stdout, /widget: loader college-inquiry\.js/)).toBeLessThanOrEqual(4096);
    expect(measured(stdout, /widget: loader \+ inquiry form \+ CSS/)).toBeLessThanOrEqual(20_480);
    expect(measured(stdout, /widget: registration form, on register\(\)/)).toBeGreaterThan(0);
    expect(code).toBe(0);
  });

  describe('a build above a budget fails', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'widget-size-'));
      mkdirSync(path.join(dir, 'widget'));
      mkdirSync(path.join(dir, 'site'));
      writeFileSync(path.join(dir, 'site-chunks.json'), '{}');
      writeFileSync(path.join(dir, 'widget/college-inquiry-registration-abc.js'), 'export {};');
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    /** Random bytes do not compress: gzip makes them a few bytes larger. */
    const widget = (loader: number, form: number) => {
      writeFileSync(path.join(dir, 'widget/college-inquiry.js'), randomBytes(loader));
      writeFileSync(path.join(dir, 'widget/college-inquiry-form.js'), randomBytes(form));
    };

    test('within both budgets: passes', async () => {
      widget(3000, 17_000);
      expect((await size(dir)).code).toBe(0);
    });

    test('a loader above 4,096 B', async () => {
      widget(4100, 1000);
      const { code, stdout } = await size(dir);
      expect(stdout).toMatch(/^OVER widget: loader college-inquiry\.js/m);
      expect(code).toBe(1);
    });

    test('loader + inquiry form above 20,480 B, each small enough alone', async () => {
      widget(3000, 17_600);
      const { code, stdout } = await size(dir);
      expect(stdout).toMatch(/^ok {3}widget: loader college-inquiry\.js/m);
      expect(stdout).toMatch(/^OVER widget: loader \+ inquiry form \+ CSS/m);
      expect(code).toBe(1);
    });
  });
});
