import {
  AppError,
  maskContact,
  PAYEE_LOOKUP_DAILY_DISTINCT_LIMIT,
  RECENT_PAYEES_LIMIT,
  type RecentPayee,
} from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { profilePhotoUrl } from '../../identity/user-presenter.ts';
import { canReceive } from '../../ledger/ledger.ts';

// Pay by phone: who a payer may look up and pay by phone number or id.

const WINDOW = sql<Date>`now() - interval '24 hours'`;

/**
 * Counts a lookup of `identity` (`email:…` or `tel:…`) against the account's daily allowance of
 * distinct identities; the same identity again within 24 hours is free. Kept in the database so
 * that every server process shares it; the account's row is locked so two lookups at the limit
 * cannot both pass.
 */
export async function countPayeeLookup(db: Kysely<DB>, userId: string, identity: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('usuarios').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    await trx
      .deleteFrom('consultas_destinatario')
      .where('usuario_id', '=', userId)
      .where('consultado_em', '<=', WINDOW)
      .execute();
    const seen = await trx
      .selectFrom('consultas_destinatario')
      .select('identidade')
      .where('usuario_id', '=', userId)
      .execute();
    if (seen.some((row) => row.identidade === identity)) return;
    if (seen.length >= PAYEE_LOOKUP_DAILY_DISTINCT_LIMIT) throw new AppError('lookup_limit_reached');
    await trx
      .insertInto('consultas_destinatario')
      .values({ usuario_id: userId, identidade: identity })
      .execute();
  });
}

/** The people this payer last paid, most recent first, who can still be paid by id. */
export async function listRecentPayees(db: Kysely<DB>, payerId: string): Promise<RecentPayee[]> {
  const rows = await db
    .selectFrom('kreyolcash_movimentacoes as m')
    .innerJoin('usuarios as d', 'd.id', 'm.destinatario_id')
    .select(['d.id', 'd.nome_completo', 'd.profile_photo_key', 'd.telefone'])
    .select((eb) => eb.fn.max('m.criado_em').as('ultimo'))
    .where('m.remetente_id', '=', payerId)
    .where('m.tipo', '=', 'transferencia')
    .where('m.status', '=', 'concluida')
    .where(canReceive('d'))
    .groupBy(['d.id', 'd.nome_completo', 'd.profile_photo_key', 'd.telefone'])
    .orderBy('ultimo', 'desc')
    .limit(RECENT_PAYEES_LIMIT)
    .execute();
  return rows.map((row) => ({
    destinatario_id: row.id,
    nome_completo: row.nome_completo,
    profile_photo_url: profilePhotoUrl(row.profile_photo_key),
    contato: maskContact(row.telefone),
  }));
}
