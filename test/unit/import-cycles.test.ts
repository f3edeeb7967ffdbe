/**
 * scripts/import-cycles.mjs (part of `npm run lint`) fails on a circle of imports, type-only
 * imports included, and passes a project without one.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve('scripts/import-cycles.mjs');
const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

function project(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  roots.push(root);
  fs.writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler' } }),
  );
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const check = (root: string) => spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });

describe('the import circle check', () => {
  test('a circle made only of type imports fails, naming the files', () => {
    const result = check(
      project({
        'server/config.ts': "import type { Level } from './logger';\nexport type Config = { level: Level };\n",
        'server/logger.ts': "import type { Config } from './config';\nexport type Level = 'info';\nexport const make = (c: Config) => c;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /import circle: server\/(config|logger)\.ts -> server\/(logger|config)\.ts -> server\/(config|logger)\.ts/,
    );
  });

  test('a longer circle through an index file and a .tsx module fails', () => {
    const result = check(
      project({
        'site/index.ts': "export { Page } from './Page';\n",
        'site/Page.tsx': "import { title } from './title';\nexport const Page = () => title;\n",
        'site/title.ts': "import { Page } from '.';\nexport const title = String(Page);\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('site/');
  });

  test('imports that never lead back pass', () => {
    const result = check(
      project({
        'src/contract.ts': 'export type Id = string;\n',
        'src/content.ts': "import type { Id } from './contract';\nexport const first: Id = 'a';\n",
        'server/main.ts': "import { first } from '../src/content';\nexport default first;\n",
      }),
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
