/**
 * Built files held in memory as representations (representation.ts), so the hot files (site
 * assets, the widget) are answered without touching the disk or compressing per request. The
 * build writes the compressed copies (`.br`, `.gz`, scripts/precompress.mjs); a file without
 * fresh copies (a development build) is compressed on its first request for a coding.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Representation, type Precompressed } from './representation';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** The Content-Type of a file, by its name's extension. */
export const typeOf = (fileName: string): string => TYPES[path.extname(fileName)] ?? 'application/octet-stream';

/** A file's representation: its type (by name), `cacheControl` and any `extra` headers it always carries. */
export function fileRepresentation(
  body: Buffer,
  fileName: string,
  cacheControl: string,
  extra: Readonly<Record<string, string>> = {},
  ready: Precompressed = {},
): Representation {
  return new Representation(body, { ...extra, 'Content-Type': typeOf(fileName), 'Cache-Control': cacheControl }, ready);
}

/** The build's `.gz`/`.br` copy of `file`, unless missing or older than the file. */
function freshCopy(file: string, suffix: '.gz' | '.br', builtAt: number): Buffer | null {
  try {
    return fs.statSync(file + suffix).mtimeMs >= builtAt ? fs.readFileSync(file + suffix) : null;
  } catch {
    return null;
  }
}

const COMPRESSED_COPY = /\.(br|gz)$/;

/** How a loaded file is cached and what it always carries, by its URL path. */
export type FileHeaders = (urlPath: string) => { cacheControl: string; extra?: Readonly<Record<string, string>> };

/** Every file below `dir`, keyed by its URL path under `urlPrefix` (e.g. `/assets/app-x1.js`). */
export function loadStaticDir(
  dir: string,
  urlPrefix: string,
  headersOf: FileHeaders = () => ({ cacheControl: 'no-cache' }),
): Map<string, Representation> {
  const files = new Map<string, Representation>();
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || COMPRESSED_COPY.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const urlPath = `${urlPrefix}/${path.relative(dir, full).split(path.sep).join('/')}`;
    const builtAt = fs.statSync(full).mtimeMs;
    const ready = { gzip: freshCopy(full, '.gz', builtAt), br: freshCopy(full, '.br', builtAt) };
    const { cacheControl, extra } = headersOf(urlPath);
    files.set(urlPath, fileRepresentation(fs.readFileSync(full), entry.name, cacheControl, extra, ready));
  }
  return files;
}
