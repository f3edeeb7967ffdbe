/**
 * Built files held in memory, precompressed (brotli and gzip) with strong ETags, so the hot
 * files (SPA shell, widget) are answered without touching the disk or compressing per request.
 * The build writes the compressed copies (`.br`, `.gz`, scripts/precompress.mjs); a file without
 * fresh copies (a development build) is compressed here once, at start.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface StaticFile {
  body: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
  etag: string;
  type: string;
}

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

const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

/** Ready-made compressed copies of a file (from the build), when they exist. */
export interface Precompressed {
  gzip: Buffer | null;
  brotli: Buffer | null;
}

/**
 * A file made at run time (a rendered page, the sitemap): compressed at brotli 5 / gzip 6, a few
 * milliseconds, where the build's maximum settings would hold the event loop for hundreds of
 * milliseconds on a large page (brotli 11 runs at about 1 MB/s); the bytes saved are a few percent.
 */
export function makeRuntimeFile(body: Buffer, fileName: string): StaticFile {
  return makeStaticFile(body, fileName, {
    gzip: zlib.gzipSync(body, { level: 6 }),
    brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  });
}

export function makeStaticFile(body: Buffer, fileName: string, ready: Precompressed = { gzip: null, brotli: null }): StaticFile {
  const type = TYPES[path.extname(fileName)] ?? 'application/octet-stream';
  const compress = COMPRESSIBLE.test(type) && body.length > 256;
  return {
    body,
    type,
    etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    gzip: compress ? ready.gzip ?? zlib.gzipSync(body, { level: 9 }) : null,
    brotli: compress
      ? ready.brotli ?? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
      : null,
  };
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

/** Every file below `dir`, keyed by its URL path under `urlPrefix` (e.g. `/assets/app-x1.js`). */
export function loadStaticDir(dir: string, urlPrefix: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || COMPRESSED_COPY.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, full).split(path.sep).join('/');
    const builtAt = fs.statSync(full).mtimeMs;
    const ready = { gzip: freshCopy(full, '.gz', builtAt), brotli: freshCopy(full, '.br', builtAt) };
    files.set(`${urlPrefix}/${rel}`, makeStaticFile(fs.readFileSync(full), entry.name, ready));
  }
  return files;
}

/** Sends a file with content negotiation and conditional GET (304 on a matching ETag). */
export function sendStatic(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  cacheControl: string,
  status = 200,
): FastifyReply {
  reply.header('Content-Type', file.type).header('ETag', file.etag).header('Cache-Control', cacheControl);
  reply.header('Vary', 'Accept-Encoding');
  if (status === 200 && request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  const chosen = chooseEncoding(file, request.headers['accept-encoding']);
  if (chosen.encoding) reply.header('Content-Encoding', chosen.encoding);
  return reply.status(status).send(chosen.body);
}

/** The bytes to send for this Accept-Encoding: brotli, else gzip, else the plain file. */
export function chooseEncoding(file: StaticFile, acceptEncoding: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const accept = acceptEncoding ?? '';
  if (file.brotli && /\bbr\b/.test(accept)) return { body: file.brotli, encoding: 'br' };
  if (file.gzip && /\bgzip\b/.test(accept)) return { body: file.gzip, encoding: 'gzip' };
  return { body: file.body, encoding: null };
}
