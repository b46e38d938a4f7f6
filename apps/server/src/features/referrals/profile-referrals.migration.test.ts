import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import * as foundation from '../../db/migrations/0001-foundation.ts';
import * as accountsLedger from '../../db/migrations/0003-accounts-ledger.ts';
import * as profileReferrals from '../../db/migrations/0006-profile-referrals.ts';
import { openTestDatabase, testDatabaseKind } from '../../test-support/test-database.ts';

const REFERRAL_CODE = /^[A-HJ-NP-Z2-9]{8}$/;

// The migration on a database that already has accounts: they get codes and their identities.
describe(`migration 0006 on a database with accounts, on ${testDatabaseKind}`, () => {
  let database: Database;
  let db: Kysely<unknown>;
  const existing = ['1111111111', '2222222222', '3333333333'];
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
    db = database.db as unknown as Kysely<unknown>;
    await foundation.up(db);
    await accountsLedger.up(db);
    for (const documento of existing) await insertUser(documento);
    await profileReferrals.up(db);
  });
  afterAll(async () => {
    await database.close();
  });

  async function insertUser(documento: string) {
    await sql`insert into usuarios (nome_completo, documento, email, telefone, data_nascimento, sexo, document_photo_key)
              values ('Anne Marie', ${documento}, ${`u${documento}@example.ht`}, ${`+509${documento.slice(-8)}`},
                      '1990-01-01', 'F', ${`documents/${randomUUID()}.jpg`})`.execute(db);
  }
  const codes = async () =>
    (await sql<{ codigo_indicacao: string }>`select codigo_indicacao from usuarios`.execute(db)).rows.map(
      (r) => r.codigo_indicacao,
    );

  it('gives every existing account its own referral code', async () => {
    const given = await codes();
    expect(given).toHaveLength(existing.length);
    for (const code of given) expect(code).toMatch(REFERRAL_CODE);
    expect(new Set(given).size).toBe(given.length);
  });

  it('records the NIF, e-mail and phone of every existing account as seen, owned by it', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from identidades_vistas v join usuarios u on u.id = v.user_id
       where v.hash in (kc_identidade_hash('nif', u.documento), kc_identidade_hash('email', u.email),
                        kc_identidade_hash('telefone', u.telefone))`.execute(db);
    expect(rows[0]?.n).toBe(existing.length * 3);
  });

  it('gives new accounts a code by default', async () => {
    await insertUser('4444444444');
    expect(await codes()).toHaveLength(existing.length + 1);
    for (const code of await codes()) expect(code).toMatch(REFERRAL_CODE);
  });

  it('goes down and up again', async () => {
    await profileReferrals.down(db);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
       where table_name = 'usuarios' and column_name in ('codigo_indicacao', 'indicado_por')`.execute(db);
    expect(rows[0]?.n).toBe(0);
    await profileReferrals.up(db);
    expect(await codes()).toHaveLength(existing.length + 1);
  });
});
