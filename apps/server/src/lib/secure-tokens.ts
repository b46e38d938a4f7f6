import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An unguessable opaque token (256 bits), for links and refresh tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit verification code from the CSPRNG (100000–999999). */
export function randomSixDigitCode(): string {
  return String(randomInt(100_000, 1_000_000));
}
