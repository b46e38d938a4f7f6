import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { CallBatcher, onePer } from '../lib/call-batcher.ts';
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

/** The transfer phases of migration 0010, batched under load (one call when the server is quiet). */
export const transferBatchers = onePer(
  (db: Kysely<DB>): TransferBatchers => ({
    initiate: phaseBatcher(db, initiateTransferCall, 'kc_transferencias_iniciar', initiateItem),
    verify: phaseBatcher(db, verifyTransferCall, 'kc_transferencias_verificar', verifyItem),
  }),
);

function phaseBatcher<P extends { payerId: string }>(
  db: Kysely<DB>,
  callOne: (db: Kysely<DB>, p: P) => Promise<LedgerAnswer>,
  batchFunction: 'kc_transferencias_iniciar' | 'kc_transferencias_verificar',
  itemOf: (p: P) => object,
): CallBatcher<P, LedgerAnswer> {
  return new CallBatcher({
    lanes: LANES,
    keyOf: (p) => p.payerId,
    maxBatch: MAX_BATCH,
    runOne: (p) => callOne(db, p),
    runMany: async (items) => {
      const { rows } = await sql<{ r: LedgerAnswer[] }>`select ${sql.raw(batchFunction)}(${JSON.stringify(
        items.map(itemOf),
      )}::jsonb) as r`.execute(db);
      const answers = rows[0]?.r;
      if (!Array.isArray(answers) || answers.length !== items.length)
        throw new Error('ledger batch answered out of shape');
      return answers;
    },
  });
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
