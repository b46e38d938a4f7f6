import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, readAccessToken, signAccessToken } from './access-token.ts';

const SECRET = 'a-secret-for-these-tests-that-is-long-enough-0123456789';
const claims = { userId: randomUUID(), sessionId: randomUUID() };
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed with HS256 over whatever header and claims a test writes. */
function forged(header: object, payload: object, secret = SECRET): string {
  const signed = `${part(header)}.${part(payload)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}
const goodClaims = () => ({
  sub: claims.userId,
  sid: claims.sessionId,
  iss: 'kreyolcash',
  iat: NOW / 1000,
  exp: NOW / 1000 + 60,
});

describe('access tokens', () => {
  it('reads back what it signed, with its expiry, until it expires', async () => {
    const { token, expiresAtSeconds } = await signAccessToken(claims, SECRET, NOW);
    expect(expiresAtSeconds).toBe(NOW / 1000 + ACCESS_TOKEN_TTL_SECONDS);
    expect(await readAccessToken(token, SECRET, NOW)).toEqual({ ...claims, expiresAtSeconds });
    expect(await readAccessToken(token, SECRET, expiresAtSeconds * 1000 - 1)).toBeDefined();
    expect(await readAccessToken(token, SECRET, expiresAtSeconds * 1000)).toBeUndefined();
  });

  it('reads a token signed by jose with the same secret (the standard form)', async () => {
    const token = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer('kreyolcash')
      .setIssuedAt(NOW / 1000)
      .setExpirationTime(NOW / 1000 + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await readAccessToken(token, SECRET, NOW)).toEqual({
      ...claims,
      expiresAtSeconds: NOW / 1000 + 60,
    });
  });

  it('refuses another secret, a changed claim, and a signature spelled another way', async () => {
    const { token } = await signAccessToken(claims, SECRET, NOW);
    expect(await readAccessToken(token, `${SECRET}x`, NOW)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const otherUser = part({ ...goodClaims(), sub: randomUUID() });
    expect(await readAccessToken(`${header}.${otherUser}.${signature}`, SECRET, NOW)).toBeUndefined();
    expect(await readAccessToken(`${token}=`, SECRET, NOW)).toBeUndefined();
    expect(await readAccessToken(`${token}.x`, SECRET, NOW)).toBeUndefined();
    expect(await readAccessToken(token.slice(0, -2), SECRET, NOW)).toBeUndefined();
    expect(await readAccessToken('', SECRET, NOW)).toBeUndefined();
  });

  it('refuses any header but HS256 without crit, even with a right HMAC', async () => {
    expect(await readAccessToken(forged({ alg: 'HS256' }, goodClaims()), SECRET, NOW)).toBeDefined();
    for (const header of [{ alg: 'none' }, { alg: 'HS512' }, { alg: 'HS256', crit: ['b64'] }, {}]) {
      expect(await readAccessToken(forged(header, goodClaims()), SECRET, NOW)).toBeUndefined();
    }
    const unsigned = `${part({ alg: 'none' })}.${part(goodClaims())}.`;
    expect(await readAccessToken(unsigned, SECRET, NOW)).toBeUndefined();
  });

  it('refuses another issuer, no expiry, a token not yet valid, and ids that are not uuids', async () => {
    const header = { alg: 'HS256' };
    for (const payload of [
      { ...goodClaims(), iss: 'someone-else' },
      { ...goodClaims(), exp: undefined },
      { ...goodClaims(), exp: String(NOW / 1000 + 60) },
      { ...goodClaims(), nbf: NOW / 1000 + 1 },
      { ...goodClaims(), iat: 'now' },
      { ...goodClaims(), sub: 'admin' },
      { ...goodClaims(), sid: 42 },
    ]) {
      expect(await readAccessToken(forged(header, payload), SECRET, NOW)).toBeUndefined();
    }
    const notAnObject = `${part({ alg: 'HS256' })}.${part([goodClaims()])}`;
    const signed = `${notAnObject}.${createHmac('sha256', SECRET).update(notAnObject).digest('base64url')}`;
    expect(await readAccessToken(signed, SECRET, NOW)).toBeUndefined();
  });
});
