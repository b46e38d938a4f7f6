import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The ledger's totals, read in one statement (one snapshot). Money exists only once issued: the
 * issuer's account goes negative by what it issued, so issued = −(its balance), and issued equals
 * the users' balances plus the fees (and the other system accounts) while the ledger is sound.
 *
 * Summed by PostgreSQL (numeric, then bigint), never in JavaScript, and each total is at most the
 * ceiling of every figure (AMOUNT_CEILING_CENTIS, 10^15 < 2^53), so it travels as a plain number:
 * the issuer's balance is held within it by a CHECK, every other account is never negative, so
 * their sum (the money issued) is within it too, what is reserved is part of those balances and
 * what is pending part of what is reserved. Only a ledger that no longer balances could pass it,
 * and ledger:check names that ("figure beyond the ceiling").
 */
export async function ledgerTotals(db: Kysely<DB>) {
  const { rows } = await sql<{
    emitido_centis: number;
    saldos_usuarios_centis: number;
    reservado_centis: number;
    taxas_centis: number;
    outras_centis: number;
    contas_usuarios: number;
    pendentes_quantidade: number;
    pendentes_total_centis: number;
    reclamacoes_abertas: number;
  }>`
    select
      (select -coalesce(sum(saldo_centis), 0) from kreyolcash_contas where tipo = 'emissor')::bigint as emitido_centis,
      (select coalesce(sum(saldo_centis), 0) from kreyolcash_contas where tipo = 'usuario')::bigint as saldos_usuarios_centis,
      (select coalesce(sum(reservado_centis), 0) from kreyolcash_contas)::bigint as reservado_centis,
      (select coalesce(sum(saldo_centis), 0) from kreyolcash_contas where tipo = 'taxas')::bigint as taxas_centis,
      (select coalesce(sum(saldo_centis), 0) from kreyolcash_contas where tipo in ('garantia', 'agente'))::bigint
        as outras_centis,
      (select count(*) from kreyolcash_contas where tipo = 'usuario')::bigint as contas_usuarios,
      pendentes.quantidade as pendentes_quantidade,
      pendentes.total_centis as pendentes_total_centis,
      (select count(*) from reclamacoes where status = 'aberta')::bigint as reclamacoes_abertas
      -- The pending movements, read from the expiry sweeper's position (expiry.sql).
      from kc_pendentes() pendentes`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('ledger totals returned nothing');
  return row;
}
