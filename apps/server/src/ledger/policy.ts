import { createHash, createHmac } from 'node:crypto';
import { PURCHASE_CODE_EXPIRY_MS, TRANSFER_CODE_EXPIRY_MS } from '@kreyolcash/domain';
import { type RawBuilder, sql } from 'kysely';

// The ledger's policies that live in the server rather than in SQL.

// New transfers and purchases (each sends a WhatsApp code) per payer per window; resent codes per
// phone per window.
export const CODES_PER_WINDOW = 10;
export const CODE_WINDOW_MS = 15 * 60_000;

/** Codes one user (or phone) may be sent per window, under the configuration's multiplier. */
export function codesPerWindow(rateLimitMultiplier: number, perWindow = CODES_PER_WINDOW): number {
  return Math.ceil(perWindow * rateLimitMultiplier);
}

/**
 * How a held movement ends, chosen by the operation that holds it and stored on the movement
 * (sql/two-phase.sql, kc_reter): what confirms it — a 6-digit code sent to the payer, or an action
 * by a named party (a user id: the seller, the buyer, an agent), whom the caller has checked —,
 * whether it counts in the payer's sending limits and daily total, and when it expires and what
 * its expiry then does (void it, or post it).
 */
export type HoldPolicy = {
  confirmation: { by: 'code' } | { by: 'party'; partyId: string };
  countsInLimits: boolean;
  expiry: { afterMs: number; action: 'void' | 'post' };
};

/** A policy whose hold waits for its named party's action (the only kind a hold between accounts takes). */
export type PartyHoldPolicy = HoldPolicy & { confirmation: { by: 'party'; partyId: string } };

/** A transfer: a code to the payer, counted in the payer's limits, voided when the code expires. */
export const TRANSFER_HOLD_POLICY: HoldPolicy = {
  confirmation: { by: 'code' },
  countsInLimits: true,
  expiry: { afterMs: TRANSFER_CODE_EXPIRY_MS, action: 'void' },
};

/** A purchase: the same, with the purchase code's validity. */
export const PURCHASE_HOLD_POLICY: HoldPolicy = {
  confirmation: { by: 'code' },
  countsInLimits: true,
  expiry: { afterMs: PURCHASE_CODE_EXPIRY_MS, action: 'void' },
};

/**
 * The earliest creation of a movement that may still be held for `validityMs`: its expiry is
 * counted from a moment after its creation (kc_vencimento, once its transaction holds what it
 * needs), so twice the validity bounds a walk of a person's recent movements through their party
 * index, and the expiry itself decides. A list of what is held reads that, not every movement.
 */
export function heldCreatedSince(validityMs: number): RawBuilder<Date> {
  return sql<Date>`now() - make_interval(secs => ${(2 * validityMs) / 1000})`;
}

/** The policy as the ledger's SQL reads it (kc_politica). */
export function policyParams(policy: HoldPolicy) {
  const { afterMs, action } = policy.expiry;
  if (!Number.isSafeInteger(afterMs) || afterMs <= 0) {
    throw new RangeError(`a hold expires after a positive whole number of ms, got ${afterMs}`);
  }
  return {
    confirmador_id: policy.confirmation.by === 'party' ? policy.confirmation.partyId : null,
    nos_limites: policy.countsInLimits,
    posta_ao_expirar: action === 'post',
    validade_ms: afterMs,
  };
}

// A server signs with one secret (a test process with a few): derived once per secret, not at
// every hold and verification.
const peppers = new Map<string, string>();

/** The key for code hashes, derived from the server secret (never stored in the database). */
export function codePepper(jwtSecret: string): string {
  let pepper = peppers.get(jwtSecret);
  if (pepper === undefined) {
    pepper = createHmac('sha256', jwtSecret).update('kreyolcash verification codes').digest('hex');
    peppers.set(jwtSecret, pepper);
  }
  return pepper;
}

/** Same Idempotency-Key + same request = the same hash; the operation name keeps kinds apart. */
export function requestHashOf(operation: string, parts: unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, ...parts]))
    .digest('hex');
}
