import { createHash } from 'node:crypto';
import { AppError, type ErrorCode, isErrorCode } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

// Thin wrappers over the ledger's database functions (migration 0005): one call, one round trip.
// Each answers {ok:true, …} or {ok:false, error:<spec key>, …}.

export type LedgerAnswer = { ok: boolean; error?: string; [key: string]: unknown };

export async function callLedger(
  db: Kysely<DB>,
  query: ReturnType<typeof sql<{ r: LedgerAnswer }>>,
): Promise<LedgerAnswer> {
  const { rows } = await query.execute(db);
  const answer = rows[0]?.r;
  if (!answer) throw new Error('ledger function returned nothing');
  return answer;
}

export type InitiateTransferParams = {
  payerId: string;
  payeeEmail: string;
  amountCentis: number;
  observacoes: string | null;
  maxCentis: number;
  code: string;
  pepper: string;
  validityMs: number;
  message: string;
  idempotencyKey: string | null;
  requestHash: string;
  codeLimit: { max: number; windowMs: number };
};

export function initiateTransferCall(db: Kysely<DB>, p: InitiateTransferParams): Promise<LedgerAnswer> {
  return callLedger(
    db,
    sql<{
      r: LedgerAnswer;
    }>`select kc_transferencia_iniciar(${p.payerId}::uuid, ${p.payeeEmail}, ${p.amountCentis}::bigint,
      ${p.observacoes}, ${p.maxCentis}::bigint, ${p.code}, ${p.pepper}, ${p.validityMs}::integer, ${p.message},
      ${p.idempotencyKey}, ${p.requestHash}, ${p.codeLimit.max}::integer, ${p.codeLimit.windowMs}::integer) as r`,
  );
}

export type VerifyTransferParams = {
  movementId: string;
  payerId: string;
  code: string;
  pepper: string;
  maxAttempts: number;
  payerMessage: string;
  payeeMessage: string;
};

export function verifyTransferCall(db: Kysely<DB>, p: VerifyTransferParams): Promise<LedgerAnswer> {
  return callLedger(
    db,
    sql<{
      r: LedgerAnswer;
    }>`select kc_transferencia_verificar(${p.movementId}::uuid, ${p.payerId}::uuid, ${p.code},
      ${p.pepper}, ${p.maxAttempts}::integer, ${p.payerMessage}, ${p.payeeMessage}) as r`,
  );
}

export function resendTransferCodeCall(
  db: Kysely<DB>,
  p: {
    movementId: string;
    payerId: string;
    code: string;
    pepper: string;
    message: string;
    maxAttempts: number;
    perPhone: { max: number; windowMs: number };
  },
): Promise<LedgerAnswer> {
  return callLedger(
    db,
    sql<{
      r: LedgerAnswer;
    }>`select kc_transferencia_reenviar_codigo(${p.movementId}::uuid, ${p.payerId}::uuid, ${p.code},
      ${p.pepper}, ${p.message}, ${p.maxAttempts}::integer, ${p.perPhone.max}::integer, ${p.perPhone.windowMs}::integer) as r`,
  );
}

export function cancelTransferCall(
  db: Kysely<DB>,
  p: { movementId: string; payerId: string },
): Promise<LedgerAnswer> {
  return callLedger(
    db,
    sql<{
      r: LedgerAnswer;
    }>`select kc_transferencia_cancelar(${p.movementId}::uuid, ${p.payerId}::uuid) as r`,
  );
}

/** Voids up to `limit` expired pending transfers; returns how many. */
export async function expirePendingCall(db: Kysely<DB>, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select kc_expirar_pendentes(${limit}::integer) as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Turns a refusal into the AppError of its spec key; extra fields of the answer become details. */
export function assertLedgerOk(
  answer: LedgerAnswer,
  messages: Partial<Record<ErrorCode, string>> = {},
): void {
  if (answer.ok) return;
  const code = isErrorCode(answer.error) ? answer.error : 'transfer_processing_error';
  const { ok: _ok, error: _error, ...details } = answer;
  throw new AppError(code, {
    message: messages[code] ?? code,
    ...(Object.keys(details).length > 0 ? { details } : {}),
  });
}

/** Same Idempotency-Key + same request = the same hash; the operation name keeps kinds apart. */
export function requestHashOf(operation: string, parts: unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, ...parts]))
    .digest('hex');
}
