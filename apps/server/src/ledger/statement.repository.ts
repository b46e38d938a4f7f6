import type { HistoryFilter, PurchaseLine } from '@kreyolcash/domain';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

export type StatementRow = {
  id: string;
  remetente_id: string | null;
  destinatario_id: string | null;
  quantidade_centis: number;
  tipo: string;
  status: string;
  observacoes: string | null;
  criado_em: Date;
  /** criado_em to the microsecond, for cursors (a JS Date keeps only milliseconds). */
  criado_em_exato: string;
  remetente_nome: string | null;
  remetente_email: string | null;
  destinatario_nome: string | null;
  destinatario_email: string | null;
  /** A later reversal gave this payment back. */
  estornada: boolean;
  /** A "wrong person" report on this payment is open: support is checking it. */
  em_verificacao: boolean;
  /** The sale of a purchase movement; null for anything else. */
  compra: PurchaseLine | null;
  /** What the payer paid beside leg 1 (fee and commission legs): on the payer's detail alone. */
  taxa_centis?: number;
  /** The agent whose float a cash-in, cash-out or refund from a float moved; null otherwise. */
  agente: { numero: number; nome_comercial: string } | null;
};

// Only movements between two people appear under the sent and received tabs (spec §2).
const BETWEEN_PEOPLE = ['transferencia', 'compra', 'estorno'] as const;

type StatementFrom = DB & { m: DB['kreyolcash_movimentacoes'] };

export type StatementCursor = { criadoEmExato: string; id: string };

// What the statement reads of a movement itself; its people, reversal, report and agent are read
// afterwards, for these rows alone.
const MOVEMENT_COLUMNS = [
  'm.id',
  'm.remetente_id',
  'm.destinatario_id',
  'm.conta_debito',
  'm.conta_credito',
  'm.quantidade_centis',
  'm.tipo',
  'm.status',
  'm.observacoes',
  'm.criado_em',
] as const;

function movements(db: Kysely<DB>) {
  return db.selectFrom('kreyolcash_movimentacoes as m').select(MOVEMENT_COLUMNS);
}

type Movements = ReturnType<typeof movements>;

// The movements (a derived table named m, of MOVEMENT_COLUMNS) with their two people. A purchase's
// sale is read afterwards, for the purchases alone (withSales): the three joins it needs tripled
// the planning of every statement read, most of the cost of the one-row read that answers each
// verified transfer.
function movementsWithParties(db: Kysely<DB>, from: Movements) {
  return db
    .selectFrom(from.as('m'))
    .leftJoin('usuarios as r', 'r.id', 'm.remetente_id')
    .leftJoin('usuarios as d', 'd.id', 'm.destinatario_id')
    .select([
      sql<boolean>`exists (select 1 from kreyolcash_movimentacoes x where x.referente_a = m.id and x.tipo = 'estorno')`.as(
        'estornada',
      ),
      // One row at most (reclamacoes.movimentacao_id is unique).
      sql<boolean>`exists (select 1 from reclamacoes rc where rc.movimentacao_id = m.id and rc.status = 'aberta')`.as(
        'em_verificacao',
      ),
      'm.id',
      'm.remetente_id',
      'm.destinatario_id',
      'm.quantidade_centis',
      'm.tipo',
      'm.status',
      'm.observacoes',
      'm.criado_em',
      'r.nome_completo as remetente_nome',
      'r.email as remetente_email',
      'd.nome_completo as destinatario_nome',
      'd.email as destinatario_email',
      sql<string>`to_char(m.criado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'criado_em_exato',
      ),
      // A probe of the agents' unique float account, for the agents' movements alone.
      sql<StatementRow['agente']>`case when m.tipo in ('deposito', 'saque', 'reembolso') then
        (select jsonb_build_object('numero', a.numero, 'nome_comercial', a.nome_comercial) from agentes a
          where a.conta_id = case when m.tipo = 'saque' then m.conta_credito else m.conta_debito end) end`.as(
        'agente',
      ),
    ]);
}

type MovementRow = Omit<StatementRow, 'compra'>;

/** The rows with their sale (`compra`): one query for all the purchases among them, none without. */
async function withSales(db: Kysely<DB>, rows: MovementRow[]): Promise<StatementRow[]> {
  const purchaseIds = rows.filter((row) => row.tipo === 'compra').map((row) => row.id);
  const sales =
    purchaseIds.length === 0
      ? []
      : await db
          .selectFrom('vendas as v')
          // The sale, its product and its company are foreign keys of one another: all or none.
          .innerJoin('produtos as p', 'p.id', 'v.produto_id')
          .innerJoin('empresas as e', 'e.id', 'v.empresa_id')
          .select([
            'v.movimentacao_id',
            'v.id as venda_id',
            'v.produto_id',
            'v.empresa_id',
            'p.nome as produto_nome',
            'e.nome as empresa_nome',
            'v.quantidade',
            'v.preco_unitario_centis',
          ])
          .where('v.movimentacao_id', 'in', purchaseIds)
          .execute();
  const saleOf = new Map(sales.map(({ movimentacao_id, ...sale }) => [movimentacao_id, sale]));
  return rows.map((row) => ({ ...row, compra: saleOf.get(row.id) ?? null }));
}

// What a user may see of a movement: everything they pay (their pending and cancelled attempts
// included), and only what was posted of what they are paid. A hold, a void or an expiry moved no
// money to the payee, so it never appears on their side. Only what their own wallet pays or
// receives (a person's account id is their user id): an agent's cash-ins, cash-outs and float
// name the agent as a party but move their float, which their agent screen shows instead.
function paidBy(userId: string) {
  return (eb: ExpressionBuilder<StatementFrom, 'm'>) =>
    eb.and([eb('m.remetente_id', '=', userId), eb('m.conta_debito', '=', userId)]);
}
function postedTo(userId: string) {
  return (eb: ExpressionBuilder<StatementFrom, 'm'>) =>
    eb.and([
      eb('m.destinatario_id', '=', userId),
      eb('m.conta_credito', '=', userId),
      eb('m.status', '=', 'concluida'),
    ]);
}
function visibleTo(userId: string) {
  return (eb: ExpressionBuilder<StatementFrom, 'm'>) => eb.or([paidBy(userId)(eb), postedTo(userId)(eb)]);
}
type PageQuery = {
  userId: string;
  filter: HistoryFilter;
  limit: number;
  cursor: StatementCursor | undefined;
};

/** A page of the user's movements, newest first, keyset-paginated on (criado_em, id). */
export async function listStatement(db: Kysely<DB>, p: PageQuery): Promise<StatementRow[]> {
  const rows = await movementsWithParties(db, statementPage(db, p))
    .orderBy('m.criado_em', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return withSales(db, rows);
}

// Each side is read from its own party index ((remetente_id | destinatario_id, criado_em desc, id
// desc)), from the cursor on and at most a page of it; the "all" tab merges both sides' pages and
// keeps the newest. An OR of the two sides has no index to serve it, and joining the sides' ids
// back to the movements let PostgreSQL pick a hash semi-join over a scan of the whole table. The
// sides never share a movement: its payer is never its payee (CHECK kreyolcash_mov_partes).
function statementPage(db: Kysely<DB>, p: PageQuery): Movements {
  const side = (where: (eb: ExpressionBuilder<StatementFrom, 'm'>) => Expression<SqlBool>) =>
    newestFirst(movements(db).where(where), p);
  switch (p.filter) {
    case 'sent':
      return side((eb) => eb.and([paidBy(p.userId)(eb), eb('m.tipo', 'in', BETWEEN_PEOPLE)]));
    case 'received':
      return side((eb) => eb.and([postedTo(p.userId)(eb), eb('m.tipo', 'in', BETWEEN_PEOPLE)]));
    case 'all': {
      const both = db
        .selectFrom(side(paidBy(p.userId)).as('pagos'))
        .selectAll()
        .unionAll(db.selectFrom(side(postedTo(p.userId)).as('recebidos')).selectAll());
      return db
        .selectFrom(both.as('m'))
        .select(MOVEMENT_COLUMNS)
        .orderBy('m.criado_em', 'desc')
        .orderBy('m.id', 'desc')
        .limit(p.limit);
    }
  }
}

function newestFirst(query: Movements, p: PageQuery): Movements {
  const after = p.cursor
    ? query.where(
        sql<boolean>`(m.criado_em, m.id) < (${p.cursor.criadoEmExato}::timestamptz, ${p.cursor.id}::uuid)`,
      )
    : query;
  return after.orderBy('m.criado_em', 'desc').orderBy('m.id', 'desc').limit(p.limit);
}

/** One movement, only if the user may see it (see visibleTo). */
export async function findStatementEntry(
  db: Kysely<DB>,
  p: { userId: string; id: string },
): Promise<StatementRow | undefined> {
  // A person sees their own leg (leg 1, the movement's amount); the payer's detail adds what the
  // other legs took from them, read in the same query (a probe of the legs' primary key): a
  // movement without stored legs, as every transfer and purchase, has none.
  const row = await movementsWithParties(
    db,
    movements(db).where('m.id', '=', p.id).where(visibleTo(p.userId)),
  )
    .select(
      sql<number | null>`case when m.remetente_id = ${p.userId}::uuid then
        (select sum(l.quantidade_centis)::int8 from kreyolcash_pernas l
          where l.movimentacao_id = m.id and l.numero > 1 and l.conta_debito = m.conta_debito) end`.as(
        'taxa',
      ),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  const { taxa, ...movement } = row;
  const entry = (await withSales(db, [movement]))[0];
  return entry && taxa ? { ...entry, taxa_centis: taxa } : entry;
}

/**
 * The balance, and how much of what is held is held by open "wrong person" reports against this
 * user's payments (part of reservado_centis): the screens tell it apart from money waiting for a
 * code. That figure is sent only when a report holds money, so every other balance reads as before.
 */
export async function findBalance(db: Kysely<DB>, userId: string): Promise<Balance | undefined> {
  const row = await db
    .selectFrom('vw_saldos_kreyolcash as s')
    .select([
      's.saldo_centis',
      's.reservado_centis',
      's.disponivel_centis',
      sql<number>`coalesce((select sum(rc.retido_centis) from reclamacoes rc where rc.recebedor_id = s.user_id and rc.status = 'aberta'), 0)::int8`.as(
        'em_verificacao_centis',
      ),
    ])
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { em_verificacao_centis, ...balance } = row;
  return em_verificacao_centis > 0 ? { ...balance, em_verificacao_centis } : balance;
}

export type Balance = {
  saldo_centis: number;
  reservado_centis: number;
  disponivel_centis: number;
  em_verificacao_centis?: number;
};
