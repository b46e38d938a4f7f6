import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { callLedger } from './ledger-call.ts';
import { requestHashOf } from './policy.ts';
import type { LedgerResult } from './results.ts';

// Float issued to an agent (emissao: issuer → the agent's float, against a recorded bank deposit)
// and redeemed from one (resgate: the float → issuer, for cash), sql/float.sql. Each runs inside
// the caller's transaction, as adjustWithin does: the back office's approval writes the proposal's
// decision, the movement's id and the audit row in the same transaction, so a posted movement and
// its approval cannot disagree. Nothing is retried or published here: the caller retries its
// whole transaction and publishes once it has committed.

export type FloatMovementRequest = {
  kind: 'emissao' | 'resgate';
  /** The agent's float account (kreyolcash_contas of tipo 'agente'). */
  floatAccountId: string;
  amountCentis: number;
  reason: string;
  actor: string;
  /** Posted once per key: `float:<proposal id>`. */
  idempotencyKey: string;
};

/**
 * Posts the issuance or the redemption. Refusals: invalid_amount, agent_not_found (not a float),
 * insufficient_balance (a redemption above what the float can give now), amount_too_large (an
 * issuance past the ceiling of every figure).
 */
export function moveFloatWithin(
  trx: Transaction<DB>,
  r: FloatMovementRequest,
): Promise<LedgerResult<'floatMovement'>> {
  return callLedger(trx, r.kind === 'emissao' ? 'kc_float_emitir' : 'kc_float_resgatar', 'floatMovement', {
    conta_id: r.floatAccountId,
    quantidade_centis: r.amountCentis,
    motivo: r.reason,
    ator: r.actor,
    chave: r.idempotencyKey,
    request_hash: requestHashOf(`float_${r.kind}`, [r.floatAccountId, r.amountCentis, r.reason]),
  });
}
