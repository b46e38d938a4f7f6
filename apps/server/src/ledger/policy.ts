import { createHash, createHmac } from 'node:crypto';

// The ledger's policies that live in the server rather than in SQL.

// New transfers and purchases (each sends a WhatsApp code) per payer per window; resent codes per
// phone per window.
export const CODES_PER_WINDOW = 10;
export const CODE_WINDOW_MS = 15 * 60_000;

/** The key for code hashes, derived from the server secret (never stored in the database). */
export function codePepper(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('kreyolcash verification codes').digest('hex');
}

/** Same Idempotency-Key + same request = the same hash; the operation name keeps kinds apart. */
export function requestHashOf(operation: string, parts: unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, ...parts]))
    .digest('hex');
}
