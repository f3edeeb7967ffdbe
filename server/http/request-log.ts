/**
 * One log line per answered request, instead of Fastify's two: API calls at info, server errors at
 * error, everything else (pages, scripts, styles, images) at debug, so the default log shows what
 * an operator acts on rather than every asset a browser fetches. Built on Fastify's own extension
 * point (a LogController); URLs pass through the logger's request serializer, which redacts
 * one-time tokens.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLogByKind extends LogController {
  override incomingRequest(): void {
    // The completion line carries the request too: one line per request is enough.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const level = error || reply.statusCode >= 500 ? 'error' : request.url.startsWith('/api/') ? 'info' : 'debug';
    const fields = {
      req: request,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      ...(error ? { err: error } : {}),
    };
    reply.log[level](fields, 'request completed');
  }
}
