import type { HistoryFilter } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/** A movement of a person's statement: as the API answers it (JSON text), with what the server keeps beside it. */
export type StatementEntry = {
  id: string;
  /** criado_em to the microsecond, for cursors (a JS Date keeps only milliseconds). */
  criado_em_exato: string;
  /** The movement as the API's Transaction, in JSON, for this person (kc_transacao_json). */
  apresentada: string;
  /** What the payer paid beside leg 1 (fee and commission legs): on the payer's detail alone. */
  taxa_centis: number | null;
};

/** A page of a statement: its movements' JSON joined by commas, and the next page's cursor if any. */
export type StatementPageJson = { itens: string; seguinte: StatementCursor | undefined };

export type StatementCursor = { criadoEmExato: string; id: string };

export type PageQuery = {
  userId: string;
  filter: HistoryFilter;
  limit: number;
  cursor: StatementCursor | undefined;
};

// The reads are functions of sql/statement.sql, which say what a person sees and how it reads,
// and keep their plans per connection; the pool's unnamed statements were planned again on every
// read. A page arrives as one text: the server neither parses nor writes its rows.

type PageRow = { itens: string; seguinte_exato: string | null; seguinte_id: string | null };

function pageOf(row: PageRow): StatementPageJson {
  const seguinte =
    row.seguinte_exato && row.seguinte_id
      ? { criadoEmExato: row.seguinte_exato, id: row.seguinte_id }
      : undefined;
  return { itens: row.itens, seguinte };
}

/** A page of the user's movements, newest first, keyset-paginated on (criado_em, id). */
export async function listStatement(db: Kysely<DB>, p: PageQuery): Promise<StatementPageJson> {
  const [page] = await listStatements(db, [p]);
  if (!page) throw new Error('a statement page was asked and not read');
  return page;
}

/** Several pages in one round trip, each as listStatement would give it alone, in the order asked. */
export async function listStatements(db: Kysely<DB>, pages: PageQuery[]): Promise<StatementPageJson[]> {
  const { rows } = await sql<PageRow & { pedido: number }>`select pedido, itens, seguinte_exato, seguinte_id
    from kc_extrato_paginas(
    ${pages.map((p) => p.userId)}::uuid[], ${pages.map((p) => p.filter)}::text[],
    ${pages.map((p) => p.limit)}::int4[], ${pages.map((p) => p.cursor?.criadoEmExato ?? null)}::timestamptz[],
    ${pages.map((p) => p.cursor?.id ?? null)}::uuid[])`.execute(db);
  const answers = pages.map((): PageRow | undefined => undefined);
  for (const row of rows) answers[row.pedido - 1] = row;
  // Every request has its row, even an empty page's: one missing is an error, never an empty page.
  return answers.map((row, i) => {
    if (!row) throw new Error(`statement page ${i + 1} of ${pages.length} was not read`);
    return pageOf(row);
  });
}

/** One movement, only if the user may see it; the payer's detail adds what other legs took from them. */
export async function findStatementEntry(
  db: Kysely<DB>,
  p: { userId: string; id: string },
): Promise<StatementEntry | undefined> {
  const { rows } = await sql<StatementEntry>`select id, criado_em_exato, apresentada, taxa_centis
    from kc_extrato_linhas(${p.userId}::uuid, array[${p.id}::uuid], true)`.execute(db);
  return rows[0];
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
