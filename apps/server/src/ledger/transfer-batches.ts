import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { CallBatcher, onePer } from '../lib/call-batcher.ts';
import { callRaw, type LedgerFunction } from './ledger-call.ts';

// Payers are spread over lanes, each with one call of its phase in flight per process: the next
// call gathers what arrives meanwhile, and two calls of one phase never share a payer. Each phase
// takes one lane: both hold and post their batches as sets, and a larger batch costs less per
// transfer (one lane halved PostgreSQL's CPU per transfer in the ledger bench against two lanes of
// initiations). Items are the jsonb parameters of kc_transferencia_iniciar / _verificar; answers are
// their raw jsonb.
const INITIATION_LANES = 1;
const VERIFICATION_LANES = 1;
const MAX_BATCH = 64;

export type TransferPhaseParams = { pagador_id: string } & Record<string, unknown>;

export type TransferBatchers = {
  initiate: CallBatcher<TransferPhaseParams, unknown>;
  verify: CallBatcher<TransferPhaseParams, unknown>;
};

/** The transfer phases, batched under load (one call when the server is quiet). */
export const transferBatchers = onePer(
  (db: Kysely<DB>): TransferBatchers => ({
    initiate: phaseBatcher(db, 'kc_transferencia_iniciar', 'kc_transferencias_iniciar', INITIATION_LANES),
    verify: phaseBatcher(db, 'kc_transferencia_verificar', 'kc_transferencias_verificar', VERIFICATION_LANES),
  }),
);

function phaseBatcher(
  db: Kysely<DB>,
  one: LedgerFunction,
  many: LedgerFunction,
  lanes: number,
): CallBatcher<TransferPhaseParams, unknown> {
  return new CallBatcher({
    lanes,
    keyOf: (p) => p.pagador_id,
    maxBatch: MAX_BATCH,
    runOne: (p) => callRaw(db, one, p),
    runMany: async (items) => {
      const answers = await callRaw(db, many, { itens: items });
      if (!Array.isArray(answers) || answers.length !== items.length)
        throw new Error('ledger batch answered out of shape');
      return answers;
    },
  });
}

/** Calls `listener` with the phase and item count of every transfer call this database handle sends. */
export function watchTransferBatches(
  db: Kysely<DB>,
  listener: (phase: keyof TransferBatchers, items: number) => void,
): () => void {
  const batchers = transferBatchers(db);
  const stops = (['initiate', 'verify'] as const).map((phase) =>
    batchers[phase].watch((items) => listener(phase, items)),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
