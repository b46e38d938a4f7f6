import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../app-deps.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { createOperator } from '../test-support/operators.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { until } from '../test-support/until.ts';
import { disputes, ExpirySweeper, ledger, requestHashOf } from './ledger.ts';

// A hold is its pending movement; the sweeper finds the expired ones by their expiry, walking from
// a position it moves past the holds it has ended (expiry.sql). These tests hold money, let it
// expire, and look at what the sweeper ended and where its position stands.

const quiet = { info: () => {}, error: () => {} };

describe(`the expiry sweeper's position on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let payer: SeededUser;
  let payee: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    [payer, payee] = [await seedUser(t, { bonusCentis: 100_000 }), await seedUser(t)];
  });
  afterAll(async () => {
    await t.close();
  });

  const holdFor = async (
    afterMs: number,
    action: 'void' | 'post',
    deps: AppDeps = t.app.deps,
  ): Promise<{ id: string; expiresAt: string }> => {
    const held = await ledger.hold(deps, {
      kind: 'movement',
      movementKind: 'transferencia',
      debitAccountId: payer.id,
      creditAccountId: payee.id,
      amountCentis: 100,
      note: 'escrow',
      idempotencyKey: randomUUID(),
      requestHash: requestHashOf('movement', [payee.id, 100]),
      policy: {
        confirmation: { by: 'party', partyId: payer.id },
        countsInLimits: true,
        expiry: { afterMs, action },
      },
    });
    if (!held.ok) throw new Error(held.error);
    return { id: held.movimentacao_id, expiresAt: String(held.expira_em) };
  };
  const statusOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('kreyolcash_movimentacoes')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  /** Whether the position is past the expiry of every one of these movements. */
  const positionPast = async (ids: string[]) => {
    const { rows } = await sql<{ past: boolean }>`
      select (select ate from vencimentos_posicao) > all(select expira_em from kreyolcash_movimentacoes
                                                          where id = any(${ids}::uuid[])) as past`.execute(
      t.database.db,
    );
    return rows[0]?.past === true;
  };
  const expired = (ids: string[]) =>
    until('the holds expired', async () => {
      const { rows } = await sql<{ due: boolean }>`
        select bool_and(expira_em <= now()) as due from kreyolcash_movimentacoes where id = any(${ids}::uuid[])`.execute(
        t.database.db,
      );
      return rows[0]?.due === true;
    });
  /** An escrow whose expiry posts it, disputed by its payer, once it has expired. */
  const expiredUnderDispute = async () => {
    const escrow = await holdFor(1, 'post');
    const opened = await disputes.open(t.app.deps, {
      movementId: escrow.id,
      payerId: payer.id,
      kind: 'nao_entregue',
      description: null,
      decisionHours: 24,
    });
    if (!opened.ok) throw new Error(opened.error);
    await expired([escrow.id]);
    return { escrow, reportId: opened.reclamacao_id };
  };
  /** The back office's pending figures, read from the position, are those of a walk of every movement. */
  const expectPendingFromPosition = async () => {
    const { rows } = await sql<{ fromPosition: string; walked: string }>`
      select (select row(quantidade, total_centis)::text from kc_pendentes()) as "fromPosition",
             (select row(count(*), coalesce(sum(quantidade_centis), 0))::text
                from kreyolcash_movimentacoes where status = 'pendente') as walked`.execute(t.database.db);
    expect(rows[0]?.fromPosition).toBe(rows[0]?.walked);
  };
  const sweeper = () => new ExpirySweeper(t.database.db, quiet, { levelLimits: t.config.levelLimits });

  it('ends the expired holds, moves its position past them, and never past an expired hold it leaves', async () => {
    const due = await Promise.all([1, 2, 3].map(() => holdFor(1, 'void')));
    // Its expiry posts it, which a sweeper without the levels' limits leaves to one with them.
    const waiting = await holdFor(1, 'post');
    const ids = due.map((h) => h.id);
    await expired([...ids, waiting.id]);
    const withoutLimits = new ExpirySweeper(t.database.db, quiet);
    // The position moves once the horizon a sweep took is firm: every transaction that had an id
    // before it has ended (other test files share the cluster).
    await until('the position passed the voided holds', async () => {
      await withoutLimits.sweep();
      return positionPast(ids);
    });
    expect(await Promise.all(ids.map(statusOf))).toEqual(['expirada', 'expirada', 'expirada']);
    expect(await statusOf(waiting.id)).toBe('pendente');
    await expectPendingFromPosition();
    // Every horizon came after it expired: the position stopped exactly at it.
    const { rows } = await sql<{ at: boolean }>`
      select (select ate from vencimentos_posicao) = expira_em as at
        from kreyolcash_movimentacoes where id = ${waiting.id}::uuid`.execute(t.database.db);
    expect(rows[0]?.at).toBe(true);
    await expectLedgerSound(t.database.db);
    const s = sweeper();
    await until('the waiting hold posted and passed', async () => {
      await s.sweep();
      return (await statusOf(waiting.id)) === 'concluida' && (await positionPast([waiting.id]));
    });
    await expectLedgerSound(t.database.db);
  });

  it('passes a hold an open dispute keeps, and comes back to it when the dispute is rejected', async () => {
    const { escrow, reportId } = await expiredUnderDispute();
    const s = sweeper();
    await until('the position passed the disputed hold', async () => {
      await s.sweep();
      return positionPast([escrow.id]);
    });
    expect(await statusOf(escrow.id)).toBe('pendente');
    await expectLedgerSound(t.database.db);
    // Below the position, counted for its open dispute.
    await expectPendingFromPosition();

    const operator = await createOperator(t, 'support');
    const decided = await disputes.decide(
      t.app.deps,
      { reportId, operator, reason: 'Pa gen prèv', decision: 'reject' },
      async () => {},
    );
    expect(decided).toMatchObject({ ok: true, status: 'rejeitada' });
    expect(await positionPast([escrow.id])).toBe(false);
    await expectLedgerSound(t.database.db);
    await expectPendingFromPosition();
    // Its expiry posts it, as its policy says.
    await s.sweep();
    expect(await statusOf(escrow.id)).toBe('concluida');
    await expectLedgerSound(t.database.db);
  });

  // The clock stepped back behind the position (the machine's time corrected, or a standby promoted
  // whose clock is behind its primary's): stood for by a position an hour ahead of the clock.
  it('moves back below a hold written after the clock stepped back behind it, and ends the hold', async () => {
    const position = async () =>
      (
        await sql<{ behindClock: boolean }>`
          select ate <= clock_timestamp() as "behindClock" from vencimentos_posicao`.execute(t.database.db)
      ).rows[0]?.behindClock;
    await sql`update vencimentos_posicao set ate = clock_timestamp() + interval '1 hour'`.execute(
      t.database.db,
    );
    const stranded = await holdFor(1, 'void');
    expect(await positionPast([stranded.id])).toBe(true);
    await expired([stranded.id]);
    // The first sweep finds the clock behind the position and moves it back; the next ends the hold.
    await sweeper().sweep();
    expect(await position()).toBe(true);
    await sweeper().sweep();
    expect(await statusOf(stranded.id)).toBe('expirada');
    await expectLedgerSound(t.database.db);
    await expectPendingFromPosition();

    // A horizon taken before such a step is ahead of the clock: firm or not, the position does not
    // move to it.
    const { horizon } = await ledger.expire(t.database.db, 200, t.config.levelLimits);
    await until('the horizon is firm', async () => {
      const { rows } = await sql<{ firm: boolean }>`
        select kc_avisos_firmes(${horizon?.marca ?? null}::xid8) as firm`.execute(t.database.db);
      return rows[0]?.firm === true;
    });
    const ahead = { ate: new Date(Date.now() + 3_600_000).toISOString(), marca: String(horizon?.marca) };
    await ledger.expire(t.database.db, 200, t.config.levelLimits, ahead);
    expect(await position()).toBe(true);
    await expectLedgerSound(t.database.db);
  });

  // A hold written by a transaction that began before sweeps whose horizons have since become firm:
  // its expiry counts from when it is written, so the position, already past the transaction's
  // start, is still below it. PostgreSQL only: PGlite's one session runs the two one after the other.
  it.runIf(testDatabaseKind === 'postgres')(
    'keeps below a hold written by a transaction older than its horizon, then ends it',
    async () => {
      let swept = () => {};
      const sweptPast = new Promise<void>((resolve) => {
        swept = resolve;
      });
      let began: string | undefined;
      const writing = t.database.db.transaction().execute(async (trx) => {
        // Read-only so far: the transaction has no id, and holds no horizon back.
        began = (await sql<{ at: string }>`select now()::text as at`.execute(trx)).rows[0]?.at;
        await sweptPast;
        return holdFor(1, 'void', { ...t.app.deps, database: { ...t.app.deps.database, db: trx } });
      });
      let held: { id: string } | undefined;
      try {
        await until('the transaction began', () => began !== undefined);
        const s = sweeper();
        await until("the position passed the transaction's start", async () => {
          await s.sweep();
          const { rows } = await sql<{ past: boolean }>`
            select (select ate from vencimentos_posicao) > ${began}::timestamptz + interval '1 millisecond' as past`.execute(
            t.database.db,
          );
          return rows[0]?.past === true;
        });
      } finally {
        swept();
        held = await writing;
      }
      const id = held?.id ?? '';
      expect(await positionPast([id])).toBe(false);
      await expectLedgerSound(t.database.db);
      const s = sweeper();
      await until('the hold is ended', async () => {
        await s.sweep();
        return (await statusOf(id)) === 'expirada';
      });
      await expectLedgerSound(t.database.db);
    },
  );

  // A dispute rejected while a sweep moves the position: the sweep's read still sees the dispute
  // open, so it would pass the hold, and the rejection's own read saw the position below it. The
  // rejection holds the position's row until it commits. PostgreSQL only (two sessions at once).
  it.runIf(testDatabaseKind === 'postgres')(
    'does not pass a hold whose dispute is being rejected while it sweeps',
    async () => {
      const { escrow, reportId } = await expiredUnderDispute();
      const db = t.database.db;
      const limits = t.config.levelLimits;
      // A horizon taken after the hold expired, firm before the rejection begins, so firm while it
      // runs: a sweep given it would move the position past the hold, still disputed to its read.
      const { horizon } = await ledger.expire(db, 200, limits);
      await until('the horizon is firm', async () => {
        const { rows } = await sql<{ firm: boolean }>`
          select kc_avisos_firmes(${horizon?.marca ?? null}::xid8) as firm`.execute(db);
        return rows[0]?.firm === true;
      });
      expect(await positionPast([escrow.id])).toBe(false);
      const operator = await createOperator(t, 'support');
      let commit = () => {};
      const committing = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let decided = false;
      const rejecting = disputes.decide(
        t.app.deps,
        { reportId, operator, reason: 'Pa gen prèv', decision: 'reject' },
        async () => {
          decided = true;
          await committing;
        },
      );
      try {
        await until('the rejection is written, not committed', () => decided);
        await ledger.expire(db, 200, limits, horizon);
      } finally {
        commit();
        expect(await rejecting).toMatchObject({ ok: true, status: 'rejeitada' });
      }
      expect(await positionPast([escrow.id])).toBe(false);
      await expectLedgerSound(t.database.db);
      await until('the rejected hold is posted at its expiry', async () => {
        await ledger.expire(db, 200, limits);
        return (await statusOf(escrow.id)) === 'concluida';
      });
      await expectLedgerSound(t.database.db);
    },
  );
});
