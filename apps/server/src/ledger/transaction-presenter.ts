import type { transactionSchema } from '@kreyolcash/domain';
import type { z } from 'zod';
import type { StatementCursor, StatementPageJson } from './statement.repository.ts';

// A movement is presented once, by the ledger (kc_transacao_json, statement.sql): a page is sent
// as PostgreSQL wrote it, and a single movement is read back from that JSON.

// What the answers' schemas take: instants as Dates, which they (Timestamp) write as ISO 8601 text.
export type TransactionRecord = z.input<typeof transactionSchema>;

/** A movement's JSON as the ledger presented it, to send as it is. */
export function transactionJson(apresentada: string | null): string {
  // One null in its concatenation nulls a movement's whole text: an error, never an empty answer.
  if (typeof apresentada !== 'string') throw new Error('a movement of the statement has no text');
  return apresentada;
}

/** A movement as the ledger presented it, for an answer's schema: its instant a Date again. */
export function transactionOf(apresentada: string | null): TransactionRecord {
  const transaction = JSON.parse(transactionJson(apresentada)) as Omit<TransactionRecord, 'criado_em'> & {
    criado_em: string;
  };
  return { ...transaction, criado_em: new Date(transaction.criado_em) };
}

/** A statement page as the API answers it (the StatementPage schema), in JSON. */
export function statementPageJson(page: StatementPageJson): string {
  const next = page.seguinte ? `"${encodeCursor(page.seguinte)}"` : 'null';
  return `{"items":[${page.itens}],"next_cursor":${next}}`;
}

// Cursors are opaque to clients: the last row's (criado_em, id), base64url-encoded.
export function encodeCursor(cursor: StatementCursor): string {
  return Buffer.from(`${cursor.criadoEmExato}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): StatementCursor | undefined {
  if (!cursor) return undefined;
  const [exact, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const isTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(exact ?? '');
  if (!exact || !isTimestamp || !id || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  return { criadoEmExato: exact, id };
}
