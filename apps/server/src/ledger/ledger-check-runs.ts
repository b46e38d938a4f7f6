import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { LedgerProblem, LedgerReport } from './ledger-check.ts';

// Each run is kept (verificacoes_razao) so the back office's ledger panel shows the last one.
// A broken ledger can list thousands of problems: the first ones are kept, with their count.
const STORED_PROBLEMS = 200;

export type StoredLedgerCheck = {
  id: number;
  criado_em: Date;
  ok: boolean;
  relatorio: Omit<LedgerReport, 'problems'> & { problems: LedgerProblem[]; problemCount: number };
};

export async function storeLedgerCheck(
  db: Kysely<DB> | Transaction<DB>,
  report: LedgerReport,
): Promise<StoredLedgerCheck> {
  const relatorio = {
    ...report,
    problems: report.problems.slice(0, STORED_PROBLEMS),
    problemCount: report.problems.length,
  };
  const row = await db
    .insertInto('verificacoes_razao')
    .values({ ok: report.problems.length === 0, relatorio: JSON.stringify(relatorio) })
    .returning(['id', 'criado_em', 'ok'])
    .executeTakeFirstOrThrow();
  return { ...row, relatorio };
}

export async function lastLedgerCheck(db: Kysely<DB>): Promise<StoredLedgerCheck | undefined> {
  const row = await db
    .selectFrom('verificacoes_razao')
    .select(['id', 'criado_em', 'ok', 'relatorio'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { ...row, relatorio: row.relatorio as StoredLedgerCheck['relatorio'] } : undefined;
}
