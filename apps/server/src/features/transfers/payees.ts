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

/**
 * The people this payer last paid, most recent first, who can still be paid by id. The payer's
 * transfers are walked newest first, one step per new payee, each step skipping the payees already
 * found, so a read stops after the last of them (a shop paying the same suppliers for years reads a
 * few rows, where grouping read every transfer it ever made).
 */
export async function listRecentPayees(db: Kysely<DB>, payerId: string): Promise<RecentPayee[]> {
  const { rows } = await sql<{
    id: string;
    nome_completo: string;
    profile_photo_key: string | null;
    telefone: string;
  }>`
    with recursive passo as (
      (select m.criado_em, m.id, m.destinatario_id, array[m.destinatario_id] as vistos, 1 as n
         from kreyolcash_movimentacoes m join usuarios d on d.id = m.destinatario_id
        where m.remetente_id = ${payerId} and m.tipo = 'transferencia' and m.status = 'concluida'
          and ${canReceive('d')}
        order by m.criado_em desc, m.id desc limit 1)
      union all
      select x.criado_em, x.id, x.destinatario_id, p.vistos || x.destinatario_id, p.n + 1
        from passo p cross join lateral (
          select m.criado_em, m.id, m.destinatario_id
            from kreyolcash_movimentacoes m join usuarios d on d.id = m.destinatario_id
           where m.remetente_id = ${payerId} and m.tipo = 'transferencia' and m.status = 'concluida'
             and (m.criado_em, m.id) < (p.criado_em, p.id) and m.destinatario_id <> all (p.vistos)
             and ${canReceive('d')}
           order by m.criado_em desc, m.id desc limit 1) x
       where p.n < ${RECENT_PAYEES_LIMIT}
    )
    select d.id, d.nome_completo, d.profile_photo_key, d.telefone
      from passo p join usuarios d on d.id = p.destinatario_id
     order by p.n`.execute(db);
  return rows.map((row) => ({
    destinatario_id: row.id,
    nome_completo: row.nome_completo,
    profile_photo_url: profilePhotoUrl(row.profile_photo_key),
    contato: maskContact(row.telefone),
  }));
}
