import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../test-support/ledger-fixtures.ts';
import { createOperator } from '../test-support/operators.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { until } from '../test-support/until.ts';
import { disputes, ExpirySweeper, ledger, requestHashOf } from './ledger.ts';

// A sweep chooses what expired in one statement, with the snapshot of its start, and only then
// locks it. A dispute opened on an escrow between the two — after the snapshot, before the lock —
// must still keep the sweep from posting it. The sweep is held at that point (its dispute check
// made slower for this escrow, the same check on the same snapshot) while the payer disputes.
// PostgreSQL only: PGlite's one session runs the two one after the other.

describe.runIf(testDatabaseKind === 'postgres')('a dispute opened while a sweep picks its escrow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the escrow held for the decision: the sweep does not post it', async () => {
    const [payer, seller] = [await seedUser(t), await seedUser(t)];
    const held = await ledger.hold(t.app.deps, {
      kind: 'movement',
      movementKind: 'transferencia',
      debitAccountId: payer.id,
      creditAccountId: seller.id,
      amountCentis: 500,
      note: 'escrow',
      idempotencyKey: randomUUID(),
      requestHash: requestHashOf('movement', [seller.id, 500]),
      policy: {
        confirmation: { by: 'party', partyId: payer.id },
        countsInLimits: true,
        expiry: { afterMs: 1, action: 'post' },
      },
    });
    if (!held.ok) throw new Error(held.error);
    const movementId = held.movimentacao_id;
    await until('the escrow expired', async () => {
      const { rows } = await sql<{ due: boolean }>`
        select expira_em <= now() as due from kreyolcash_movimentacoes where id = ${movementId}::uuid`.execute(
        t.database.db,
      );
      return rows[0]?.due === true;
    });
    // The same check, stable (it reads with its caller's snapshot), that waits for this escrow
    // until the test lets it go: an advisory lock the test holds on a connection of its own.
    const gate = 7_141_301;
    const opened = await t.database.db.connection().execute(async (gateKeeper) => {
      await sql`select pg_advisory_lock(${gate})`.execute(gateKeeper);
      await sql
        .raw(`create or replace function kc_em_disputa(p_mov uuid) returns boolean language plpgsql stable as $$
          declare v boolean;
          begin
            select exists (select 1 from reclamacoes where movimentacao_id = p_mov and status = 'aberta') into v;
            if p_mov = '${movementId}' then
              perform pg_advisory_lock_shared(${gate});
              perform pg_advisory_unlock_shared(${gate});
            end if;
            return v;
          end $$`)
        .execute(gateKeeper);
      const sweeper = new ExpirySweeper(
        t.database.db,
        { info: () => {}, error: () => {} },
        {
          levelLimits: t.config.levelLimits,
        },
      );
      const sweep = sweeper.sweep();
      try {
        await until('the sweep is choosing the escrow', async () => {
          const { rows } = await sql<{ waiting: number }>`
            select count(*)::int as waiting from pg_locks
             where locktype = 'advisory' and objid = ${gate} and not granted`.execute(gateKeeper);
          return (rows[0]?.waiting ?? 0) > 0;
        });
        const answer = await disputes.open(t.app.deps, {
          movementId,
          payerId: payer.id,
          kind: 'nao_entregue',
          description: null,
          decisionHours: 24,
        });
        expect(answer).toMatchObject({ ok: true, retido_centis: 0 });
        return answer;
      } finally {
        await sql`select pg_advisory_unlock(${gate})`.execute(gateKeeper);
        await sweep;
      }
    });

    const status = async () =>
      (
        await t.database.db
          .selectFrom('kreyolcash_movimentacoes')
          .select('status')
          .where('id', '=', movementId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('pendente');
    // The decision alone ends it.
    if (!opened.ok) throw new Error(opened.error);
    const operator = await createOperator(t, 'support');
    const decided = await disputes.decide(
      t.app.deps,
      { reportId: opened.reclamacao_id, operator, reason: 'Machandiz la rive', decision: 'release' },
      async () => {},
    );
    expect(decided).toMatchObject({ ok: true, status: 'liberada' });
    expect(await status()).toBe('concluida');
  });
});
