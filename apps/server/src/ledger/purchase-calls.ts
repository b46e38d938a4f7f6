import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { callLedger, type LedgerAnswer } from './ledger-calls.ts';

// Thin wrappers over the purchase functions of migration 0007: one call, one round trip.

export function initiatePurchaseCall(
  db: Kysely<DB>,
  p: {
    buyerId: string;
    productId: string;
    quantity: number;
    maxQuantity: number;
    code: string;
    pepper: string;
    validityMs: number;
    message: string;
    idempotencyKey: string | null;
    requestHash: string;
    codeLimit: { max: number; windowMs: number };
  },
): Promise<LedgerAnswer> {
  return callLedger(
    db,
    sql<{
      r: LedgerAnswer;
    }>`select kc_compra_iniciar(${p.buyerId}::uuid, ${p.productId}::uuid, ${p.quantity}::integer,
      ${p.maxQuantity}::integer, ${p.code}, ${p.pepper}, ${p.validityMs}::integer, ${p.message},
      ${p.idempotencyKey}, ${p.requestHash}, ${p.codeLimit.max}::integer, ${p.codeLimit.windowMs}::integer) as r`,
  );
}

export function verifyPurchaseCall(
  db: Kysely<DB>,
  p: {
    saleId: string;
    buyerId: string;
    code: string;
    pepper: string;
    maxAttempts: number;
    sellerMessage: string;
  },
): Promise<LedgerAnswer> {
  return callLedger(
    db,
    sql<{
      r: LedgerAnswer;
    }>`select kc_compra_verificar(${p.saleId}::uuid, ${p.buyerId}::uuid, ${p.code}, ${p.pepper},
      ${p.maxAttempts}::integer, ${p.sellerMessage}) as r`,
  );
}

export function cancelPurchaseCall(
  db: Kysely<DB>,
  p: { saleId: string; buyerId: string },
): Promise<LedgerAnswer> {
  return callLedger(
    db,
    sql<{ r: LedgerAnswer }>`select kc_compra_cancelar(${p.saleId}::uuid, ${p.buyerId}::uuid) as r`,
  );
}

/** Voids one expired pending sale, in its own transaction; false when none is left. */
export async function expireOnePurchaseCall(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ done: boolean }>`select kc_compra_expirar_uma() as done`.execute(db);
  return rows[0]?.done === true;
}
