import {
  centisToUnits,
  displayTypeOf,
  MOVEMENT_STATUSES,
  type MovementStatus,
  type Transaction,
  type transactionSchema,
  transactionStatusOf,
  wallClockOf,
} from '@kreyolcash/domain';
import type { z } from 'zod';
import type { StatementCursor, StatementRow } from './statement.repository.ts';

const KNOWN_STATUSES: ReadonlySet<string> = new Set(MOVEMENT_STATUSES);

// What the presenters give the answers' schemas: instants stay Dates, which the schemas
// (Timestamp) write as ISO 8601 text.
export type TransactionRecord = z.input<typeof transactionSchema>;

/** A movement as its viewer sees it; the payer's detail of a movement with fee legs adds `taxa_centis`. */
export function presentTransaction(
  row: StatementRow,
  viewerId: string,
): TransactionRecord & { taxa_centis?: number } {
  const compra = row.tipo === 'compra' ? row.compra : null;
  return {
    id: row.id,
    type: displayTypeOf(
      { tipo: row.tipo, remetenteId: row.remetente_id, destinatarioId: row.destinatario_id },
      viewerId,
    ),
    status: (KNOWN_STATUSES.has(row.status)
      ? transactionStatusOf(row.status as MovementStatus)
      : row.status) as Transaction['status'],
    quantidade_centis: row.quantidade_centis,
    quantidade_kreyolcash: centisToUnits(row.quantidade_centis),
    criado_em: row.criado_em,
    criado_em_haiti: wallClockOf(row.criado_em),
    remetente_nome: row.remetente_nome,
    remetente_email: row.remetente_email,
    destinatario_nome: row.destinatario_nome,
    destinatario_email: row.destinatario_email,
    // A purchase's description is the sale itself (product, quantity, company), shown from
    // `compra`: its stored text is for operators, not a note from the payer.
    observacoes: compra ? null : row.observacoes,
    tipo: row.tipo,
    expirada: row.status === 'expirada',
    estornada: row.estornada,
    em_verificacao: row.em_verificacao,
    compra,
    ...(row.agente ? { agente: row.agente } : {}),
    ...(row.taxa_centis ? { taxa_centis: row.taxa_centis } : {}),
  };
}

// Cursors are opaque to clients: the last row's (criado_em, id), base64url-encoded.
export function encodeCursor(row: StatementRow): string {
  return Buffer.from(`${row.criado_em_exato}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): StatementCursor | undefined {
  if (!cursor) return undefined;
  const [exact, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const isTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(exact ?? '');
  if (!exact || !isTimestamp || !id || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  return { criadoEmExato: exact, id };
}
