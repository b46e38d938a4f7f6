import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import type { TransferLog } from './bank-workload.ts';

/** How the client's transfers ended, as it saw them. */
export function tally(log: TransferLog[]) {
  const result = { ok: 0, failed: 0, unknown: 0 };
  for (const e of log) result[e.initiate === 'ok' ? (e.verify ?? 'unknown') : e.initiate] += 1;
  return result;
}

/** Transfers the client saw verified (200) that are not concluida in the database. */
export async function lostAcknowledged(db: Kysely<DB>, log: TransferLog[]): Promise<number> {
  const ids = log.filter((e) => e.verify === 'ok' && e.movementId).map((e) => e.movementId as string);
  if (ids.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from unnest(${ids}::uuid[]) as ack(id)
     where not exists (select 1 from kreyolcash_movimentacoes m where m.id = ack.id and m.status = 'concluida')`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** Transfer movements that no idempotency key accounts for: a duplicate would be one. */
export async function movementsWithoutKey(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from kreyolcash_movimentacoes m
     where m.tipo = 'transferencia'
       and not exists (select 1 from idempotency_keys k where (k.resposta->>'movimentacao_id')::uuid = m.id)`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** Keys the client holds whose movement id changed on a retry: a transfer made twice. */
export function duplicatedOnRetry(log: TransferLog[], before: Map<string, string | undefined>): number {
  return log.filter((e) => before.has(e.key) && before.get(e.key) !== e.movementId).length;
}
