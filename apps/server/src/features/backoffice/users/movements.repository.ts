import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';

// A movement as an operator reads it: the row, its two ledger lines with the balances around
// them, the people, what it corrects and what corrects it, its sale and its wrong-payment report.

export async function findMovement(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('kreyolcash_movimentacoes as m')
    .leftJoin('usuarios as r', 'r.id', 'm.remetente_id')
    .leftJoin('usuarios as d', 'd.id', 'm.destinatario_id')
    .select([
      'm.id',
      'm.tipo',
      'm.status',
      'm.quantidade_centis',
      'm.observacoes',
      'm.conta_debito',
      'm.conta_credito',
      'm.referente_a',
      'm.motivo',
      'm.ator',
      'm.criado_em',
      'm.concluido_em',
      'm.expira_em',
      'm.remetente_id',
      'r.nome_completo as remetente_nome',
      'r.email as remetente_email',
      'm.destinatario_id',
      'd.nome_completo as destinatario_nome',
      'd.email as destinatario_email',
    ])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

// A correction's actor is stored as `operator:<id>` (adjustments) or `operador:<id>` (reversals).
const OPERATOR_ACTOR = /^(?:operator|operador):([0-9a-f-]{36})$/i;

/** The operator a movement's actor names, by name and role; undefined when it names none. */
export async function findActorOperator(db: Kysely<DB>, actor: string | null) {
  const id = actor ? OPERATOR_ACTOR.exec(actor)?.[1] : undefined;
  if (!id) return undefined;
  return db.selectFrom('operadores').select(['id', 'nome', 'papel']).where('id', '=', id).executeTakeFirst();
}

// A posting stamps all of a movement's lines with one instant read inside its transaction once it
// holds the accounts' locks (kc_instante_lancamento, two-phase.sql), and sets concluido_em to that
// transaction's now(), its start: a movement's lines are never before its concluido_em. How long
// after has no bound (a transaction may wait on locks), so its lines are first read within this
// window of concluido_em, through the block range index on their time, and read again without a
// bound when the window held fewer than all of them (a longer wait, a clock set back): a posted
// movement has exactly two lines per leg, and a movement not posted has none (ledger check
// 'movement is unbalanced'). Nothing else indexes the lines by movement, and an index on it would
// cost every posting an insertion per line.
const POSTING_WINDOW = '1 minute';

// Each line's account and holder are read by key (offset 0 keeps the lookup apart): joined, the
// planner weighs reading every account against the lines' estimated cost, which grows with the
// ledger, and may read them all for each line.
function ledgerLines(db: Kysely<DB>, movementId: string) {
  return db
    .selectFrom('kreyolcash_lancamentos as l')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('kreyolcash_contas as c')
          .leftJoin('usuarios as u', 'u.id', 'c.user_id')
          .select(['c.tipo', 'u.nome_completo'])
          .whereRef('c.id', '=', 'l.conta_id')
          .offset(0)
          .as('c'),
      (join) => join.onTrue(),
    )
    .select([
      sql<string>`l.id::text`.as('id'),
      'l.conta_id',
      'c.tipo as conta_tipo',
      'c.nome_completo as titular_nome',
      'l.valor_centis',
      'l.saldo_anterior_centis',
      'l.saldo_posterior_centis',
      'l.criado_em',
    ])
    .where('l.movimentacao_id', '=', movementId)
    .orderBy('l.id');
}

/** How many lines the movement's posting wrote: two for each of its legs (one without stored legs). */
async function postedLineCount(db: Kysely<DB>, movementId: string): Promise<number> {
  const { pernas } = await db
    .selectFrom('kreyolcash_pernas')
    .select((eb) => eb.fn.countAll<string>().as('pernas'))
    .where('movimentacao_id', '=', movementId)
    .executeTakeFirstOrThrow();
  return 2 * Math.max(Number(pernas), 1);
}

/** The movement's lines in the order written; none while it is not posted (as the caller read it). */
export async function findLedgerLines(db: Kysely<DB>, movement: { id: string; status: string }) {
  if (movement.status !== 'concluida') return [];
  const posted = sql<Date>`(select concluido_em from kreyolcash_movimentacoes where id = ${movement.id}::uuid)`;
  const inWindow = await ledgerLines(db, movement.id)
    .where('l.criado_em', '>=', posted)
    .where('l.criado_em', '<', sql<Date>`${posted} + ${POSTING_WINDOW}::interval`)
    .execute();
  if (inWindow.length === (await postedLineCount(db, movement.id))) return inWindow;
  return ledgerLines(db, movement.id).execute();
}

/** The movements this one corrects (referente_a) and those that correct it. */
export async function findRelatedMovements(
  db: Kysely<DB>,
  movement: { id: string; referente_a: string | null },
) {
  const columns = ['id', 'tipo', 'status', 'quantidade_centis', 'criado_em', 'motivo'] as const;
  const corrects = movement.referente_a
    ? await db
        .selectFrom('kreyolcash_movimentacoes')
        .select(columns)
        .where('id', '=', movement.referente_a)
        .executeTakeFirst()
    : undefined;
  // Reversals, refunds and adjustments may name what they correct: kreyolcash_mov_referente_idx
  // holds every movement that names one.
  const correctedBy = await db
    .selectFrom('kreyolcash_movimentacoes')
    .select(columns)
    .where('referente_a', '=', movement.id)
    .orderBy('criado_em')
    .execute();
  return { corrige: corrects ?? null, corrigido_por: correctedBy };
}

export async function findSaleOf(db: Kysely<DB>, movementId: string) {
  const sale = await db
    .selectFrom('vendas as v')
    .innerJoin('produtos as p', 'p.id', 'v.produto_id')
    .innerJoin('empresas as e', 'e.id', 'v.empresa_id')
    .select([
      'v.id',
      'v.status',
      'v.quantidade',
      'v.preco_unitario_centis',
      'v.total_centis',
      'p.nome as produto_nome',
      'e.id as empresa_id',
      'e.nome as empresa_nome',
    ])
    .where('v.movimentacao_id', '=', movementId)
    .executeTakeFirst();
  return sale ?? null;
}

/** The wrong-payment report on this movement, or the one it reversed (each side indexed). */
export async function findReportOf(db: Kysely<DB>, movementId: string) {
  const report = await db
    .selectFrom('reclamacoes')
    .select(['id', 'status', 'quantidade_centis', 'retido_centis', 'criado_em', 'prazo_em', 'decidido_em'])
    .where((eb) => eb.or([eb('movimentacao_id', '=', movementId), eb('estorno_id', '=', movementId)]))
    .executeTakeFirst();
  return report ?? null;
}
