import type { SaleStatus } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { afterCursor, exactTimestamp, type PageCursor } from '../../lib/page-cursor.ts';

export type SaleSummaryRow = {
  id: string;
  criado_em: Date;
  cursor_at: string;
  comprador_nome: string;
  produto_nome: string;
  quantidade: number;
  total_centis: number;
  status: SaleStatus;
};

/** A page of the company's sales of every status, newest first, keyset-paginated on (criado_em, id). */
export async function listCompanySales(
  db: Kysely<DB>,
  p: { companyId: string; limit: number; cursor: PageCursor | undefined },
): Promise<SaleSummaryRow[]> {
  let query = db
    .selectFrom('vendas as v')
    .innerJoin('usuarios as u', 'u.id', 'v.comprador_id')
    .innerJoin('produtos as p', 'p.id', 'v.produto_id')
    .select([
      'v.id',
      'v.criado_em',
      exactTimestamp('v.criado_em').as('cursor_at'),
      'u.nome_completo as comprador_nome',
      'p.nome as produto_nome',
      'v.quantidade',
      'v.total_centis',
      'v.status',
    ])
    .where('v.empresa_id', '=', p.companyId);
  if (p.cursor) {
    query = query.where(afterCursor({ timestampColumn: 'v.criado_em', idColumn: 'v.id', cursor: p.cursor }));
  }
  return query.orderBy('v.criado_em', 'desc').orderBy('v.id', 'desc').limit(p.limit).execute();
}
