/**
 * The backup file's container: a plain tar (members already compressed where that pays), read
 * and written as a stream with tar-stream, so neither side ever holds a table in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import stream, { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';

/** Writes the files under `folder` (by their paths relative to it, in `order`) and then `manifest.json` into `file`. */
export async function writeArchive(file: string, folder: string, order: string[], manifest: object): Promise<void> {
  const pack = tar.pack();
  const output = fs.createWriteStream(file, { mode: 0o600 });
  const written = pipeline(pack, output);
  for (const member of order) {
    const source = path.join(folder, member);
    const { size } = await fs.promises.stat(source);
    const entry = pack.entry({ name: member, size, mode: 0o600 });
    await pipeline(fs.createReadStream(source), entry);
  }
  pack.entry({ name: 'manifest.json', mode: 0o600 }, `${JSON.stringify(manifest, null, 2)}\n`);
  pack.finalize();
  await written;
  // On disk before the caller renames it into place: a backup that a power cut can undo is no backup.
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface ArchiveMember {
  name: string;
  size: number;
  /** The member's bytes; must be read to the end (or resumed) before the next member comes. */
  stream: AsyncIterable<Buffer>;
}

/** Each member of the tar `file` in order; the consumer reads each member's stream before asking for the next. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveMember> {
  const extract = tar.extract();
  const input = fs.createReadStream(file);
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  for await (const entry of extract) {
    yield { name: entry.header.name, size: entry.header.size ?? 0, stream: bytesOf(entry) };
    entry.resume();
  }
}

async function* bytesOf(source: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    if (!(chunk instanceof Uint8Array)) throw new TypeError('a backup member gave something other than bytes');
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

/**
 * The member's bytes decompressed, as a stream whose reader sees any error of the source (a file
 * cut short), where `.pipe()` would leave the reader waiting forever.
 */
export function gunzipped(bytes: AsyncIterable<Buffer>): NodeJS.ReadableStream {
  const gunzip = createGunzip();
  stream.pipeline(Readable.from(bytes), gunzip, () => undefined);
  return gunzip;
}
