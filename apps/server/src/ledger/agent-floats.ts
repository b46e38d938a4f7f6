import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

// An agent's float: an account of its own (tipo 'agente', owned by the agent's user, apart from
// their personal wallet) that cash-ins pay from and cash-outs pay into. Opened empty; only
// movements of the ledger ever change its balance.

/**
 * Opens the user's float account inside the caller's transaction (the one that writes the agent),
 * and answers its id. A user has at most one (the accounts' unique owner and kind).
 */
export async function openAgentFloat(trx: Transaction<DB>, userId: string): Promise<string> {
  const id = randomUUID();
  await trx.insertInto('kreyolcash_contas').values({ id, tipo: 'agente', user_id: userId }).execute();
  return id;
}

export type AgentFloatBalance = { saldo_centis: number; reservado_centis: number; disponivel_centis: number };

/** The balance of a float account: total, held, and what it can give out. */
export async function findAgentFloat(
  db: Kysely<DB>,
  accountId: string,
): Promise<AgentFloatBalance | undefined> {
  const row = await db
    .selectFrom('kreyolcash_contas')
    .select(['saldo_centis', 'reservado_centis'])
    .where('id', '=', accountId)
    .where('tipo', '=', 'agente')
    .executeTakeFirst();
  if (!row) return undefined;
  const saldo = Number(row.saldo_centis);
  const reservado = Number(row.reservado_centis);
  return { saldo_centis: saldo, reservado_centis: reservado, disponivel_centis: saldo - reservado };
}
