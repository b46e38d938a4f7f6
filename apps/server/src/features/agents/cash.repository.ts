import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { profilePhotoUrl } from '../../identity/user-presenter.ts';
import { heldCreatedSince } from '../../ledger/ledger.ts';

type Db = Kysely<DB> | Transaction<DB>;

// The reads of cash-ins and cash-outs: who the agent behind a number is, and the held movements of
// either kind as the agent and the customer see them.

/** The agent a user is, paused or not, with the phone and language their codes go to. */
export async function findAgentPerson(db: Db, userId: string) {
  return db
    .selectFrom('agentes as a')
    .innerJoin('usuarios as u', 'u.id', 'a.usuario_id')
    .select(['a.numero', 'a.nome_comercial', 'a.conta_id', 'u.telefone', 'u.idioma'])
    .where('a.usuario_id', '=', userId)
    .executeTakeFirst();
}

type HeldKind = 'deposito' | 'saque';

/** One held movement of a kind, if `side` is its payer ('remetente') or its confirming party. */
export async function findHeld(
  db: Db,
  kind: HeldKind,
  id: string,
  side: { payerId: string } | { partyId: string },
) {
  let query = db
    .selectFrom('kreyolcash_movimentacoes')
    .select(['id', 'status', 'quantidade_centis', 'remetente_id', 'confirmador_id'])
    .where('id', '=', id)
    .where('tipo', '=', kind);
  query =
    'payerId' in side
      ? query.where('remetente_id', '=', side.payerId)
      : query.where('confirmador_id', '=', side.partyId);
  return query.executeTakeFirst();
}

/**
 * Cash-outs still held, oldest first, for their agent (by the agent's person) or their customer
 * (all, or one by its movement's id), each with the agent, the customer and the fee (the legs
 * beyond the first, as held). Read from that person's recent movements (`withinMs`: how long a
 * cash-out is held), through the index of their movements as payer or as payee: the agent
 * is the payee (the float's owner), and the desk asks every few seconds.
 */
export async function listHeldCashOuts(
  db: Db,
  side: { customerId: string; movementId?: string } | { agentUserId: string },
  withinMs: number,
) {
  let query = db
    .selectFrom('kreyolcash_movimentacoes as m')
    .innerJoin('agentes as a', 'a.conta_id', 'm.conta_credito')
    .innerJoin('usuarios as c', 'c.id', 'm.remetente_id')
    .innerJoin('kreyolcash_retencoes as r', 'r.movimentacao_id', 'm.id')
    .select([
      'm.id',
      'm.quantidade_centis',
      'm.expira_em',
      'r.quantidade_centis as retido_centis',
      'a.numero',
      'a.nome_comercial',
      'c.nome_completo',
      'c.profile_photo_key',
      // The legs beyond the first that credit the agent's float: the commission.
      (eb) =>
        eb
          .selectFrom('kreyolcash_pernas as p')
          .select((p) => p.fn.coalesce(p.fn.sum<string>('p.quantidade_centis'), p.lit(0)).as('c'))
          .whereRef('p.movimentacao_id', '=', 'm.id')
          .whereRef('p.conta_credito', '=', 'a.conta_id')
          .where('p.numero', '>', 1)
          .as('comissao_centis'),
    ])
    .where('m.tipo', '=', 'saque')
    .where('m.status', '=', 'pendente')
    .where('m.criado_em', '>', heldCreatedSince(withinMs))
    .where('m.expira_em', '>', sql<Date>`now()`);
  query =
    'customerId' in side
      ? query.where('m.remetente_id', '=', side.customerId)
      : query.where('m.destinatario_id', '=', side.agentUserId).where('a.usuario_id', '=', side.agentUserId);
  if ('movementId' in side && side.movementId) query = query.where('m.id', '=', side.movementId);
  const rows = await query.orderBy('m.criado_em').orderBy('m.id').limit(100).execute();
  return rows.map((row) => ({
    movimentacao_id: row.id,
    agente: { numero: row.numero, nome_comercial: row.nome_comercial },
    cliente: { nome_completo: row.nome_completo, profile_photo_url: profilePhotoUrl(row.profile_photo_key) },
    quantidade_centis: Number(row.quantidade_centis),
    tarifa_centis: Number(row.retido_centis) - Number(row.quantidade_centis),
    comissao_centis: Number(row.comissao_centis ?? 0),
    expira_em: row.expira_em as Date,
  }));
}

/**
 * The agent's cash-ins still waiting for their code, oldest first, with the customer each pays: a
 * screen reloaded or closed mid-way finds them again. Read from the agent's own movements of the
 * last `withinMs` (a cash-in's code lives that long), not from all of them.
 */
export async function listHeldCashIns(db: Db, agentUserId: string, withinMs: number) {
  const rows = await db
    .selectFrom('kreyolcash_movimentacoes as m')
    .innerJoin('agentes as a', 'a.conta_id', 'm.conta_debito')
    .innerJoin('usuarios as c', 'c.id', 'm.destinatario_id')
    .select(['m.id', 'm.quantidade_centis', 'm.expira_em', 'c.nome_completo', 'c.profile_photo_key'])
    .where('m.remetente_id', '=', agentUserId)
    .where('a.usuario_id', '=', agentUserId)
    .where('m.tipo', '=', 'deposito')
    .where('m.status', '=', 'pendente')
    .where('m.criado_em', '>', heldCreatedSince(withinMs))
    .where('m.expira_em', '>', sql<Date>`now()`)
    .orderBy('m.criado_em')
    .orderBy('m.id')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    movimentacao_id: row.id,
    cliente: { nome_completo: row.nome_completo, profile_photo_url: profilePhotoUrl(row.profile_photo_key) },
    quantidade_centis: Number(row.quantidade_centis),
    expira_em: row.expira_em as Date,
  }));
}
