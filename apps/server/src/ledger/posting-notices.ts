import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

// How long a reader waits for the transactions in flight at its horizon to end before leaving the
// lines to its next round. Postings hold their transaction for milliseconds; a long transaction
// only delays notices, it never loses or repeats one.
const FIRM_BUDGET_MS = 2_000;
const FIRM_POLL_MS = 2;

/**
 * Queues the "done" notices of the postings committed since the last call (notices.sql): a
 * transfer's to its payer and payee, a purchase's to its seller, each exactly once whatever the
 * number of processes calling it. Answers how far the ledger's lines have been read, or null when
 * another process was reading them or the horizon did not become firm within the budget.
 */
export async function deriveNotices(db: Kysely<DB>, budgetMs = FIRM_BUDGET_MS): Promise<number | null> {
  return noticeDeriver(db, budgetMs)();
}

/**
 * deriveNotices for a worker that calls it again and again: a call that finds no line past the
 * position it last reached costs one query.
 */
export function noticeDeriver(db: Kysely<DB>, budgetMs = FIRM_BUDGET_MS): () => Promise<number | null> {
  let reached = -1;
  return async () => {
    const { rows } = await sql<{ ate: number; firme_apos: string }>`
      select ate, firme_apos::text from kc_avisos_horizonte()`.execute(db);
    const horizon = rows[0];
    if (!horizon || Number(horizon.ate) <= reached) return reached;
    if (!(await becomesFirm(db, horizon.firme_apos, budgetMs))) return null;
    const { rows: moved } = await sql<{ posicao: number | null }>`
      select kc_avisos_derivar(${horizon.ate}::bigint) as posicao`.execute(db);
    const position = moved[0]?.posicao;
    if (position == null) return null;
    reached = Number(position);
    return reached;
  };
}

async function becomesFirm(db: Kysely<DB>, firmAfter: string, budgetMs: number): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const { rows } = await sql<{ firme: boolean }>`
      select kc_avisos_firmes(${firmAfter}::xid8) as firme`.execute(db);
    if (rows[0]?.firme) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, FIRM_POLL_MS));
  }
}
