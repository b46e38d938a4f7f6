import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationParams } from '../test-support/batch-fixtures.ts';
import { codeForMovement, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { feePayment, seedAgentAccount } from '../test-support/movement-legs.ts';
import { queueNotices } from '../test-support/notices.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { sendMoney, startTransfer } from '../test-support/transfers.ts';
import { ledger } from './ledger.ts';
import { callRaw } from './ledger-call.ts';
import { deriveNotices } from './posting-notices.ts';

// A posting's "done" notices are queued after it commits, from its ledger lines (notices.sql):
// never by the posting itself, each exactly once, and never skipped for a posting that commits
// after a later one.
describe(`a posting's notices, derived from its lines, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const noticesOf = async (movementId: string) => {
    const { rows } = await sql<{ recipient: string; template: string }>`
      select recipient, template from outbox_messages
       where referencia = ${movementId} and purpose = 'transfer_done' order by id`.execute(t.database.db);
    return rows.map((row) => [row.recipient, row.template]);
  };
  const told = (payer: SeededUser, payee: SeededUser) => [
    [payer.telefone, 'transfer_sent'],
    [payee.telefone, 'transfer_received'],
  ];
  // Posts a held transfer with its code in the caller's transaction (or alone), as a verification does.
  const postWith = async (
    db: Parameters<typeof callRaw>[0],
    payer: SeededUser,
    movementId: string,
    code: string,
  ) => {
    const answer = await callRaw(
      db,
      'kc_transferencia_verificar',
      verificationParams(t, { payerId: payer.id, movementId, code }),
    );
    expect(answer).toMatchObject({ ok: true });
  };
  const position = async () =>
    Number(
      (await sql<{ p: number }>`select ultimo_lancamento as p from avisos_posicao`.execute(t.database.db))
        .rows[0]?.p,
    );

  it('queues none with the posting, then each once however often it is derived', async () => {
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const first = await sendMoney(t, a, b, 700);
    const second = await sendMoney(t, c, a, 300);
    expect(await noticesOf(first)).toEqual([]);

    const reached = await queueNotices(t.database.db);
    expect(reached).toBe(await position());
    expect(await noticesOf(first)).toEqual(told(a, b));
    expect(await noticesOf(second)).toEqual(told(c, a));

    await queueNotices(t.database.db);
    await queueNotices(t.database.db);
    expect(await noticesOf(first)).toEqual(told(a, b));
    expect(await noticesOf(second)).toEqual(told(c, a));
  });

  it('catches up in steps of a bounded number of movements, in the order of their lines', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    // Their sign-up money's lines are movements too, told nothing: read past them first.
    await queueNotices(t.database.db);
    const ids = [await sendMoney(t, a, b, 101), await sendMoney(t, b, a, 102), await sendMoney(t, a, b, 103)];
    const { rows } = await sql<{ ate: number }>`select max(id) as ate from kreyolcash_lancamentos`.execute(
      t.database.db,
    );
    const ate = Number(rows[0]?.ate);
    const stepOf = async () =>
      Number(
        (await sql<{ p: number }>`select kc_avisos_derivar(${ate}::bigint, 1) as p`.execute(t.database.db))
          .rows[0]?.p,
      );
    const toldOf = async () => Promise.all(ids.map(async (id) => (await noticesOf(id)).length));
    const first = await stepOf();
    expect(first).toBeLessThan(ate);
    expect(await toldOf()).toEqual([2, 0, 0]);
    expect(await stepOf()).toBeGreaterThan(first);
    expect(await toldOf()).toEqual([2, 2, 0]);
    expect(await stepOf()).toBe(ate);
    expect(await queueNotices(t.database.db)).toBe(ate);
    expect(await toldOf()).toEqual([2, 2, 2]);
  });

  it('tells a movement in the range that holds its last line, never in one that cuts through it', async () => {
    const [payer, payee, agent] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const agentAccount = await seedAgentAccount(t, agent);
    await queueNotices(t.database.db);
    const posted = await ledger.postLegs(t.app.deps, {
      movementKind: 'transferencia',
      legs: feePayment(payer.id, payee.id, agentAccount, 900, 30, 10),
      note: null,
    });
    if (!posted.ok) throw new Error(`refused: ${posted.error}`);
    const { rows } = await sql<{ id: number }>`
      select id from kreyolcash_lancamentos where movimentacao_id = ${posted.movimentacao_id}::uuid order by id`.execute(
      t.database.db,
    );
    const lines = rows.map((row) => Number(row.id));
    expect(lines).toHaveLength(6);
    const deriveTo = async (ate: number) =>
      Number(
        (await sql<{ p: number }>`select kc_avisos_derivar(${ate}::bigint) as p`.execute(t.database.db))
          .rows[0]?.p,
      );
    expect(await deriveTo(lines[2] as number)).toBe(lines[2]);
    expect(await noticesOf(posted.movimentacao_id)).toEqual([]);
    expect(await deriveTo(lines[5] as number)).toBe(lines[5]);
    expect(await noticesOf(posted.movimentacao_id)).toEqual(told(payer, payee));
  });

  it('tells nobody of a hold that was cancelled', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = await startTransfer(t, a, b, 400);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/cancel`,
      headers: { authorization: `Bearer ${a.accessToken}` },
    });
    expect(cancelled.statusCode).toBe(200);
    await queueNotices(t.database.db);
    expect(await noticesOf(id)).toEqual([]);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'waits for a posting still in flight below a committed one, then tells both once',
    async () => {
      const [a, b, c, d] = [await seedUser(t), await seedUser(t), await seedUser(t), await seedUser(t)];
      const early = await startTransfer(t, a, b, 500);
      const late = await startTransfer(t, c, d, 600);
      const earlyCode = await codeForMovement(t, early);
      const [posted, release] = [gate(), gate()];
      // The early posting takes its lines first and commits last.
      // A failed step opens the other side's gate, so that no transaction is left open.
      const early$ = t.database.db.transaction().execute(async (trx) => {
        try {
          await postWith(trx, a, early, earlyCode);
        } finally {
          posted.open();
        }
        await release.opened;
      });
      try {
        await posted.opened;
        await postWith(t.database.db, c, late, await codeForMovement(t, late));
        const before = await position();
        expect(await deriveNotices(t.database.db, 200)).toBeNull();
        expect(await position()).toBe(before);
        expect(await noticesOf(late)).toEqual([]);
      } finally {
        release.open();
        await early$;
      }
      await queueNotices(t.database.db);
      expect(await noticesOf(early)).toEqual(told(a, b));
      expect(await noticesOf(late)).toEqual(told(c, d));
    },
  );

  it.runIf(testDatabaseKind === 'postgres')(
    'waits for a posting still in flight that took its transaction id after one that committed',
    async () => {
      const [a, b, c, d] = [await seedUser(t), await seedUser(t), await seedUser(t), await seedUser(t)];
      const first = await startTransfer(t, a, b, 510);
      const second = await startTransfer(t, c, d, 610);
      const [firstCode, secondCode] = [await codeForMovement(t, first), await codeForMovement(t, second)];
      const [olderHasId, youngerPosted, releaseYounger] = [gate(), gate(), gate()];
      const takeId = (trx: Parameters<typeof callRaw>[0]) => sql`select pg_current_xact_id()`.execute(trx);
      // The older transaction has its id first, then posts (takes its lines) and commits while
      // the younger one, which took lines before it, is still open.
      // A failed step opens the other side's gate, so that no transaction is left open.
      const older$ = t.database.db.transaction().execute(async (trx) => {
        try {
          await takeId(trx);
        } finally {
          olderHasId.open();
        }
        await youngerPosted.opened;
        await postWith(trx, c, second, secondCode);
      });
      await olderHasId.opened;
      const younger$ = t.database.db.transaction().execute(async (trx) => {
        try {
          await takeId(trx);
          await postWith(trx, a, first, firstCode);
        } finally {
          youngerPosted.open();
        }
        await releaseYounger.opened;
      });
      try {
        await older$;
        const before = await position();
        expect(await deriveNotices(t.database.db, 200)).toBeNull();
        expect(await position()).toBe(before);
        expect(await noticesOf(second)).toEqual([]);
      } finally {
        releaseYounger.open();
        await younger$;
      }
      await queueNotices(t.database.db);
      expect(await noticesOf(first)).toEqual(told(a, b));
      expect(await noticesOf(second)).toEqual(told(c, d));
    },
  );

  it.runIf(testDatabaseKind === 'postgres')(
    'is derived once when several processes derive at once',
    async () => {
      const people = await Promise.all(Array.from({ length: 8 }, () => seedUser(t)));
      const ids = await Promise.all(
        people.map((payer, i) => sendMoney(t, payer, people[(i + 1) % people.length] as SeededUser, 100 + i)),
      );
      await Promise.all(Array.from({ length: 6 }, () => deriveNotices(t.database.db)));
      await queueNotices(t.database.db);
      for (const [i, id] of ids.entries()) {
        expect(await noticesOf(id)).toEqual(told(people[i] as SeededUser, people[(i + 1) % 8] as SeededUser));
      }
    },
  );
});

/** A promise the test opens when it chooses: one transaction waits on another's step. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
