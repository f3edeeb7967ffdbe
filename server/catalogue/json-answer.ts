/**
 * A JSON answer serialised once, as a representation (server/http/representation.ts): bytes, ETags
 * and headers ready to be sent as they are, compressed on the first request for a coding and kept
 * with the answer. Every embedded widget and site page reads these.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Representation } from '../http/representation';
import { sendRepresentation } from '../http/send-representation';

/** Catalogue answers may be cached briefly by browsers and proxies; the ETag makes rechecks cheap. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': CATALOGUE_CACHE_CONTROL } as const;

/** A catalogue-style answer: a Representation whose body is JSON. */
export type JsonAnswer = Representation;

export function jsonAnswer(value: unknown): JsonAnswer {
  return new Representation(Buffer.from(JSON.stringify(value), 'utf8'), JSON_HEADERS);
}

/** A JSON answer made once (the OpenAPI document too), sent as every catalogue answer is. */
export const sendJsonAnswer = (request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer): FastifyReply =>
  sendRepresentation(request, reply, answer);
