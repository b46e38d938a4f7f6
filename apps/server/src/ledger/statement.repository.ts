import type { HistoryFilter, PurchaseLine } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
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
  taxa_centis?: number | null;
  /** The agent whose float a cash-in, cash-out or refund from a float moved; null otherwise. */
  agente: { numero: number; nome_comercial: string } | null;
};

export type StatementCursor = { criadoEmExato: string; id: string };

export type PageQuery = {
  userId: string;
  filter: HistoryFilter;
  limit: number;
  cursor: StatementCursor | undefined;
};

// Both reads are functions of sql/statement.sql, which say what a person sees and keep their
// plans per connection; the pool's unnamed statements were planned again on every read.

/** A page of the user's movements, newest first, keyset-paginated on (criado_em, id). */
export async function listStatement(db: Kysely<DB>, p: PageQuery): Promise<StatementRow[]> {
  const page = sql`kc_extrato_pagina_ids(${p.userId}::uuid, ${p.filter}::text, ${p.limit}::int4,
    ${p.cursor?.criadoEmExato ?? null}::timestamptz, ${p.cursor?.id ?? null}::uuid)`;
  const { rows } =
    await sql<RawRow>`select ${COLUMNS} from kc_extrato_linhas(${p.userId}::uuid, ${page}, false)`.execute(
      db,
    );
  return rows.map(statementRowOf);
}

type PageRow = StatementRow & { pedido: number };

/**
 * Several pages in one round trip, each as listStatement would give it alone, in the order asked.
 * Each row also keeps the position of its request (`pedido`, from 1), rather than be copied without it.
 */
export async function listStatements(db: Kysely<DB>, pages: PageQuery[]): Promise<PageRow[][]> {
  const { rows } = await sql<RawRow & { pedido: number }>`select pedido, ${COLUMNS} from kc_extrato_paginas(
    ${pages.map((p) => p.userId)}::uuid[], ${pages.map((p) => p.filter)}::text[],
    ${pages.map((p) => p.limit)}::int4[], ${pages.map((p) => p.cursor?.criadoEmExato ?? null)}::timestamptz[],
    ${pages.map((p) => p.cursor?.id ?? null)}::uuid[])`.execute(db);
  const answers = pages.map((): PageRow[] => []);
  for (const row of rows) answers[row.pedido - 1]?.push(statementRowOf(row) as PageRow);
  return answers;
}

/** One movement, only if the user may see it; the payer's detail adds what other legs took from them. */
export async function findStatementEntry(
  db: Kysely<DB>,
  p: { userId: string; id: string },
): Promise<StatementRow | undefined> {
  const { rows } = await sql<RawRow>`select ${COLUMNS} from kc_extrato_linhas(${p.userId}::uuid,
    array[${p.id}::uuid], true)`.execute(db);
  return rows[0] && statementRowOf(rows[0]);
}

// Every column but criado_em: the instant is read from its exact text, which the cursor needs
// anyway, as a Date to the millisecond. The driver's parsing of a timestamptz column, row by row,
// was a fifth of the server's CPU on a statement page (docs/performance.md, session 21).
const COLUMNS = sql.raw(
  [
    'id',
    'remetente_id',
    'destinatario_id',
    'quantidade_centis',
    'tipo',
    'status',
    'observacoes',
    'criado_em_exato',
    'remetente_nome',
    'remetente_email',
    'destinatario_nome',
    'destinatario_email',
    'estornada',
    'em_verificacao',
    'agente',
    'compra',
    'taxa_centis',
  ].join(', '),
);

/** The statement row a ledger call answered as JSON (a verification's `linha`), as a read gives it. */
export function statementRowOfAnswer(linha: { criado_em_exato: string }): StatementRow {
  return statementRowOf(linha as RawRow);
}

type RawRow = Omit<StatementRow, 'criado_em'>;

// The row the driver made, given its instant: no copy of it, whose cost rivalled the parse's.
function statementRowOf(raw: RawRow): StatementRow {
  const row = raw as StatementRow;
  row.criado_em = new Date(raw.criado_em_exato);
  return row;
}

/**
 * The balance, and how much of what is held is held by open "wrong person" reports against this
 * user's payments (part of reservado_centis): the screens tell it apart from money waiting for a
 * code. That figure is sent only when a report holds money, so every other balance reads as before.
 */
export async function findBalance(db: Kysely<DB>, userId: string): Promise<Balance | undefined> {
  const { rows } = await sql<Required<Balance>>`select * from kc_saldo(${userId}::uuid)`.execute(db);
  const row = rows[0];
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
