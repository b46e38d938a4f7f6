import { nifDigits, normalizePhone, type ReportParty } from '@kreyolcash/domain';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { afterCursor, exactTimestamp, type PageCursor, pageOf } from '../../../lib/page-cursor.ts';

// What the back office reads about app users: the search, and each part of a user's page.

export const SEARCH_LIMIT = 20;

// Accented letters of Creole and French names are folded to their base letter on both sides of the
// comparison: the typed text here, the stored name by usuarios_nome_dobrado (migration 0033), whose
// trigram index serves the search.
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const NIF_SHAPE = /^[\d\s-]+$/;

/**
 * Users found by what the operator typed: the e-mail (its beginning), the phone (normalised as
 * the app's payee lookup reads it), the NIF (with or without its dashes), or a part of the name
 * (case and accents aside). At most SEARCH_LIMIT, by name.
 */
export async function searchUsers(db: Kysely<DB>, text: string) {
  const q = text.trim();
  const phone = normalizePhone(q);
  const nif = NIF_SHAPE.test(q) && nifDigits(q).length === 10 ? nifDigits(q) : null;
  const folded = foldName(q);
  return db
    .selectFrom('usuarios as u')
    .leftJoin('kreyolcash_contas as c', 'c.id', 'u.id')
    .select([
      'u.id',
      'u.nome_completo',
      'u.email',
      'u.telefone',
      'u.documento',
      'u.status',
      'u.congelado_em',
      sql<number>`coalesce(c.saldo_centis, 0)`.as('saldo_centis'),
    ])
    .where((eb) => {
      const any: Expression<SqlBool>[] = [eb('u.email', 'like', `${escapeLike(q.toLowerCase())}%`)];
      if (phone) any.push(eb('u.telefone', '=', phone));
      if (nif) any.push(eb('u.documento', '=', nif));
      if (!q.includes('@')) {
        any.push(sql<boolean>`usuarios_nome_dobrado(u.nome_completo) like ${`%${escapeLike(folded)}%`}`);
      }
      return eb.or(any);
    })
    .orderBy('u.nome_completo')
    .orderBy('u.id')
    .limit(SEARCH_LIMIT)
    .execute();
}

export async function findUserIdentity(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('usuarios as u')
    .leftJoin('kreyolcash_contas as c', 'c.id', 'u.id')
    .select([
      'u.id',
      'u.nome_completo',
      'u.email',
      'u.telefone',
      'u.documento',
      'u.data_nascimento',
      'u.status',
      'u.idioma',
      'u.criado_em',
      'u.email_confirmado_em',
      'u.telefone_verificado_em',
      'u.documento_aprovado_em',
      'u.congelado_em',
      'u.congelado_por',
      'u.congelado_motivo',
      'u.congelado_categoria',
      sql<number>`coalesce(c.saldo_centis, 0)`.as('saldo_centis'),
      sql<number>`coalesce(c.reservado_centis, 0)`.as('reservado_centis'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** The operator of the freeze in force, read from the audit row that froze the account. */
export async function findFreezeOperator(db: Kysely<DB>, userId: string) {
  return (
    db
      .selectFrom('auditoria as a')
      .innerJoin('operadores as o', 'o.id', 'a.operador_id')
      .select(['o.id', 'o.nome', 'o.email', 'a.papel'])
      .where('a.usuario_id', '=', userId)
      .where('a.acao', '=', 'account.freeze')
      // Compared in the database, to the microsecond: through a JavaScript Date the freeze's time
      // lost its microseconds and could fall before its own audit row.
      .where('a.criado_em', '<=', (eb) =>
        eb.selectFrom('usuarios').select('congelado_em').where('id', '=', userId),
      )
      .orderBy('a.criado_em', 'desc')
      .orderBy('a.id', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

export const MOVEMENTS_PAGE = 20;

// What a page shows of a movement, read on each side and again from their merge.
const MOVEMENT_COLUMNS = [
  'm.id',
  'm.tipo',
  'm.status',
  'm.quantidade_centis',
  'm.remetente_id',
  'm.destinatario_id',
  'm.conta_debito',
  'm.conta_credito',
  'm.criado_em',
] as const;

/**
 * The user's movements on one side, as payer (remetente_id) or as payee (destinatario_id), newest
 * first from the cursor: at most a page and one, read in order from that side's party index
 * ((remetente_id | destinatario_id, criado_em desc, id desc)).
 */
function movementsOnSide(
  db: Kysely<DB>,
  side: 'remetente_id' | 'destinatario_id',
  userId: string,
  cursor: PageCursor | undefined,
) {
  let query = db
    .selectFrom('kreyolcash_movimentacoes as m')
    .select(MOVEMENT_COLUMNS)
    .where(`m.${side}`, '=', userId);
  if (cursor) query = query.where(afterCursor({ timestampColumn: 'm.criado_em', idColumn: 'm.id', cursor }));
  return query
    .orderBy('m.criado_em', 'desc')
    .orderBy('m.id', 'desc')
    .limit(MOVEMENTS_PAGE + 1);
}

/**
 * Everything that touched the user's account or names them as payer or payee, newest first:
 * unlike the user's own statement, an operator sees the holds and voids on the payee's side too.
 *
 * A page is the newest of the user's movements as payer and as payee, each side walked on its
 * own index; the sides never share a movement (CHECK kreyolcash_mov_partes). Those are also all
 * the movements of the user's account, which nothing indexes by conta_debito or conta_credito: a
 * person's account has the person's id (accounts.sql), and every writer of movements names the
 * owner of the paying account as payer and of the credited account as payee (ledger/sql: kc_reter
 * refuses a payer who does not own the paying account; kc_movimento_reter and kc_movimento_pernas
 * take both people from the accounts; transfers, purchases, issuance, adjustments, reversals and
 * refunds name the person whose account they move). The person's own statement relies on the same
 * rule (statement.sql), and ledger:check holds it. An agent's float is an account whose id is not the agent's: its movements
 * are here because they name the agent.
 */
export async function listUserMovements(db: Kysely<DB>, userId: string, cursor: PageCursor | undefined) {
  const rows = await db
    .selectFrom(
      db
        .selectFrom(movementsOnSide(db, 'remetente_id', userId, cursor).as('pago'))
        .selectAll()
        .unionAll(
          db.selectFrom(movementsOnSide(db, 'destinatario_id', userId, cursor).as('recebido')).selectAll(),
        )
        .as('m'),
    )
    .leftJoin('usuarios as r', 'r.id', 'm.remetente_id')
    .leftJoin('usuarios as d', 'd.id', 'm.destinatario_id')
    .select([
      ...MOVEMENT_COLUMNS,
      'r.nome_completo as remetente_nome',
      'd.nome_completo as destinatario_nome',
      exactTimestamp('m.criado_em').as('cursor_at'),
    ])
    .orderBy('m.criado_em', 'desc')
    .orderBy('m.id', 'desc')
    .limit(MOVEMENTS_PAGE + 1)
    .execute();
  const { page, nextCursor } = pageOf(rows, MOVEMENTS_PAGE);
  return {
    items: page.map(({ cursor_at: _, conta_debito, conta_credito, ...row }) => ({
      ...row,
      // The user's side of the movement: their account is the one credited or debited (or neither:
      // a movement that names them without touching their account).
      sentido:
        conta_credito === userId
          ? ('credito' as const)
          : conta_debito === userId
            ? ('debito' as const)
            : null,
    })),
    next_cursor: nextCursor,
  };
}

const RECENT_ROWS = 20;

export async function listUserSessions(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('sessoes')
    .select(['id', 'criado_em', 'ultimo_uso_em', 'revogado_em', 'motivo_revogacao'])
    .where('user_id', '=', userId)
    .orderBy('criado_em', 'desc')
    .limit(RECENT_ROWS)
    .execute();
}

/** Wrong-payment reports where the user is the payer or the payee. */
export async function listUserReports(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('reclamacoes')
    .select([
      'id',
      'movimentacao_id',
      'pagador_id',
      'recebedor_id',
      'quantidade_centis',
      'retido_centis',
      'status',
      'criado_em',
      'prazo_em',
      'decidido_em',
      sql<ReportParty>`case when pagador_id = ${userId}::uuid then 'pagador' else 'recebedor' end`.as(
        'papel',
      ),
    ])
    .where((eb) => eb.or([eb('pagador_id', '=', userId), eb('recebedor_id', '=', userId)]))
    .orderBy('criado_em', 'desc')
    .limit(RECENT_ROWS)
    .execute();
}
