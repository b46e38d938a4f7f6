import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
// What a proxy or a client may choose as id: it is written into every log line of the request,
// so only a short run of plain characters (no spaces, quotes or line breaks) is taken as given.
const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it looks safe, else a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/**
 * An answer names its request id when the caller sent one (a proxy or a client that traces) and
 * when it is an error, so a user's report of a failure leads to the server's lines. A phone's
 * successful answers go without it: a unique value in every answer is bytes that HTTP/2's header
 * compression cannot save, on every request of a repeat visit.
 */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || request.headers[REQUEST_ID_HEADER] !== undefined)
      reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });
}
