import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * The security headers of every answer. Pages (and every other file of the web app) carry the
 * page policy below. The API's own answers — JSON, the event stream, stored photos, empty 204s —
 * are never rendered as a document by the app, so they carry a compact set that still forbids
 * everything a document could do (`default-src 'none'`), framing included, plus the headers that
 * matter to a response read by a script: nosniff, same-origin resource policy, HSTS and no
 * referrer. The page-only headers (COOP, origin-agent-cluster, X-Frame-Options beside
 * frame-ancestors, the legacy X-* ones) are dropped: on a phone over HTTP/1.1 they were ~650
 * bytes of every API answer.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const pageHeaders = headersOf({ contentSecurityPolicy: { directives: pageCspDirectives(config) } });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(pageHeaders);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiAnswer(request.url, reply.getHeader('content-type'))) {
      for (const name of PAGE_ONLY_HEADERS) reply.removeHeader(name);
      reply.header('content-security-policy', API_CSP);
    }
    return payload;
  });
}

/**
 * The headers helmet writes for these options, worked out once. @fastify/helmet builds helmet's
 * middleware again for every request, parsing the policy each time: ~6 % of the server's CPU in
 * the HTTP transfer bench, for headers that never change.
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const PAGE_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Under /api, anything but a page (the API documentation's pages and files keep theirs). */
function isApiAnswer(url: string, contentType: unknown): boolean {
  if (!(url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))) return false;
  if (url.startsWith('/api/docs')) return false;
  const type = String(contentType ?? '').toLowerCase();
  return type === '' || /^(application\/json|text\/event-stream|image\/)/.test(type);
}

// Scripts and styles only from our own origin, never inline (the web build ships the toast
// library's stylesheet as a file instead of letting it inject one).
function pageCspDirectives(config: Config) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.isProduction ? [] : null,
  };
}
