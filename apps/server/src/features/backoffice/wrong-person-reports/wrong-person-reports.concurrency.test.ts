import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerIntegrity, ExpirySweeper } from '../../../ledger/ledger.ts';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { decideReport, paidTransfer, reportTransfer } from '../../../test-support/report-fixtures.ts';
import { seededRandom, seedFrom } from '../../../test-support/seeded-random.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

const ACCOUNTS = 10;
const ROUNDS = 6;

// Reports, reversals, rejections and expiries interleaved with the transfers that move the held
// money, then every invariant (expectLedgerSound) and ledger:check, whose holds include the open
// reports'. And the limit of 3 open reports a payer cannot pass with parallel requests.
describe(`wrong-person reports under concurrency on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let users: SeededUser[];
  let support: string;
  const sweeper = () => new ExpirySweeper(t.database.db, { info: () => {}, error: () => {} } as never);
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10000' });
    users = [];
    for (let i = 0; i < ACCOUNTS; i++) users.push(await seedUser(t));
    support = (await operatorSession(t, 'support')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it('never passes 3 open reports per payer with parallel requests', async () => {
    const payer = await seedUser(t, { bonusCentis: 20_000 });
    const payee = await seedUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await paidTransfer(t, payer, payee, 200 + i));
    const answers = await Promise.all(ids.map((id) => reportTransfer(t, payer, id)));
    const codes = answers.map((res) => (res.statusCode === 201 ? 'ok' : res.json().error.code)).sort();
    expect(codes).toEqual([...Array(3).fill('ok'), ...Array(5).fill('report_limit_reached')].sort());
    const open = await t.database.db
      .selectFrom('reclamacoes')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('pagador_id', '=', payer.id)
      .where('status', '=', 'aberta')
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(3);
    await expectLedgerSound(t.database.db);
  });

  it('keeps every invariant through parallel transfers, reports, reversals, rejections and expiries', async () => {
    const rand = seededRandom(seedFrom('REPORTS_SEED'));
    const pick = () => users[Math.floor(rand() * users.length)] as SeededUser;
    const pair = () => {
      const payer = pick();
      let payee = pick();
      if (payee === payer) payee = users[(users.indexOf(payer) + 1) % users.length] as SeededUser;
      return [payer, payee] as const;
    };
    const outcomes: Record<string, number> = {};
    const note = (what: string) => {
      outcomes[what] = (outcomes[what] ?? 0) + 1;
    };
    const transfers: { id: string; payer: SeededUser }[] = [];
    const openReports: string[] = [];

    const transfer = async () => {
      const [payer, payee] = pair();
      try {
        transfers.push({ id: await paidTransfer(t, payer, payee, 100 + Math.floor(rand() * 2500)), payer });
        note('transfer');
      } catch {
        note('transfer refused'); // insufficient balance while money is held: expected
      }
    };
    const report = async () => {
      const target = transfers[Math.floor(rand() * transfers.length)];
      if (!target) return;
      const res = await reportTransfer(t, target.payer, target.id);
      if (res.statusCode === 201) openReports.push(res.json().reclamacao.id);
      note(res.statusCode === 201 ? 'report' : `report ${res.json().error.code}`);
    };
    const decide = async (action: 'reverse' | 'reject') => {
      const id = openReports.splice(Math.floor(rand() * openReports.length), 1)[0];
      if (!id) return;
      const res = await decideReport(t, support, id, action, `test ${action}`);
      note(res.statusCode === 200 ? action : `${action} ${res.json().error.code}`);
    };
    const expireSome = async () => {
      const id = openReports[Math.floor(rand() * openReports.length)];
      if (id)
        await sql`update reclamacoes set prazo_em = now() - interval '1 second' where id = ${id}`.execute(
          t.database.db,
        );
      note((await sweeper().expireReports()) > 0 ? 'expired' : 'nothing to expire');
    };

    for (let i = 0; i < 12; i++) await transfer();
    for (let round = 0; round < ROUNDS; round++) {
      // Each operation picks its report when it starts: expiries first, so they are not all
      // taken by the decisions of the same round.
      const work: Promise<void>[] = [expireSome(), expireSome()];
      for (let i = 0; i < 2; i++) work.push(decide('reverse'), decide('reject'));
      for (let i = 0; i < 8; i++) work.push(transfer(), report());
      await Promise.all(work);
    }
    // The same report decided twice at once: one decision, the other report_not_open.
    // A payer of its own: one of the workload's may already hold its 3 open reports.
    const a = await seedUser(t);
    const [, b] = pair();
    const id = await paidTransfer(t, a, b, 300);
    const contested = (await reportTransfer(t, a, id)).json().reclamacao.id;
    const both = await Promise.all([
      decideReport(t, support, contested, 'reverse', 'first'),
      decideReport(t, support, contested, 'reject', 'second'),
      sweeper().expireReports(),
    ]);
    const decided = both.slice(0, 2).map((res) => (res as { statusCode: number }).statusCode);
    expect(decided.filter((s) => s === 200)).toHaveLength(1);
    const audits = await t.database.db
      .selectFrom('auditoria')
      .select('id')
      .where('alvo_id', '=', contested)
      .execute();
    expect(audits).toHaveLength(1);

    expect(outcomes.report ?? 0).toBeGreaterThan(0);
    expect((outcomes.reverse ?? 0) + (outcomes.reject ?? 0)).toBeGreaterThan(0);
    expect(outcomes.expired ?? 0).toBeGreaterThan(0);
    await expectLedgerSound(t.database.db);
    expect((await checkLedgerIntegrity(t.database.db)).problems).toEqual([]);
    // Every decision left an audit row and nothing held.
    const decidedRows = await t.database.db
      .selectFrom('reclamacoes')
      .select(['id', 'status', 'retido_centis', 'operador_id'])
      .where('status', 'in', ['estornada', 'rejeitada'])
      .execute();
    const audited = new Set(
      (
        await t.database.db
          .selectFrom('auditoria')
          .select('alvo_id')
          .where('acao', 'like', 'report.%')
          .execute()
      ).map((r) => r.alvo_id),
    );
    for (const row of decidedRows) {
      expect(row.retido_centis).toBe(0);
      expect(audited.has(row.id)).toBe(true);
    }
  });
});
