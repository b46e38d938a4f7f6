import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

// How long a one-off reader waits for the transactions in flight at its horizon to end. Postings
// hold their transaction for milliseconds; a long transaction only delays notices, it never loses
// or repeats one.
const FIRM_BUDGET_MS = 2_000;
const FIRM_POLL_MS = 2;

type Horizon = { ate: number; firme_apos: string };
type Step = Horizon & { posicao: number | null };

// One step (notices.sql, kc_avisos_seguir): what was up to `horizon` is derived if it has become
// firm, and the next horizon comes back.
async function step(db: Kysely<DB>, horizon: Horizon | null): Promise<Step> {
  const { rows } = await sql<Step>`
    select posicao, ate, firme_apos::text from kc_avisos_seguir(
      ${horizon?.ate ?? null}::bigint, ${horizon?.firme_apos ?? null}::xid8)`.execute(db);
  const next = rows[0];
  if (!next) throw new Error('kc_avisos_seguir answered no row');
  return next;
}

/**
 * Queues the "done" notices of the postings committed before the call (notices.sql): a transfer's
 * to its payer and payee, a purchase's to its seller, each exactly once whatever the number of
 * processes deriving. Answers how far the ledger's lines have been read, or null when another
 * process was reading them or the horizon did not become firm within the budget.
 */
export async function deriveNotices(db: Kysely<DB>, budgetMs = FIRM_BUDGET_MS): Promise<number | null> {
  const { posicao: _, ...horizon } = await step(db, null);
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const { posicao } = await step(db, horizon);
    if (posicao !== null) return posicao;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, FIRM_POLL_MS));
  }
}

/**
 * The outbox worker's feed: each call derives up to the horizon the call before it saw, if that
 * has become firm since (it usually has: calls are tens of milliseconds apart), and keeps the next.
 * One round trip a call. True while there are lines past what has been read, so the worker calls
 * again soon.
 */
export function noticeDeriver(db: Kysely<DB>): () => Promise<boolean> {
  let horizon: Horizon | null = null;
  let reached = -1;
  return async () => {
    // A horizon already read needs no step of its own: locking the position for nothing, twice a
    // second, would write.
    const next = await step(db, horizon && horizon.ate > reached ? horizon : null);
    if (next.posicao !== null) reached = Number(next.posicao);
    horizon = { ate: Number(next.ate), firme_apos: next.firme_apos };
    return horizon.ate > reached;
  };
}
