import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

// The operators' second factor: RFC 6238 codes from an authenticator app (30 s, 6 digits, SHA-1,
// what every app reads from a QR code). The secret is stored encrypted with a key derived from the
// server secret, so a copy of the database alone cannot mint codes.

const PERIOD_SECONDS = 30;
const ISSUER = 'KreyolCash Admin';

function totpOf(secretBase32: string, label = 'operator'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app scans (as a QR code) or takes by hand. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/**
 * The time step of a valid code (one step of clock drift either way), or null. The caller accepts
 * a step only once: see operators.repository.ts (claimTotpStep).
 */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

function keyOf(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('kreyolcash operator totp').digest();
}

export function sealTotpSecret(secretBase32: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    sealed.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}

export function openTotpSecret(stored: string, serverSecret: string): string {
  const [version, iv, sealed, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed || !tag) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
