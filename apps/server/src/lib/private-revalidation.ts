import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route's `onSend` for the signed-in person's own reads (their profile, balance, movements,
 * limits): the answer carries an ETag made from its body and `Cache-Control: private, no-cache`, so
 * the phone's browser keeps it, asks again every time (never shows it without asking) and names
 * what it holds in `If-None-Match`; when the body the server would send is that same one, the
 * answer is a bodiless 304 and the browser uses its copy. On a repeat visit an unchanged profile
 * or list costs ~25 bytes instead of its body.
 *
 * Why this is safe on a shared phone: the browser's cache does not tell two people apart (its key
 * is the URL), so someone else's request may name the first person's copy. The ETag is a hash of
 * the exact bytes of the body the server has just built for the caller, so a 304 only ever says
 * "what you hold is byte for byte what I would send you"; any other body gets a 200 with the
 * caller's own data. `private` keeps shared caches (proxies) from storing it. These answers were
 * already kept by the browser before (no header forbade it); logout now clears them
 * (`Clear-Site-Data: "cache"`).
 */
export async function revalidatePrivately(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = bodyTag(payload);
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  if (!namesTag(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return '';
}

/** A weak tag (the bytes may be re-encoded on the way): 128 bits of the body's SHA-256. */
export function bodyTag(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** If-None-Match's list (or `*`), compared weakly as RFC 9110 §13.1.2 asks. */
function namesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
