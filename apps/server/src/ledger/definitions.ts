import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

// Every kc_* function lives in one readable file of ./sql, one file per concern, in the order
// they are applied (a `language sql` function is checked at creation, so what it calls comes
// first). After the versioned migrations, the files are applied again whenever any of them
// changed: every kc_* function is dropped and each file runs, in one transaction, so a renamed or
// re-typed function never leaves an old overload behind. A file may also set what depends on its
// functions (a column default, a trigger), since the drop cascades to those.
export const DEFINITION_FILES = [
  'errors.sql',
  'events.sql',
  'accounts.sql',
  'guards.sql',
  'idempotency.sql',
  'codes.sql',
  'limits.sql',
  'fees.sql',
  'two-phase.sql',
  'legs.sql',
  'holds.sql',
  'issuance.sql',
  'corrections.sql',
  'float.sql',
  'transfers.sql',
  'purchases.sql',
  'moderation.sql',
  'expiry.sql',
  'referrals.sql',
  'reports.sql',
  'agents.sql',
  'notices.sql',
  'statement.sql',
] as const;

export type DefinitionFile = { name: string; text: string; sha256: string };

export function readDefinitionFiles(): DefinitionFile[] {
  return DEFINITION_FILES.map((name) => {
    const text = readFileSync(new URL(`./sql/${name}`, import.meta.url), 'utf8');
    return { name, text, sha256: createHash('sha256').update(text).digest('hex') };
  });
}

/** Applies the files when their text differs from what the database last applied; returns the names applied. */
export async function applyDefinitions(db: Kysely<DB>): Promise<string[]> {
  const files = readDefinitionFiles();
  return db.transaction().execute(async (trx) => {
    // Several processes may start at once: one applies, the others then find nothing to do. The
    // lock comes first, since two concurrent `create table if not exists` can collide.
    await sql`select pg_advisory_xact_lock(7305118)`.execute(trx);
    await sql`create table if not exists definicoes_sql (
                arquivo text primary key, sha256 text not null, aplicado_em timestamptz not null default now())`.execute(
      trx,
    );
    const applied = await sql<{
      arquivo: string;
      sha256: string;
    }>`select arquivo, sha256 from definicoes_sql`.execute(trx);
    const known = new Map(applied.rows.map((r) => [r.arquivo, r.sha256]));
    const unchanged =
      known.size === files.length && files.every((file) => known.get(file.name) === file.sha256);
    if (unchanged) return [];
    await dropEveryLedgerFunction(trx);
    for (const file of files) {
      for (const statement of splitStatements(file.text)) await sql.raw(statement).execute(trx);
    }
    await sql`delete from definicoes_sql`.execute(trx);
    for (const file of files) {
      await sql`insert into definicoes_sql (arquivo, sha256) values (${file.name}, ${file.sha256})`.execute(
        trx,
      );
    }
    return files.map((file) => file.name);
  });
}

async function dropEveryLedgerFunction(trx: Transaction<DB>): Promise<void> {
  const { rows } = await sql<{ signature: string }>`
    select p.oid::regprocedure::text as signature
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.proname like 'kc\\_%'`.execute(trx);
  for (const { signature } of rows)
    await sql.raw(`drop function if exists ${signature} cascade`).execute(trx);
}

/**
 * Splits a file into statements at each `;` that ends a line outside a `$$` body, so both
 * drivers can run them one at a time (PGlite's extended protocol takes one statement per call).
 * Line comments outside bodies are dropped.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of text.split('\n')) {
    if (!inBody && /^\s*--/.test(line)) continue;
    current.push(line);
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      const statement = current.join('\n').trim().replace(/;$/, '');
      if (statement) statements.push(statement);
      current = [];
    }
  }
  if (current.join('').trim()) throw new Error('a definition file ends without a semicolon');
  return statements;
}
