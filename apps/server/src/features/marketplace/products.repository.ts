import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ProdutosTable } from '../../db/schema.ts';
import { afterCursor, exactTimestamp, type PageCursor } from '../../lib/page-cursor.ts';

export type ProductRow = Selectable<ProdutosTable>;
export type ProductListRow = ProductRow & { cursor_at: string };
export type ProductWithCompanyRow = ProductRow & { empresa_nome: string; empresa_responsavel_id: string };

/** A page of the company's ATIVO products, newest first, keyset-paginated on (created_at, id). */
export async function listActiveProducts(
  db: Kysely<DB>,
  p: { companyId: string; limit: number; cursor: PageCursor | undefined },
): Promise<ProductListRow[]> {
  let query = db
    .selectFrom('produtos as p')
    .selectAll('p')
    .select(exactTimestamp('p.created_at').as('cursor_at'))
    .where('p.empresa_id', '=', p.companyId)
    .where('p.status', '=', 'ATIVO');
  if (p.cursor) {
    query = query.where(afterCursor({ timestampColumn: 'p.created_at', idColumn: 'p.id', cursor: p.cursor }));
  }
  return query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(p.limit).execute();
}

/** An ATIVO product of an ATIVA company: what anybody may see and buy. */
export async function findVisibleProduct(
  db: Kysely<DB>,
  id: string,
): Promise<ProductWithCompanyRow | undefined> {
  return db
    .selectFrom('produtos as p')
    .innerJoin('empresas as e', 'e.id', 'p.empresa_id')
    .selectAll('p')
    .select(['e.nome as empresa_nome', 'e.responsavel_id as empresa_responsavel_id'])
    .where('p.id', '=', id)
    .where('p.status', '=', 'ATIVO')
    .where('e.status', '=', 'ATIVA')
    .executeTakeFirst();
}

export async function insertProduct(db: Kysely<DB>, product: Insertable<ProdutosTable>): Promise<ProductRow> {
  return db.insertInto('produtos').values(product).returningAll().executeTakeFirstOrThrow();
}
