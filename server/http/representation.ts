/**
 * One representation of a public answer — a built file, a catalogue JSON answer, a rendered page —
 * held in memory as bytes per content coding, with its ETags and its own headers (Content-Type,
 * Cache-Control and any the answer always carries). Every precompressed answer is one of these and
 * is sent by send-representation.ts, so all of them negotiate, revalidate and cache alike.
 *
 * ETags: one strong tag per coding, `"<hash of the plain bytes>"` and `"<hash>-br"` /
 * `"<hash>-gzip"` (each coding is a representation of its own, RFC 9110 R-errors.8.3, so no cache ever
 * confuses them). If-None-Match matches any of them: every one stands for the same content, so a
 * client holding the brotli copy needs nothing new when it later asks without brotli.
 *
 * Compression: copies the build made (scripts/precompress.mjs, at maximum quality) are used as
 * they are; any other copy is made on the first request that asks for it, at brotli 5 / gzip 6
 * (a few milliseconds, where the build's settings would hold the event loop for hundreds of
 * milliseconds on a large page; the bytes saved are a few percent), then kept.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { ContentCoding } from './negotiation';

export type { ContentCoding } from './negotiation';

/** The bytes sent for one coding (null: the plain bytes), with their ETag. */
export interface Variant {
  readonly body: Buffer;
  readonly etag: string;
  readonly encoding: ContentCoding | null;
  /** Header lists built for this variant by the writer (send-representation.ts), per header profile. */
  readonly headerLists: Map<object, unknown>;
}

/** Types worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;
/** Below this, compression saves less than it costs to look at (the build's rule too). */
const COMPRESS_ABOVE_BYTES = 256;

export type Precompressed = Partial<Record<ContentCoding, Buffer | null>>;

export class Representation {
  readonly plain: Variant;
  /** Every ETag of this representation (one per coding): If-None-Match may name any of them. */
  readonly etags: readonly string[];
  private readonly compressible: boolean;
  private readonly variants: Partial<Record<ContentCoding, Variant>> = {};
  private readonly hash: string;

  /**
   * `headers`: sent with every answer of this representation (at least Content-Type and
   * Cache-Control). `ready`: compressed copies made beforehand (the build's).
   */
  constructor(
    body: Buffer,
    readonly headers: Readonly<Record<string, string>>,
    ready: Precompressed = {},
  ) {
    this.hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);
    this.plain = { body, etag: `"${this.hash}"`, encoding: null, headerLists: new Map() };
    this.compressible = COMPRESSIBLE.test(headers['Content-Type'] ?? '') && body.length > COMPRESS_ABOVE_BYTES;
    this.etags = [this.plain.etag, this.tagOf('br'), this.tagOf('gzip')];
    if (!this.compressible) return;
    for (const coding of ['br', 'gzip'] as const) {
      const copy = ready[coding];
      if (copy) this.variants[coding] = this.variantOf(coding, copy);
    }
  }

  get body(): Buffer {
    return this.plain.body;
  }

  /** The variant to send to a client accepting `codings` (best first): the first we can make, else the plain bytes. */
  select(codings: readonly ContentCoding[]): Variant {
    const best = codings[0];
    return best && this.compressible ? this.encoded(best) : this.plain;
  }

  /** The variant in `coding`, compressed now if it was not yet. */
  encoded(coding: ContentCoding): Variant {
    if (!this.compressible) return this.plain;
    return (this.variants[coding] ??= this.variantOf(coding, compress(this.plain.body, coding)));
  }

  private tagOf(coding: ContentCoding): string {
    return `"${this.hash}-${coding}"`;
  }

  private variantOf(coding: ContentCoding, body: Buffer): Variant {
    return { body, etag: this.tagOf(coding), encoding: coding, headerLists: new Map() };
  }
}

function compress(body: Buffer, coding: ContentCoding): Buffer {
  return coding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.gzipSync(body, { level: 6 });
}
