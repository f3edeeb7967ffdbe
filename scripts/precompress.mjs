#!/usr/bin/env node
/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible built file (npm run build and
 * `npm start` run it after rollup), so the server loads them instead of compressing ~700 KB with
 * brotli 11 at every start. The server ignores a compressed copy older than its file.
 * Usage: node scripts/precompress.mjs dist/widget dist/site (scripts/build.mjs imports it)
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** The same rule as server/http/representation.ts: text-like files above 256 bytes. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml)$/;

/** Precompresses the files of a folder (none if it does not exist); resolves to how many. */
export async function precompress(dir) {
  let count = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
      .map(async (entry) => {
        const file = join(entry.parentPath, entry.name);
        const body = await readFile(file);
        if (body.length <= 256) return;
        const [br, gz] = await Promise.all([
          brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        count += 1;
      }),
  );
  return count;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const dir of process.argv.slice(2)) await precompress(dir);
}
