import { AppError } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { type LedgerResult, RESULTS } from './results.ts';

// The one place that calls the ledger's SQL functions: each takes one jsonb argument whose keys
// carry their unit (quantidade_centis, validade_ms) and answers a named result, parsed here.
// `npm run lint` refuses a kc_* call anywhere outside src/ledger.

export type LedgerFunction =
  | 'kc_transferencia_iniciar'
  | 'kc_transferencia_verificar'
  | 'kc_transferencia_reenviar_codigo'
  | 'kc_transferencia_cancelar'
  | 'kc_transferencias_iniciar'
  | 'kc_transferencias_verificar'
  | 'kc_compra_iniciar'
  | 'kc_compras_iniciar'
  | 'kc_compra_verificar'
  | 'kc_compras_verificar'
  | 'kc_compra_cancelar'
  | 'kc_compra_reenviar_codigo'
  | 'kc_emitir'
  | 'kc_estornar'
  | 'kc_ajustar'
  | 'kc_float_emitir'
  | 'kc_float_resgatar'
  | 'kc_empresa_moderar'
  | 'kc_produto_moderar'
  | 'kc_expirar'
  | 'kc_movimento_reter'
  | 'kc_movimentos_reter'
  | 'kc_movimento_cancelar'
  | 'kc_movimento_pernas'
  | 'kc_confirmar'
  | 'kc_confirmacoes'
  | 'kc_codigo_emitir'
  | 'kc_codigo_verificar'
  | 'kc_reclamacao_abrir'
  | 'kc_reclamacao_decidir'
  | 'kc_reclamacoes_expirar';

/**
 * Runs one ledger function with its parameters; answers the raw jsonb. A batch keeps the
 * database's own error (`asRefusal: false`): it is what tells the batcher the call rolled back, so
 * that each item runs again alone and only the one past the ceiling is refused.
 */
export async function callRaw(
  db: Kysely<DB>,
  fn: LedgerFunction,
  params: object,
  ceiling: { asRefusal: boolean } = { asRefusal: true },
): Promise<unknown> {
  let rows: { r: unknown }[];
  try {
    ({ rows } = await sql<{
      r: unknown;
    }>`select ${sql.raw(fn)}(${JSON.stringify(params)}::jsonb) as r`.execute(db));
  } catch (error) {
    throw ceiling.asRefusal && passedCeiling(error) ? new AppError('amount_too_large') : error;
  }
  if (rows.length === 0) throw new Error(`${fn} answered nothing`);
  return rows[0]?.r;
}

/**
 * A figure the ledger's own refusals let through but a ceiling's CHECK stopped (migration 0009's
 * *_teto constraints): the caller is told amount_too_large rather than a 500. Thrown, not
 * answered: the transaction is aborted, and the throw rolls back whatever it had done.
 */
function passedCeiling(error: unknown): boolean {
  const pgError = error as { code?: unknown; constraint?: unknown } | undefined;
  return (
    pgError?.code === '23514' &&
    typeof pgError.constraint === 'string' &&
    pgError.constraint.endsWith('_teto')
  );
}

/** Parses a raw answer as the named result of its operation. */
export function parseResult<K extends keyof typeof RESULTS>(operation: K, raw: unknown): LedgerResult<K> {
  const parsed = RESULTS[operation].safeParse(raw);
  if (!parsed.success) {
    throw new Error(`ledger answer for ${operation} is out of shape: ${parsed.error.message}`);
  }
  return parsed.data as LedgerResult<K>;
}

export async function callLedger<K extends keyof typeof RESULTS>(
  db: Kysely<DB>,
  fn: LedgerFunction,
  operation: K,
  params: object,
): Promise<LedgerResult<K>> {
  return parseResult(operation, await callRaw(db, fn, params));
}
