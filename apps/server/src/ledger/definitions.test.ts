import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import { applyDefinitions, readDefinitionFiles, splitStatements } from './definitions.ts';

// What each file says a function is: its name and the body between its $$ quotes.
function functionsInFiles(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readDefinitionFiles()) {
    for (const statement of splitStatements(file.text)) {
      const name = statement.match(/^create or replace function (kc_\w+)\s*\(/)?.[1];
      const body = statement.match(/\$\$([\s\S]*)\$\$/)?.[1];
      if (!name || body === undefined) continue;
      expect(found.has(name), `${name} is defined twice`).toBe(false);
      found.set(name, body);
    }
  }
  return found;
}

async function functionsInDatabase(database: TestDatabase): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; body: string }>`
    select p.proname as name, p.prosrc as body
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.proname like 'kc\\_%'`.execute(database.db);
  return new Map(rows.map((r) => [r.name, r.body]));
}

describe(`the ledger's SQL definitions, on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('every kc_* function of a migrated database is exactly the one in its file, and no other exists', async () => {
    const files = functionsInFiles();
    const live = await functionsInDatabase(database);
    expect([...live.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [name, body] of files) expect(live.get(name), name).toBe(body);
  });

  it('re-applies the files when the database drifted, and only then', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await applyDefinitions(database.db)).toEqual([]);
    // Someone edits a function by hand and marks the files as changed.
    await sql
      .raw(`create or replace function kc_erro(p_codigo text, p_extra jsonb default '{}'::jsonb)
                   returns jsonb language sql immutable as $$ select '{}'::jsonb $$`)
      .execute(database.db);
    await sql
      .raw(`create function kc_stray() returns int language sql as $$ select 1 $$`)
      .execute(database.db);
    await sql`update definicoes_sql set sha256 = 'edited' where arquivo = 'errors.sql'`.execute(database.db);
    expect(await applyDefinitions(database.db)).toContain('errors.sql');
    const live = await functionsInDatabase(database);
    expect(live.has('kc_stray')).toBe(false);
    expect(live.get('kc_erro')).toBe(functionsInFiles().get('kc_erro'));
    // What depends on a function came back with it.
    const { rows } = await sql<{ d: string | null }>`
      select column_default as d from information_schema.columns
       where table_name = 'usuarios' and column_name = 'codigo_indicacao'`.execute(database.db);
    expect(rows[0]?.d).toContain('kc_novo_codigo_indicacao');
  });

  it('splits statements at the semicolons outside function bodies', () => {
    expect(
      splitStatements(
        ['-- a; comment', 'create function f() as $$', 'begin x; end $$;', 'alter table t add c int;'].join(
          '\n',
        ),
      ),
    ).toEqual(['create function f() as $$\nbegin x; end $$', 'alter table t add c int']);
  });
});
