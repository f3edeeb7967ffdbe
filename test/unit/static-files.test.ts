/** Built files: the build's compressed copies are used when fresh, made at start otherwise. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadStaticDir } from '../../server/http/static-files';

test('fresh .br/.gz copies are used as they are, never served as files of their own; stale ones are redone', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-static-'));
  const body = Buffer.from('console.log("hello");\n'.repeat(40));
  fs.writeFileSync(path.join(dir, 'fresh.js'), body);
  // A marker instead of real brotli: proves the copy was read, not recomputed.
  fs.writeFileSync(path.join(dir, 'fresh.js.br'), 'BUILD-BROTLI');
  fs.writeFileSync(path.join(dir, 'fresh.js.gz'), zlib.gzipSync(body));
  fs.writeFileSync(path.join(dir, 'stale.js'), body);
  fs.writeFileSync(path.join(dir, 'stale.js.br'), 'OLD');
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(path.join(dir, 'stale.js.br'), past, past);

  const files = loadStaticDir(dir, '/assets');
  expect([...files.keys()].sort()).toEqual(['/assets/fresh.js', '/assets/stale.js']);
  expect(files.get('/assets/fresh.js')?.encoded('br').body.toString()).toBe('BUILD-BROTLI');
  expect(zlib.gunzipSync(files.get('/assets/fresh.js')?.encoded('gzip').body ?? Buffer.alloc(0))).toEqual(body);
  expect(zlib.brotliDecompressSync(files.get('/assets/stale.js')?.encoded('br').body ?? Buffer.alloc(0))).toEqual(body);
  fs.rmSync(dir, { recursive: true, force: true });
});
