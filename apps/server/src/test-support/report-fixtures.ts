import { randomUUID } from 'node:crypto';
import type { DisputeDecision } from '@kreyolcash/domain';
import { ledger, requestHashOf } from '../ledger/ledger.ts';
import { codeForMovement, type SeededUser } from './ledger-fixtures.ts';
import type { TestApp } from './test-app.ts';

// Disputes for tests: a posted transfer made through the ledger's two phases, the payer's "wrong
// person" report and an operator's decision through the real HTTP routes.

/** A posted transfer of `amount` from payer to payee; answers its movement id. */
export async function paidTransfer(
  t: TestApp,
  payer: SeededUser,
  payee: SeededUser,
  amount: number,
): Promise<string> {
  const held = await ledger.hold(t.app.deps, {
    kind: 'transfer',
    payerId: payer.id,
    payee: { id: payee.id },
    amountCentis: amount,
    note: null,
    idempotencyKey: randomUUID(),
    requestHash: requestHashOf('transfer', [payee.email, amount]),
  });
  if (!held.ok) throw new Error(`hold refused: ${held.error}`);
  const code = await codeForMovement(t, held.movimentacao_id);
  const posted = await ledger.post(t.app.deps, {
    kind: 'transfer',
    movementId: held.movimentacao_id,
    payerId: payer.id,
    code,
  });
  if (!posted.ok) throw new Error(`post refused: ${posted.error}`);
  return held.movimentacao_id;
}

export function reportTransfer(t: TestApp, user: SeededUser, movementId: string, descricao?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/transfers/${movementId}/report`,
    headers: { authorization: `Bearer ${user.accessToken}` },
    payload: descricao === undefined ? {} : { descricao },
  });
}

/** An operator's decision on a dispute; a refund may name the part that goes back. */
export function decideReport(
  t: TestApp,
  cookie: string,
  reportId: string,
  action: DisputeDecision,
  motivo?: string,
  refundCentis?: unknown,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/reports/${reportId}/${action}`,
    headers: { cookie },
    payload: {
      ...(motivo === undefined ? {} : { motivo }),
      ...(refundCentis === undefined ? {} : { quantidade_centis: refundCentis }),
    },
  });
}

/** saldo, reservado and disponivel of a user, in centis. */
export async function balanceOf(t: TestApp, user: { id: string }) {
  return t.database.db
    .selectFrom('vw_saldos_kreyolcash')
    .select(['saldo_centis', 'reservado_centis', 'disponivel_centis'])
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
}
