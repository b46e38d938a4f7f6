import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';

// Companies and products as moderation sees them: every status, with the owner.

function companies(db: Kysely<DB>) {
  return db
    .selectFrom('empresas as e')
    .innerJoin('usuarios as o', 'o.id', 'e.responsavel_id')
    .select([
      'e.id',
      'e.nome',
      'e.descricao',
      'e.categoria',
      'e.status',
      'e.telefone',
      'e.email',
      'e.created_at',
      'o.id as dono_id',
      'o.nome_completo as dono_nome',
      'o.email as dono_email',
      sql<number>`(select count(*)::int from vendas v where v.empresa_id = e.id and v.status = 'PENDENTE')`.as(
        'compras_pendentes',
      ),
    ]);
}

/** Companies whose name, or whose owner's name or e-mail, contains `q`; newest first. */
export function searchCompanies(db: Kysely<DB>, q: string, limit: number) {
  const like = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let query = companies(db);
  if (q.trim()) {
    query = query.where((eb) =>
      eb.or([
        eb('e.nome', 'ilike', like),
        eb('o.nome_completo', 'ilike', like),
        eb('o.email', 'ilike', like),
      ]),
    );
  }
  return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
}

export function findCompany(db: Kysely<DB>, id: string) {
  return companies(db).where('e.id', '=', id).executeTakeFirst();
}

/** Every product of the company, whatever its status, with its units held by pending purchases. */
export function productsOf(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('produtos')
    .select(['id', 'nome', 'preco_centis', 'estoque', 'estoque_reservado', 'status', 'created_at'])
    .where('empresa_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findProduct(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('produtos')
    .select([
      'id',
      'nome',
      'preco_centis',
      'estoque',
      'estoque_reservado',
      'status',
      'created_at',
      'empresa_id',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Where the owner hears about their company: its own phone, or the owner's, in the owner's language. */
export function ownerContact(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('empresas as e')
    .innerJoin('usuarios as o', 'o.id', 'e.responsavel_id')
    .select([sql<string>`coalesce(e.telefone, o.telefone)`.as('telefone'), 'o.idioma', 'e.nome'])
    .where('e.id', '=', companyId)
    .executeTakeFirstOrThrow();
}

/** The voided purchases with what their buyers are told: where, what, how much, in which language. */
export async function voidedSales(db: Kysely<DB>, saleIds: string[]) {
  if (saleIds.length === 0) return [];
  return db
    .selectFrom('vendas as v')
    .innerJoin('usuarios as b', 'b.id', 'v.comprador_id')
    .innerJoin('produtos as p', 'p.id', 'v.produto_id')
    .innerJoin('empresas as e', 'e.id', 'v.empresa_id')
    .select(['v.id', 'v.total_centis', 'b.telefone', 'b.idioma', 'p.nome as produto', 'e.nome as empresa'])
    .where('v.id', 'in', saleIds)
    .orderBy('v.criado_em')
    .execute();
}
