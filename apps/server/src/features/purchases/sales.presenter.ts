import type { purchaseSchema } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';

// A sale as its buyer sees it (the domain's Purchase, its instants as Dates): enough for the
// verification and success screens, and the seller's WhatsApp number (the company's, or the
// owner's when the company has none).
export type PurchaseRecord = z.input<typeof purchaseSchema>;

function purchasesOfBuyer(db: Kysely<DB>, buyerId: string) {
  return db
    .selectFrom('vendas as s')
    .innerJoin('produtos as p', 'p.id', 's.produto_id')
    .innerJoin('empresas as e', 'e.id', 's.empresa_id')
    .innerJoin('usuarios as o', 'o.id', 'e.responsavel_id')
    .leftJoin('kreyolcash_movimentacoes as m', 'm.id', 's.movimentacao_id')
    .select([
      's.id',
      's.movimentacao_id',
      's.status',
      's.produto_id',
      'p.nome as produto_nome',
      's.quantidade',
      's.preco_unitario_centis',
      's.total_centis',
      's.empresa_id',
      'e.nome as empresa_nome',
      sql<string>`coalesce(e.telefone, o.telefone)`.as('contato_whatsapp'),
      's.criado_em',
      'm.expira_em',
    ])
    .where('s.comprador_id', '=', buyerId);
}

export async function findPurchaseOfBuyer(
  db: Kysely<DB>,
  p: { saleId: string; buyerId: string },
): Promise<PurchaseRecord | undefined> {
  return purchasesOfBuyer(db, p.buyerId).where('s.id', '=', p.saleId).executeTakeFirst();
}

/** The buyer's purchases still waiting for their code (at most one per product), newest first. */
export async function listPendingPurchasesOfBuyer(
  db: Kysely<DB>,
  buyerId: string,
): Promise<PurchaseRecord[]> {
  return purchasesOfBuyer(db, buyerId)
    .where('s.status', '=', 'PENDENTE')
    .orderBy('s.criado_em', 'desc')
    .limit(50)
    .execute();
}
