import { jwtVerify, SignJWT } from 'jose';
import { isUuid } from '../../lib/ids.ts';

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
    .sign(keyOf(secret));
  return { token, expiresAtSeconds };
}

/** The claims of a valid, unexpired token (with its expiry), or undefined. */
export async function readAccessToken(
  token: string,
  secret: string,
): Promise<(AccessClaims & { expiresAtSeconds: number }) | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    if (typeof payload.exp !== 'number') return undefined;
    // Both name uuid columns: anything else would reach the database as a malformed uuid (a 500).
    if (!isUuid(payload.sub) || !isUuid(payload.sid)) return undefined;
    return { userId: payload.sub, sessionId: payload.sid, expiresAtSeconds: payload.exp };
  } catch {
    return undefined;
  }
}

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}
