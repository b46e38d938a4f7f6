import type { AdjustmentStatus } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { isUuid } from '../../../lib/ids.ts';
import { countRows, keysetPage, type PageCursor } from '../../../lib/page-cursor.ts';

// Proposed adjustments as the back office lists them: the person, who proposed, who decided.

/** `decidido`: approved or rejected, the latest decisions first. */
export type AdjustmentFilter = AdjustmentStatus | 'decidido';

function adjustments(db: Kysely<DB>) {
  return db
    .selectFrom('ajustes_propostos as a')
    .innerJoin('usuarios as u', 'u.id', 'a.user_id')
    .innerJoin('operadores as p', 'p.id', 'a.proposto_por')
    .leftJoin('operadores as d', 'd.id', 'a.decidido_por')
    .select([
      'a.id',
      'a.user_id',
      'u.nome_completo as usuario_nome',
      'u.email as usuario_email',
      'a.quantidade_centis',
      'a.motivo',
      'a.referencia',
      'a.status',
      'a.proposto_por',
      'p.nome as proposto_por_nome',
      'a.criado_em',
      'a.decidido_por',
      'd.nome as decidido_por_nome',
      'a.decidido_em',
      'a.decisao_motivo',
      'a.movimentacao_id',
    ]);
}

export type AdjustmentRow = Awaited<ReturnType<typeof findAdjustment>> & {};

export function findAdjustment(db: Kysely<DB>, id: string) {
  return adjustments(db).where('a.id', '=', id).executeTakeFirst();
}

/**
 * A page of adjustments from the cursor on: open proposals oldest first (the queue), decided ones
 * latest decision first, all of them newest first; and how many the selection holds.
 */
export async function listAdjustments(
  db: Kysely<DB>,
  p: { filter: AdjustmentFilter | undefined; cursor: PageCursor | undefined; limit: number },
) {
  const selected =
    p.filter === 'decidido'
      ? sql<boolean>`a.status <> 'proposto'`
      : p.filter
        ? sql<boolean>`a.status = ${p.filter}`
        : sql<boolean>`true`;
  const byDecision = p.filter !== undefined && p.filter !== 'proposto';
  const { rows, nextCursor } = await keysetPage(adjustments(db).where(selected), {
    column: byDecision ? 'a.decidido_em' : 'a.criado_em',
    idColumn: 'a.id',
    order: p.filter === 'proposto' ? 'asc' : 'desc',
    cursor: p.cursor,
    limit: p.limit,
  });
  const total = await countRows(db.selectFrom('ajustes_propostos as a').where(selected));
  return { items: rows, total, next_cursor: nextCursor };
}

/**
 * The person an adjustment is for, by id or e-mail (in any case), with what they can spend now.
 * E-mails are stored lower case (CHECK usuarios_email_check), so only the typed one is lowered:
 * lower() on the column would hide it from its unique index and read every user.
 */
export async function findRecipient(db: Kysely<DB>, idOrEmail: string) {
  const key = idOrEmail.trim();
  if (!key) return undefined;
  return db
    .selectFrom('usuarios as u')
    .leftJoin('kreyolcash_contas as c', 'c.id', 'u.id')
    .select([
      'u.id',
      'u.nome_completo',
      'u.email',
      sql<number>`coalesce(c.saldo_centis - c.reservado_centis, 0)`.as('disponivel_centis'),
    ])
    .where(isUuid(key) ? sql<boolean>`u.id = ${key}::uuid` : sql<boolean>`u.email = lower(${key})`)
    .executeTakeFirst();
}
