import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

export type IssuanceKind = 'cadastro' | 'bonus';

/**
 * Creates new KreyolCash for a user inside the caller's transaction: a completed movement from
 * the system issuer (remetente_id null), the batch that records the issuance, and the credit to
 * the balance row (created if missing). One statement, so the three can never disagree.
 * Invariant: Σ kreyolcash_saldos.saldo_centis = Σ kreyolcash_lotes.quantidade_centis.
 */
export async function issue(
  trx: Transaction<DB>,
  p: { userId: string; amountCentis: number; kind: IssuanceKind; observacoes?: string | null },
): Promise<{ movimentacaoId: string }> {
  if (!Number.isSafeInteger(p.amountCentis) || p.amountCentis <= 0) {
    throw new RangeError(`issuance amount must be a positive safe integer, got ${p.amountCentis}`);
  }
  const { rows } = await sql<{ id: string }>`
    with movement as (
      insert into kreyolcash_movimentacoes (remetente_id, destinatario_id, quantidade_centis, tipo, status, observacoes, concluido_em)
      values (null, ${p.userId}, ${p.amountCentis}, ${p.kind}, 'concluida', ${p.observacoes ?? null}, now())
      returning id
    ), batch as (
      insert into kreyolcash_lotes (user_id, movimentacao_id, quantidade_centis, origem)
      select ${p.userId}, id, ${p.amountCentis}, ${p.kind} from movement
    ), credit as (
      insert into kreyolcash_saldos (user_id, saldo_centis) values (${p.userId}, ${p.amountCentis})
      on conflict (user_id) do update
        set saldo_centis = kreyolcash_saldos.saldo_centis + excluded.saldo_centis, atualizado_em = now()
    )
    select id from movement`.execute(trx);
  const id = rows[0]?.id;
  if (!id) throw new Error('issuance did not create a movement');
  return { movimentacaoId: id };
}
