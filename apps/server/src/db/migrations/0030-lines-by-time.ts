import { type Kysely, sql } from 'kysely';

// The reconciliations (an agent's own day in the app, the operators' day) read the ledger's lines
// of a span of time, which no index served: each read walked every line ever written, about 0.3 s
// for an agent's day at three million lines and growing with the ledger (docs/performance.md,
// session 34). Lines are written in the order of their time, so a block range index on it is a few
// pages that point a read at the blocks of its span, and costs a posting next to nothing.
// autosummarize: an insert-only table waits for a fifth of its size to grow before autovacuum runs,
// and until a range is summarised every read scans it; this summarises each range once it is full.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index kreyolcash_lancamentos_tempo_idx on kreyolcash_lancamentos
              using brin (criado_em) with (autosummarize = on)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index kreyolcash_lancamentos_tempo_idx`.execute(db);
}
