import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { CallBatcher, onePer } from '../lib/call-batcher.ts';
import { callRaw, type LedgerFunction } from './ledger-call.ts';
import { statementPages } from './statement-pages.ts';

// The money flows' phases under load. Payers (a transfer's payer, a purchase's buyer) are spread
// over lanes, each with one call of its phase in flight per process: the next call gathers what
// arrives meanwhile, and two calls of one phase never share a payer. Each phase takes one lane: a
// larger batch costs less per movement (one lane halved PostgreSQL's CPU per transfer in the ledger
// bench against two lanes of initiations). Items are the jsonb parameters of the phase's lone
// function (kc_transferencia_iniciar, …); answers are their raw jsonb.
const INITIATION_LANES = 1;
const VERIFICATION_LANES = 1;
const MAX_BATCH = 64;

export type TransferPhaseParams = { pagador_id: string } & Record<string, unknown>;
export type PurchasePhaseParams = { comprador_id: string } & Record<string, unknown>;

type Phases<P> = Record<'initiate' | 'verify', CallBatcher<P, unknown>>;
export type TransferBatchers = Phases<TransferPhaseParams>;

/** The transfer phases, batched under load (one call when the server is quiet). */
export const transferBatchers = onePer(
  (db: Kysely<DB>): TransferBatchers =>
    phases(db, 'pagador_id', {
      initiate: ['kc_transferencia_iniciar', 'kc_transferencias_iniciar'],
      verify: ['kc_transferencia_verificar', 'kc_transferencias_verificar'],
    }),
);

/**
 * A purchase's phases, batched under load the same way (kc_compras_iniciar and _verificar take the
 * locks of the whole batch in the ledger's order, then run each item as it runs alone): the buyers
 * of one popular product lock it and commit once a batch.
 */
export const purchaseBatchers = onePer(
  (db: Kysely<DB>): Phases<PurchasePhaseParams> =>
    phases(db, 'comprador_id', {
      initiate: ['kc_compra_iniciar', 'kc_compras_iniciar'],
      verify: ['kc_compra_verificar', 'kc_compras_verificar'],
    }),
);

export type PartyConfirmationParams = { confirmador_id: string } & Record<string, unknown>;
export type MovementHoldParams = { conta_debito: string } & Record<string, unknown>;

/**
 * Holds between accounts (an agent's cash-in from its float, a customer's cash-out), batched the
 * same way (kc_movimentos_reter locks every key, then every paying account, in order), keyed by
 * the paying account.
 */
export const movementHolds = onePer(
  (db: Kysely<DB>): CallBatcher<MovementHoldParams, unknown> =>
    phaseBatcher(db, 'kc_movimento_reter', 'kc_movimentos_reter', INITIATION_LANES, 'conta_debito'),
);

/**
 * Holds confirmed by a named party, posted by that party's action (an agent's cash-in with the
 * agent's code, a cash-out handed over), batched the same way (kc_confirmacoes locks every
 * movement, then their sales and products, then their legs' accounts, in order), keyed by the party.
 */
export const partyConfirmations = onePer(
  (db: Kysely<DB>): CallBatcher<PartyConfirmationParams, unknown> =>
    phaseBatcher(db, 'kc_confirmar', 'kc_confirmacoes', VERIFICATION_LANES, 'confirmador_id'),
);

/** A flow's two phases, each its lone function and its batch function, keyed by the payer's field. */
function phases<K extends string>(
  db: Kysely<DB>,
  payer: K,
  fns: Record<'initiate' | 'verify', [one: LedgerFunction, many: LedgerFunction]>,
): Phases<Record<K, string> & Record<string, unknown>> {
  return {
    initiate: phaseBatcher(db, ...fns.initiate, INITIATION_LANES, payer),
    verify: phaseBatcher(db, ...fns.verify, VERIFICATION_LANES, payer),
  };
}

function phaseBatcher<K extends string>(
  db: Kysely<DB>,
  one: LedgerFunction,
  many: LedgerFunction,
  lanes: number,
  payer: K,
): CallBatcher<Record<K, string> & Record<string, unknown>, unknown> {
  return new CallBatcher({
    lanes,
    keyOf: (p) => p[payer],
    maxBatch: MAX_BATCH,
    runOne: (p) => callRaw(db, one, p),
    runMany: async (items) => {
      const answers = await callRaw(db, many, { itens: items }, { asRefusal: false });
      if (!Array.isArray(answers) || answers.length !== items.length)
        throw new Error('ledger batch answered out of shape');
      return answers;
    },
  });
}

export type BatchedFlow = 'transfer' | 'purchase' | 'party' | 'statement';

/**
 * Calls `listener` with the flow, the phase and the item count of every batched call this
 * database handle sends: the transfers' and purchases' phases, the holds a party confirms and
 * their confirmations, and the statement's pages.
 */
export function watchLedgerBatches(
  db: Kysely<DB>,
  listener: (flow: BatchedFlow, phase: 'initiate' | 'verify' | 'read', items: number) => void,
): () => void {
  const transfers = transferBatchers(db);
  const purchases = purchaseBatchers(db);
  const stops = [
    ...(['initiate', 'verify'] as const).flatMap((phase) => [
      transfers[phase].watch((items) => listener('transfer', phase, items)),
      purchases[phase].watch((items) => listener('purchase', phase, items)),
    ]),
    movementHolds(db).watch((items) => listener('party', 'initiate', items)),
    partyConfirmations(db).watch((items) => listener('party', 'verify', items)),
    statementPages(db).watch((items) => listener('statement', 'read', items)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
