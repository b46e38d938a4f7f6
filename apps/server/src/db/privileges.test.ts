import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../audit/audit.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { seedUser } from '../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { openTestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import { sendMoney } from '../test-support/transfers.ts';
import { type Database, openDatabase } from './database.ts';
import { prepareDatabase } from './prepare.ts';
import {
  APP_PRIVILEGES,
  APP_ROLE,
  becomeAppRole,
  grantAppPrivileges,
  OWNER_ROLE,
  powersOverTheSchema,
} from './privileges.ts';
import type { DB } from './schema.ts';

// The function behind the append-only triggers (ledger/sql/guards.sql).
const GUARD_FUNCTION = 'kc_recusar_alteracao';

const INSUFFICIENT_PRIVILEGE = '42501';
const TABLE_PRIVILEGES = ['select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger'];

async function refused(db: Kysely<DB>, statement: ReturnType<typeof sql>): Promise<string> {
  const error = await statement.execute(db).then(
    () => undefined,
    (e: unknown) => e as { code?: string; message?: string },
  );
  expect(error, `${statement.compile(db).sql} was accepted`).toBeDefined();
  expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);
  return error?.message ?? '';
}

// The app's role as the app holds it: on PostgreSQL a pool that signs in as kreyolcash_app; on
// PGlite the one session after the start's SET SESSION AUTHORIZATION (the test app's session is
// its superuser's until then).
describe(`the app's database role on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let app: Database;
  let auditId: number;
  let movementId: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
    if (t.database.kind === 'pglite') {
      await becomeAppRole(t.database.db);
      app = t.database;
    } else {
      app = await openDatabase({ databaseUrl: urlsOf(t).url });
    }
    const [payer, payee] = [await seedUser(t, { bonusCentis: 5_000 }), await seedUser(t)];
    movementId = await sendMoney(t, payer, payee, 1_234);
    await recordAudit(app.db, {
      operator: null,
      action: 'account.freeze',
      target: { type: 'user', id: payer.id },
      userId: payer.id,
      reason: 'privileges test',
    });
    const row = await app.db
      .selectFrom('auditoria')
      .select('id')
      .where('motivo', '=', 'privileges test')
      .executeTakeFirstOrThrow();
    auditId = row.id;
  });
  afterAll(async () => {
    if (app !== t?.database) await app?.close();
    await t?.close();
  });

  it('is the app role, no superuser, and owns nothing', async () => {
    const { rows } = await sql<{ who: string; superuser: string }>`
      select current_user as who, current_setting('is_superuser') as superuser`.execute(app.db);
    expect(rows).toEqual([{ who: APP_ROLE, superuser: 'off' }]);
    expect(await powersOverTheSchema(app.db)).toEqual([]);
  });

  it('cannot disable the audit trigger, or any trigger, nor replace the guard behind them', async () => {
    for (const statement of [
      sql`alter table auditoria disable trigger kc_auditoria_so_insercao`,
      sql`alter table auditoria disable trigger all`,
      sql`alter table kreyolcash_lancamentos disable trigger kc_lancamentos_so_insercao`,
      sql`drop trigger kc_auditoria_so_insercao on auditoria`,
    ]) {
      expect(await refused(app.db, statement)).toMatch(/must be owner of (table|relation) /);
    }
    expect(
      await refused(
        app.db,
        // Replacing the guards' function (named by reference: this is an attack, not a ledger call).
        sql`create or replace function ${sql.id(GUARD_FUNCTION)}() returns trigger language plpgsql as $$ begin return new; end $$`,
      ),
    ).toMatch(/permission denied for schema public|must be owner of function kc_recusar_alteracao/);
  });

  it('cannot set session_replication_role = replica, which would skip every trigger', async () => {
    expect(await refused(app.db, sql`set session_replication_role = replica`)).toMatch(
      /permission denied to set parameter "session_replication_role"/,
    );
    const { rows } = await sql<{
      mode: string;
    }>`select current_setting('session_replication_role') as mode`.execute(app.db);
    expect(rows[0]?.mode).toBe('origin');
  });

  it('cannot update or delete an audit row, a ledger line or a movement, nor truncate them', async () => {
    const before = await snapshot(t.database.db);
    for (const [statement, table] of [
      [sql`update auditoria set motivo = 'edited' where id = ${auditId}`, 'auditoria'],
      [sql`delete from auditoria where id = ${auditId}`, 'auditoria'],
      [sql`truncate auditoria`, 'auditoria'],
      [
        sql`update kreyolcash_lancamentos set valor_centis = 1 where movimentacao_id = ${movementId}`,
        'kreyolcash_lancamentos',
      ],
      [
        sql`delete from kreyolcash_lancamentos where movimentacao_id = ${movementId}`,
        'kreyolcash_lancamentos',
      ],
      [sql`delete from kreyolcash_movimentacoes where id = ${movementId}`, 'kreyolcash_movimentacoes'],
    ] as const) {
      expect(await refused(app.db, statement)).toBe(`permission denied for table ${table}`);
    }
    expect(await snapshot(t.database.db)).toEqual(before);
    await expectLedgerSound(t.database.db);
  });

  it('cannot alter, drop or create a table, nor become the owner', async () => {
    for (const statement of [
      sql`alter table kreyolcash_lancamentos add column nota text`,
      sql`alter table kreyolcash_lancamentos drop constraint kreyolcash_lancamentos_saldo`,
      sql`drop table auditoria`,
    ]) {
      expect(await refused(app.db, statement)).toMatch(/must be owner of table /);
    }
    expect(await refused(app.db, sql`create table sombra (id int)`)).toMatch(
      /permission denied for schema public/,
    );
    const owner = testDatabaseKind === 'postgres' ? OWNER_ROLE : 'postgres';
    expect(await refused(app.db, sql`set role ${sql.id(owner)}`)).toMatch(/permission denied to set role/);
  });

  it('holds exactly the privileges privileges.ts lists, on every relation of the schema', async () => {
    const { rows } = await sql<{ name: string; kind: string; held: string[] }>`
      select c.relname as name, c.relkind as kind,
             array(select p from unnest(${TABLE_PRIVILEGES}::text[]) p
                    where has_table_privilege(${APP_ROLE}, c.oid, p)) as held
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'f')
       order by c.relname`.execute(t.database.db);
    // A relation missing from the list would get every privilege: each new table says what the app may do.
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(APP_PRIVILEGES).sort());
    for (const { name, held } of rows)
      expect([name, held]).toEqual([name, [...(APP_PRIVILEGES[name] ?? [])]]);
  });
});

// TestApp.database is the TestDatabase, whose URLs are set on PostgreSQL.
function urlsOf(t: TestApp): { url?: string; ownerUrl?: string } {
  return t.database as { url?: string; ownerUrl?: string };
}

async function snapshot(db: Kysely<DB>) {
  const { rows } = await sql<{ audit: unknown; lines: unknown; movements: unknown }>`
    select (select json_agg(a order by a.id) from auditoria a) as audit,
           (select json_agg(l order by l.id) from kreyolcash_lancamentos l) as lines,
           (select json_agg(m order by m.id) from kreyolcash_movimentacoes m) as movements`.execute(db);
  return rows[0];
}

describe.runIf(testDatabaseKind === 'postgres')('the grants, on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('run again as every start runs them, change nothing, and refuse to strip the owner itself', async () => {
    const held = () =>
      sql<{ acl: string }>`select coalesce(relacl::text, '') as acl from pg_class
                            where relnamespace = current_schema()::regnamespace order by relname`.execute(
        t.database.db,
      );
    const first = (await held()).rows;
    await grantAppPrivileges(t.database.db, APP_ROLE);
    expect((await held()).rows).toEqual(first);
    await expect(grantAppPrivileges(t.database.db, OWNER_ROLE)).rejects.toThrow(/is the owner's/);
    expect((await held()).rows).toEqual(first);
  });

  it("give the owner's next table to the app by default, without its TRUNCATE or TRIGGER", async () => {
    await sql`create table nova_tabela (id int primary key)`.execute(t.database.db);
    const app = await openDatabase({ databaseUrl: urlsOf(t).url });
    try {
      await sql`insert into nova_tabela values (1)`.execute(app.db);
      await sql`update nova_tabela set id = 2`.execute(app.db);
      const { rows } = await sql<{ id: number }>`select id from nova_tabela`.execute(app.db);
      expect(rows).toEqual([{ id: 2 }]);
      expect(await refused(app.db, sql`truncate nova_tabela`)).toBe(
        'permission denied for table nova_tabela',
      );
    } finally {
      await app.close();
      await sql`drop table nova_tabela`.execute(t.database.db);
    }
  });

  it('stop a start whose app role could still switch the guards off', async () => {
    // The owner's URL given as both: the app would own the schema.
    const url = urlsOf(t).ownerUrl;
    const database = await openDatabase({ databaseUrl: url });
    try {
      await expect(
        prepareDatabase({ databaseUrl: url, databaseListenUrl: url, databaseOwnerUrl: url }, database),
      ).rejects.toThrow(`DATABASE_URL's role can switch off the ledger's guards (${OWNER_ROLE} owns`);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(testDatabaseKind === 'pglite')("npm start's embedded database", () => {
  it('migrates as its superuser, grants, then runs as the app role for good', async () => {
    const database = await openTestDatabase({ migrate: false });
    try {
      const prepared = await prepareDatabase(
        { databaseUrl: undefined, databaseListenUrl: undefined, databaseOwnerUrl: undefined },
        database,
      );
      expect(prepared.applied).toContain('0001-baseline');
      expect(prepared.warnings).toEqual([]);
      const who = async () =>
        (await sql<{ who: string }>`select current_user as who`.execute(database.db)).rows[0]?.who;
      expect(await who()).toBe(APP_ROLE);
      // What a pooler, a library or a stray statement might send to reset a session leaves it so.
      for (const reset of [
        sql`reset role`,
        sql`set role none`,
        sql`reset session authorization`,
        sql`discard all`,
      ]) {
        await reset.execute(database.db);
        expect(await who()).toBe(APP_ROLE);
      }
      await refused(database.db, sql`alter table auditoria disable trigger kc_auditoria_so_insercao`);
      // Only a statement naming the superuser returns to it (the session is the superuser's
      // underneath, and the app sends none): here a second start, which changes nothing.
      await sql`set session authorization postgres`.execute(database.db);
      expect(
        (
          await prepareDatabase(
            { databaseUrl: undefined, databaseListenUrl: undefined, databaseOwnerUrl: undefined },
            database,
          )
        ).applied,
      ).toEqual([]);
      expect(await who()).toBe(APP_ROLE);
    } finally {
      await database.close();
    }
  });
});
