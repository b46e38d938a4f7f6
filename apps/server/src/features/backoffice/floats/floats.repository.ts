import type { AdjustmentStatus } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { isUuid } from '../../../lib/ids.ts';
import { countRows, keysetPage, type PageCursor } from '../../../lib/page-cursor.ts';

// Float issuances and redemptions as the back office lists them: the agent, who proposed, who
// decided.

function operations(db: Kysely<DB>) {
  return db
    .selectFrom('operacoes_float as o')
    .innerJoin('agentes as a', 'a.id', 'o.agente_id')
    .innerJoin('operadores as p', 'p.id', 'o.proposto_por')
    .leftJoin('operadores as d', 'd.id', 'o.decidido_por')
    .select([
      'o.id',
      'o.tipo',
      'o.agente_id',
      'a.numero as agente_numero',
      'a.nome_comercial as agente_nome_comercial',
      'o.quantidade_centis',
      'o.referencia',
      'o.data_deposito',
      'o.status',
      'o.proposto_por',
      'p.nome as proposto_por_nome',
      'o.criado_em',
      'o.decidido_por',
      'd.nome as decidido_por_nome',
      'o.decidido_em',
      'o.decisao_motivo',
      'o.movimentacao_id',
    ]);
}

export function findFloatOperation(db: Kysely<DB>, id: string) {
  return operations(db).where('o.id', '=', id).executeTakeFirst();
}

export type FloatOperationFilter = {
  status?: AdjustmentStatus | 'decidido' | undefined;
  tipo?: 'emissao' | 'resgate' | undefined;
  agenteId?: string | undefined;
  cursor: PageCursor | undefined;
  limit: number;
};

/**
 * A page of float operations from the cursor on: open proposals oldest first (the queue),
 * otherwise the latest first (an agent's history); and how many the selection holds.
 */
export async function listFloatOperations(db: Kysely<DB>, f: FloatOperationFilter) {
  const selected = sql.join(
    [
      f.tipo ? sql`o.tipo = ${f.tipo}` : sql`true`,
      f.agenteId ? sql`o.agente_id = ${f.agenteId}` : sql`true`,
      f.status === 'decidido'
        ? sql`o.status <> 'proposto'`
        : f.status
          ? sql`o.status = ${f.status}`
          : sql`true`,
    ],
    sql` and `,
  );
  const where = sql<boolean>`${selected}`;
  const { rows, nextCursor } = await keysetPage(operations(db).where(where), {
    column: 'o.criado_em',
    idColumn: 'o.id',
    order: f.status === 'proposto' ? 'asc' : 'desc',
    cursor: f.cursor,
    limit: f.limit,
  });
  const total = await countRows(db.selectFrom('operacoes_float as o').where(where));
  return { items: rows, total, next_cursor: nextCursor };
}

/** An agent by id or by its 5-digit number, with its person and float account. */
export async function findFloatAgent(db: Kysely<DB>, idOrNumber: string) {
  const key = idOrNumber.trim();
  const byNumber = /^\d{1,9}$/.test(key);
  if (!byNumber && !isUuid(key)) return undefined;
  return db
    .selectFrom('agentes')
    .select(['id', 'usuario_id', 'conta_id', 'numero'])
    .where(byNumber ? sql<boolean>`numero = ${Number(key)}` : sql<boolean>`id = ${key}::uuid`)
    .executeTakeFirst();
}
