import { HAITI_TIME_ZONE } from '@kreyolcash/domain';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, IndicacoesTable } from '../../db/schema.ts';
import { afterCursor, exactTimestamp, type PageCursor } from '../../lib/page-cursor.ts';

export type ReferralRow = Selectable<IndicacoesTable>;
export type ReferralListRow = ReferralRow & { cursor_at: string };

/** One open invitation per inviter and phone: inviting the same phone again refreshes it. */
export async function upsertInvitation(
  trx: Transaction<DB>,
  p: { inviterId: string; nome: string; telefone: string },
): Promise<ReferralRow> {
  return trx
    .insertInto('indicacoes')
    .values({ inviter_id: p.inviterId, nome: p.nome, telefone: p.telefone, origem: 'whatsapp' })
    .onConflict((oc) =>
      oc
        .columns(['inviter_id', 'telefone'])
        .where('convidado_id', 'is', null)
        .doUpdateSet({ nome: p.nome, criado_em: sql`now()` }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listReferrals(
  db: Kysely<DB>,
  p: { inviterId: string; limit: number; cursor: PageCursor | undefined },
): Promise<ReferralListRow[]> {
  let query = db
    .selectFrom('indicacoes')
    .selectAll()
    .select(exactTimestamp('criado_em').as('cursor_at'))
    .where('inviter_id', '=', p.inviterId);
  if (p.cursor)
    query = query.where(afterCursor({ timestampColumn: 'criado_em', idColumn: 'id', cursor: p.cursor }));
  return query.orderBy('criado_em', 'desc').orderBy('id', 'desc').limit(p.limit).execute();
}

export async function isAlreadyReferred(trx: Transaction<DB>, inviteeId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('indicacoes')
    .select('id')
    .where('convidado_id', '=', inviteeId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The open invitation that brought this phone in, locked: the given inviter's when the person
 * signed up with a referral code, otherwise the oldest (the first friend to invite them).
 */
export async function lockOpenInvitation(
  trx: Transaction<DB>,
  p: { telefone: string; inviterId: string | null },
): Promise<ReferralRow | undefined> {
  let query = trx
    .selectFrom('indicacoes')
    .selectAll()
    .where('telefone', '=', p.telefone)
    .where('convidado_id', 'is', null);
  if (p.inviterId) query = query.where('inviter_id', '=', p.inviterId);
  return query.orderBy('criado_em').orderBy('id').limit(1).forUpdate().executeTakeFirst();
}

/** Links the invitation to the person it brought in; returns its id. */
export async function linkInvitation(
  trx: Transaction<DB>,
  p: { id: string; inviteeId: string },
): Promise<string> {
  const result = await trx
    .updateTable('indicacoes')
    .set({ convidado_id: p.inviteeId })
    .where('id', '=', p.id)
    .where('convidado_id', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`invitation ${p.id} is not open`);
  return p.id;
}

/** A friend who came through the link alone: recorded so the inviter sees them (first name only). */
export async function insertLinkReferral(
  trx: Transaction<DB>,
  p: { inviterId: string; inviteeId: string; nome: string },
): Promise<string> {
  const row = await trx
    .insertInto('indicacoes')
    .values({
      inviter_id: p.inviterId,
      nome: p.nome,
      telefone: null,
      origem: 'link',
      convidado_id: p.inviteeId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markBonusPaid(
  trx: Transaction<DB>,
  p: { id: string; movimentacaoId: string },
): Promise<void> {
  const result = await trx
    .updateTable('indicacoes')
    .set({ bonus_pago_em: sql`now()`, movimentacao_id: p.movimentacaoId })
    .where('id', '=', p.id)
    .where('bonus_pago_em', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`referral ${p.id} was already paid`);
}

/**
 * Serialises the bonuses of one inviter until the transaction ends, so the monthly count read
 * after it cannot be passed by a parallel confirmation. An advisory lock rather than the
 * inviter's row: nothing else waits on it (profile edits, their own sign-in).
 */
export async function lockInviterBonuses(trx: Transaction<DB>, inviterId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`indicacao-bonus/${inviterId}`}, 7305120))`.execute(
    trx,
  );
}

/** The bonuses this inviter was paid since the calendar month began, in Haiti's time zone. */
export async function countBonusesThisMonth(
  db: Kysely<DB> | Transaction<DB>,
  inviterId: string,
): Promise<number> {
  const row = await db
    .selectFrom('indicacoes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('inviter_id', '=', inviterId)
    .where(
      'bonus_pago_em',
      '>=',
      sql<Date>`date_trunc('month', now() at time zone ${HAITI_TIME_ZONE}) at time zone ${HAITI_TIME_ZONE}`,
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findUserByReferralCode(
  trx: Transaction<DB>,
  code: string,
): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('usuarios')
    .select('id')
    .where('codigo_indicacao', '=', code.trim().toUpperCase())
    .executeTakeFirst();
}

export async function setReferredBy(
  trx: Transaction<DB>,
  p: { userId: string; inviterId: string },
): Promise<void> {
  await trx.updateTable('usuarios').set({ indicado_por: p.inviterId }).where('id', '=', p.userId).execute();
}

/** The full name of the active account whose referral code this is (codes are stored upper-case). */
export async function findActiveInviterName(db: Kysely<DB>, code: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select('nome_completo')
    .where('codigo_indicacao', '=', code.trim().toUpperCase())
    .where('status', '=', 'ATIVO')
    .executeTakeFirst();
  return row?.nome_completo;
}
