import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, EmpresasTable } from '../../db/schema.ts';
import { afterCursor, exactTimestamp, type PageCursor } from '../../lib/page-cursor.ts';

export type CompanyRow = Selectable<EmpresasTable>;
export type CompanyListRow = CompanyRow & { product_count: number; cursor_at: string };

function companiesWithProductCount(db: Kysely<DB>) {
  return db
    .selectFrom('empresas as e')
    .selectAll('e')
    .select((eb) => [
      // Served by produtos_empresa_status_idx: one index range per company.
      eb
        .selectFrom('produtos as p')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.empresa_id', '=', 'e.id')
        .where('p.status', '=', 'ATIVO')
        .$asScalar()
        .$notNull()
        .as('product_count'),
      exactTimestamp('e.created_at').as('cursor_at'),
    ]);
}

/** A page of ATIVA companies, newest first, keyset-paginated on (created_at, id). */
export async function listActiveCompanies(
  db: Kysely<DB>,
  p: { limit: number; cursor: PageCursor | undefined },
): Promise<CompanyListRow[]> {
  let query = companiesWithProductCount(db).where('e.status', '=', 'ATIVA');
  if (p.cursor) {
    query = query.where(afterCursor({ timestampColumn: 'e.created_at', idColumn: 'e.id', cursor: p.cursor }));
  }
  return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(p.limit).execute();
}

/** Any company by id, whatever its status. */
export async function findCompanyById(db: Kysely<DB>, id: string): Promise<CompanyListRow | undefined> {
  return companiesWithProductCount(db).where('e.id', '=', id).executeTakeFirst();
}

export async function findCompanyByOwner(
  db: Kysely<DB>,
  ownerId: string,
): Promise<CompanyListRow | undefined> {
  return companiesWithProductCount(db).where('e.responsavel_id', '=', ownerId).executeTakeFirst();
}

/**
 * The company, locked against changes of status until the transaction ends (FOR SHARE: writers
 * of its products do not wait on one another).
 */
export async function lockCompanyForShare(trx: Transaction<DB>, id: string): Promise<CompanyRow | undefined> {
  return trx.selectFrom('empresas').selectAll().where('id', '=', id).forShare().executeTakeFirst();
}

/** Fails with 23505 on empresas_responsavel_key when the owner already has a company. */
export async function insertCompany(db: Kysely<DB>, company: Insertable<EmpresasTable>): Promise<CompanyRow> {
  return db.insertInto('empresas').values(company).returningAll().executeTakeFirstOrThrow();
}
