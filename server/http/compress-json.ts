/**
 * JSON answers of the API other than the catalogue's (which are compressed once and kept, see
 * representation.ts) are compressed per request when the client accepts it and the body is big
 * enough to gain from it: search results, CRM lists. Brotli at a fast quality, else gzip, chosen
 * by the same reading of Accept-Encoding as every other answer (negotiation.ts).
 */
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { acceptedCodings } from './negotiation';

const MIN_BYTES = 1024;

export function registerJsonCompression(api: FastifyInstance): void {
  api.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const coding = acceptedCodings(request.headers['accept-encoding'])[0];
    const vary = reply.getHeader('vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (coding === 'br') {
      reply.header('Content-Encoding', 'br').removeHeader('content-length');
      return zlib.brotliCompressSync(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    }
    if (coding === 'gzip') {
      reply.header('Content-Encoding', 'gzip').removeHeader('content-length');
      return zlib.gzipSync(payload, { level: 6 });
    }
    return payload;
  });
}
