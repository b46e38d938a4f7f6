import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

// How long a one-off reader waits for the transactions in flight at its horizon to end. Postings
// hold their transaction for milliseconds; a long transaction only delays notices, it never loses
// or repeats one.
const FIRM_BUDGET_MS = 2_000;
const FIRM_POLL_MS = 2;

/** Where a reader stands: the position, and the horizon it has seen (marca null: nothing past it). */
type Step = { posicao: number; ate: number; marca: string | null };

// One step (notices.sql, kc_avisos_seguir): what was up to the horizon is derived if it has become
// firm, and the next horizon comes back; a horizon not yet firm comes back as it was.
async function step(db: Kysely<DB>, last: Step | null): Promise<Step> {
  const given = last && last.marca !== null && last.ate > last.posicao ? last : null;
  const { rows } = await sql<Step>`
    select posicao, ate, marca::text from kc_avisos_seguir(${given?.ate ?? null}::bigint, ${given?.marca ?? null}::xid8)`.execute(
    db,
  );
  const next = rows[0];
  if (!next) throw new Error('kc_avisos_seguir answered no row');
  return { posicao: Number(next.posicao), ate: Number(next.ate), marca: next.marca };
}

/**
 * Queues the "done" notices of the postings committed before the call (notices.sql): a transfer's
 * to its payer and payee, a purchase's to its seller, each exactly once whatever the number of
 * processes deriving. Answers how far the ledger's lines have been read, or null when they could
 * not all be read within the budget (a transaction in flight held the horizon back, or another
 * process held the position).
 */
export async function deriveNotices(db: Kysely<DB>, budgetMs = FIRM_BUDGET_MS): Promise<number | null> {
  let at = await step(db, null);
  const target = at.ate;
  const deadline = Date.now() + budgetMs;
  while (at.posicao < target) {
    if (Date.now() >= deadline) return null;
    const next = await step(db, at);
    if (next.posicao === at.posicao) await new Promise((resolve) => setTimeout(resolve, FIRM_POLL_MS));
    at = next;
  }
  return at.posicao;
}

/**
 * The outbox worker's feed: each call derives up to the horizon the call before it saw, if that
 * has become firm since (calls are tenths of a second apart: it usually has), and keeps the next.
 * One round trip a call. True while there are lines past the position, so the worker calls again
 * soon.
 */
export function noticeDeriver(db: Kysely<DB>): () => Promise<boolean> {
  let at: Step | null = null;
  return async () => {
    at = await step(db, at);
    return at.ate > at.posicao;
  };
}
