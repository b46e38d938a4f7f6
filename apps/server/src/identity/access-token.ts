import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';
import { isUuid } from '../lib/ids.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'kreyolcash';

export type AccessClaims = { userId: string; sessionId: string };

export async function signAccessToken(
  claims: AccessClaims,
  secret: string,
  nowMs = Date.now(),
): Promise<{ token: string; expiresAtSeconds: number }> {
  const issuedAt = Math.floor(nowMs / 1000);
  const expiresAtSeconds = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAtSeconds)
    .sign(await signingKeyOf(secret));
  return { token, expiresAtSeconds };
}

/**
 * The claims of a valid, unexpired token (with its expiry), or undefined.
 *
 * Every signed-in request reads one, so it is checked here with Node's own HMAC, at once: jose's
 * WebCrypto verification is an asynchronous job per token (~80 µs, the largest single cost of a
 * request in the server's CPU profile) against a few µs. Only the one form we sign is accepted: a
 * compact HS256 token, signature first (nothing of the token is parsed before it holds), then the
 * header (`alg` HS256, no `crit`), then the claims (issuer, expiry, not-before, two uuids).
 */
export async function readAccessToken(
  token: string,
  secret: string,
  nowMs = Date.now(),
): Promise<(AccessClaims & { expiresAtSeconds: number }) | undefined> {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  if (!signatureHolds(`${header}.${payload}`, signature, secret)) return undefined;
  const head = jsonObjectOf(header);
  if (head?.alg !== 'HS256' || 'crit' in head) return undefined;
  const claims = jsonObjectOf(payload);
  if (!claims || claims.iss !== ISSUER) return undefined;
  const nowSeconds = Math.floor(nowMs / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return undefined;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > nowSeconds))
    return undefined;
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return undefined;
  // Both name uuid columns: anything else would reach the database as a malformed uuid (a 500).
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return undefined;
  if (!isUuid(claims.sub) || !isUuid(claims.sid)) return undefined;
  return { userId: claims.sub, sessionId: claims.sid, expiresAtSeconds: claims.exp };
}

function signatureHolds(signed: string, signature: string, secret: string): boolean {
  const given = Buffer.from(signature, 'base64url');
  // Node's decoder skips what is not base64url: only the one spelling of the signature counts.
  if (given.toString('base64url') !== signature) return false;
  const expected = createHmac('sha256', secret).update(signed).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function jsonObjectOf(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

// The secret as a WebCrypto key for signing, imported once (jose would import it for every token).
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
function signingKeyOf(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    keys.set(secret, key);
  }
  return key;
}
