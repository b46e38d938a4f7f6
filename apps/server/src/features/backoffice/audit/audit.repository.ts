import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { isUuid } from '../../../lib/ids.ts';
import { afterCursor, exactTimestamp, type PageCursor, pageOf } from '../../../lib/page-cursor.ts';

// Reading the audit trail: newest first, keyset-paginated on (criado_em, id), filtered by the user
// it concerns, the operator who acted and a range of Haiti dates.

export type AuditFilter = {
  /** The user's id, or their e-mail. */
  usuario?: string | undefined;
  /** The operator's id, or their e-mail. */
  operador?: string | undefined;
  /** Haiti calendar days, YYYY-MM-DD, both included. */
  from?: string | undefined;
  to?: string | undefined;
};

const HAITI = 'America/Port-au-Prince';

/** A filter whose operator, when given, is named by their id. */
type ResolvedFilter = Omit<AuditFilter, 'operador'> & { operadorId?: string | undefined };

/**
 * The filter with the operator named by e-mail turned into their id, read first from the
 * e-mail's unique index; null when no operator has that e-mail, so nothing matches. Compared on
 * the joined e-mail instead, the planner walks the trail newest first and throws away every other
 * operator's row: for an operator with few rows or none, the whole trail.
 */
async function resolveOperator(db: Kysely<DB>, filter: AuditFilter): Promise<ResolvedFilter | null> {
  const { operador, ...rest } = filter;
  if (!operador || isUuid(operador)) return { ...rest, operadorId: operador };
  const found = await db
    .selectFrom('operadores')
    .select('id')
    .where('email', '=', operador.toLowerCase())
    .executeTakeFirst();
  return found ? { ...rest, operadorId: found.id } : null;
}

function auditQuery(db: Kysely<DB>, filter: ResolvedFilter) {
  let query = db
    .selectFrom('auditoria as a')
    .leftJoin('operadores as o', 'o.id', 'a.operador_id')
    .leftJoin('usuarios as u', 'u.id', 'a.usuario_id')
    .select([
      sql<string>`a.id::text`.as('id'),
      'a.criado_em',
      'a.operador_id',
      'o.nome as operador_nome',
      'o.email as operador_email',
      'a.papel',
      'a.acao',
      'a.alvo_tipo',
      'a.alvo_id',
      'a.usuario_id',
      'u.nome_completo as usuario_nome',
      'u.email as usuario_email',
      'a.antes',
      'a.depois',
      'a.motivo',
      exactTimestamp('a.criado_em').as('cursor_at'),
    ]);
  const { usuario, operadorId, from, to } = filter;
  if (usuario) {
    query = isUuid(usuario)
      ? query.where('a.usuario_id', '=', usuario)
      : query.where('u.email', '=', usuario.toLowerCase());
  }
  if (operadorId) query = query.where('a.operador_id', '=', operadorId);
  // A Haiti day starts at its local midnight, whatever the server's time zone.
  if (from)
    query = query.where(sql<boolean>`a.criado_em >= (${from}::date)::timestamp at time zone ${HAITI}`);
  if (to) query = query.where(sql<boolean>`a.criado_em < (${to}::date + 1)::timestamp at time zone ${HAITI}`);
  return query;
}

export type AuditRow = Awaited<ReturnType<typeof listAudit>>['items'][number];

export async function listAudit(
  db: Kysely<DB>,
  p: { filter: AuditFilter; cursor: PageCursor | undefined; limit: number },
) {
  const filter = await resolveOperator(db, p.filter);
  if (!filter) return { items: [], next_cursor: null };
  let query = auditQuery(db, filter);
  if (p.cursor) {
    query = query.where(
      afterCursor({ timestampColumn: 'a.criado_em', idColumn: 'a.id', cursor: p.cursor, idType: 'bigint' }),
    );
  }
  const rows = await query
    .orderBy('a.criado_em', 'desc')
    .orderBy('a.id', 'desc')
    .limit(p.limit + 1)
    .execute();
  const { page, nextCursor } = pageOf(rows, p.limit);
  return { items: page.map(({ cursor_at: _, ...row }) => row), next_cursor: nextCursor };
}

/** Every row the filter selects, page after page: the CSV export streams them. */
export async function* allAuditRows(db: Kysely<DB>, selection: AuditFilter, pageSize = 500) {
  const filter = await resolveOperator(db, selection);
  if (!filter) return;
  let cursor: PageCursor | undefined;
  for (;;) {
    let query = auditQuery(db, filter);
    if (cursor) {
      query = query.where(
        afterCursor({ timestampColumn: 'a.criado_em', idColumn: 'a.id', cursor, idType: 'bigint' }),
      );
    }
    const rows = await query.orderBy('a.criado_em', 'desc').orderBy('a.id', 'desc').limit(pageSize).execute();
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < pageSize || !last) return;
    cursor = { at: last.cursor_at, id: last.id };
  }
}
