import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { CallBatcher } from '../../lib/call-batcher.ts';
import {
  type InitiateTransferParams,
  initiateTransferCall,
  type LedgerAnswer,
  type VerifyTransferParams,
  verifyTransferCall,
} from './ledger-calls.ts';

// Payers are spread over lanes, each with one call of each phase in flight per process: the next
// call gathers what arrives meanwhile, and two calls of one phase never share a payer.
const LANES = 2;
const MAX_BATCH = 64;

export type TransferBatchers = {
  initiate: CallBatcher<InitiateTransferParams, LedgerAnswer>;
  verify: CallBatcher<VerifyTransferParams, LedgerAnswer>;
};

// One pair per database handle, so every request of a process shares them.
const byDatabase = new WeakMap<Kysely<DB>, TransferBatchers>();

/** The transfer phases of migration 0010, batched under load (one call when the server is quiet). */
export function transferBatchers(db: Kysely<DB>): TransferBatchers {
  let batchers = byDatabase.get(db);
  if (!batchers) {
    batchers = {
      initiate: new CallBatcher({
        lanes: LANES,
        keyOf: (p) => p.payerId,
        maxBatch: MAX_BATCH,
        runOne: (p) => initiateTransferCall(db, p),
        runMany: (items) =>
          callBatch(
            db,
            sql`select kc_transferencias_iniciar(${JSON.stringify(items.map(initiateItem))}::jsonb) as r`,
            items.length,
          ),
      }),
      verify: new CallBatcher({
        lanes: LANES,
        keyOf: (p) => p.payerId,
        maxBatch: MAX_BATCH,
        runOne: (p) => verifyTransferCall(db, p),
        runMany: (items) =>
          callBatch(
            db,
            sql`select kc_transferencias_verificar(${JSON.stringify(items.map(verifyItem))}::jsonb) as r`,
            items.length,
          ),
      }),
    };
    byDatabase.set(db, batchers);
  }
  return batchers;
}

async function callBatch(
  db: Kysely<DB>,
  query: ReturnType<typeof sql>,
  count: number,
): Promise<LedgerAnswer[]> {
  const { rows } = await (query as ReturnType<typeof sql<{ r: LedgerAnswer[] }>>).execute(db);
  const answers = rows[0]?.r;
  if (!Array.isArray(answers) || answers.length !== count)
    throw new Error('ledger batch answered out of shape');
  return answers;
}

function initiateItem(p: InitiateTransferParams) {
  return {
    pagador: p.payerId,
    email: p.payeeEmail,
    quantidade: p.amountCentis,
    observacoes: p.observacoes,
    max_centis: p.maxCentis,
    codigo: p.code,
    pepper: p.pepper,
    validade_ms: p.validityMs,
    mensagem: p.message,
    chave: p.idempotencyKey,
    request_hash: p.requestHash,
    max_codigos: p.codeLimit.max,
    janela_ms: p.codeLimit.windowMs,
  };
}

function verifyItem(p: VerifyTransferParams) {
  return {
    mov: p.movementId,
    pagador: p.payerId,
    codigo: p.code,
    pepper: p.pepper,
    max_tentativas: p.maxAttempts,
    msg_pagador: p.payerMessage,
    msg_recebedor: p.payeeMessage,
  };
}
