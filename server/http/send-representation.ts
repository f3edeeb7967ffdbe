/**
 * The one writer of precompressed answers (representation.ts): built files, catalogue JSON and
 * rendered pages, through a Fastify reply or, on the fast path (fast-paths.ts), straight on the
 * Node response. Both negotiate the coding and answer If-None-Match the same way (negotiation.ts):
 * 304 with no body when the client holds the content (for 200 answers only), else the chosen
 * bytes; HEAD gets the headers alone. A 304 carries the 200's headers but Content-Encoding and
 * Content-Length (it has no content).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedCodings, noneMatchHits } from './negotiation';
import type { Representation, Variant } from './representation';

/** Sends `rep` (with `status`, 200 unless said otherwise) through Fastify, whose hooks add the common headers. */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, rep: Representation, status = 200): FastifyReply {
  const variant = rep.select(acceptedCodings(request.headers['accept-encoding']));
  reply.headers(rep.headers).header('ETag', variant.etag).header('Vary', 'Accept-Encoding');
  if (status === 200 && noneMatchHits(request.headers['if-none-match'], rep.etags)) return reply.status(304).send();
  if (variant.encoding) reply.header('Content-Encoding', variant.encoding);
  return reply.status(status).send(variant.body);
}

/**
 * The headers the Fastify hooks (security, CORS) would add to an answer, for answers written on
 * the fast path; `headersFor` gets the representation's own headers (e.g. its Content-Type).
 * Keep one object per set of headers: the header lists are cached per profile.
 */
export interface HeaderProfile {
  headersFor(own: Readonly<Record<string, string>>): Readonly<Record<string, string>>;
}

interface HeaderLists {
  ok: string[];
  notModified: string[];
}

/**
 * A variant's full header lists, built once per profile: a flat [name, value, ...] list is the
 * cheapest thing to hand to writeHead (building header objects per request cost ~25 % of the
 * throughput).
 */
function listsOf(rep: Representation, variant: Variant, profile: HeaderProfile): HeaderLists {
  let lists = variant.headerLists.get(profile) as HeaderLists | undefined;
  if (!lists) {
    const notModified = Object.entries({
      ...rep.headers,
      ETag: variant.etag,
      Vary: 'Accept-Encoding',
      ...profile.headersFor(rep.headers),
    }).flat();
    const encoded = variant.encoding ? ['Content-Encoding', variant.encoding] : [];
    lists = { ok: [...notModified, ...encoded, 'Content-Length', String(variant.body.length)], notModified };
    variant.headerLists.set(profile, lists);
  }
  return lists;
}

/** Writes `rep` as a 200 (or 304) on the raw Node response, with the profile's headers. */
export function writeRepresentation(req: IncomingMessage, res: ServerResponse, rep: Representation, profile: HeaderProfile): void {
  const variant = rep.select(acceptedCodings(req.headers['accept-encoding']));
  const lists = listsOf(rep, variant, profile);
  if (noneMatchHits(req.headers['if-none-match'], rep.etags)) {
    res.writeHead(304, lists.notModified);
    res.end();
    return;
  }
  res.writeHead(200, lists.ok);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}
