import type { ReportStatus } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { decideReport, paidTransfer, reportTransfer } from '../../../test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// The back office's disputes list: which disputes each tab shows and in what order, whatever index
// or plan answers it. A tab of decided disputes, and the call without a status, are newest first
// and by id within one instant; the open queue is by deadline.
describe(`the disputes list on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let support: string;
  type Dispute = { id: string; movementId: string; payer: SeededUser; payee: SeededUser };
  const disputes: Dispute[] = [];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    support = (await operatorSession(t, 'support')).cookie;
    // Two payers, as a payer has at most three disputes open at once.
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    for (const [payer, payee] of [
      [a, b],
      [a, c],
      [a, b],
      [c, b],
      [c, a],
    ] as const) {
      const movementId = await paidTransfer(t, payer, payee, 1000);
      const report = await reportTransfer(t, payer, movementId);
      expect(report.statusCode).toBe(201);
      disputes.push({ id: report.json().reclamacao.id, movementId, payer, payee });
    }
    const decisions = [
      [0, 'reject'],
      [1, 'reverse'],
      [2, 'reject'],
    ] as const;
    for (const [index, decision] of decisions)
      expect((await decideReport(t, support, idOf(index), decision, 'desizyon')).statusCode).toBe(200);
    // Their times, set apart so the order is the list's and not the order they were made in; the two
    // rejected ones share an instant, which only their ids order.
    await at(0, { criado: '2025-03-10T12:00:00Z' });
    await at(1, { criado: '2025-03-10T11:00:00Z' });
    await at(2, { criado: '2025-03-10T12:00:00Z' });
    await at(3, { criado: '2025-03-10T13:00:00Z', prazo: '2099-01-02T00:00:00Z' });
    await at(4, { criado: '2025-03-10T10:00:00Z', prazo: '2099-01-01T00:00:00Z' });
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const idOf = (index: number) => disputes[index]?.id ?? '';
  const at = (index: number, time: { criado: string; prazo?: string }) =>
    sql`update reclamacoes set criado_em = ${time.criado}::timestamptz,
               prazo_em = coalesce(${time.prazo ?? null}::timestamptz, prazo_em)
         where id = ${idOf(index)}`.execute(t.database.db);
  /** The two rejected disputes of one instant, as the list orders them: the greater id first. */
  const sameInstant = () => [idOf(0), idOf(2)].sort().reverse();

  const list = async (status?: ReportStatus) => {
    const res = await t.app.inject({
      url: status ? `/api/admin/reports?status=${status}` : '/api/admin/reports',
      headers: { cookie: support },
    });
    expect(res.statusCode).toBe(200);
    return res.json().reclamacoes as Array<{ id: string; status: string; criado_em: string }>;
  };
  const idsOf = async (status?: ReportStatus) => (await list(status)).map((r) => r.id);

  it('lists every dispute without a status, newest first, by id within an instant', async () => {
    const all = await list();
    expect(all.map((r) => r.id)).toEqual([idOf(3), ...sameInstant(), idOf(1), idOf(4)]);
    expect(all.map((r) => r.status)).toEqual(['aberta', 'rejeitada', 'rejeitada', 'estornada', 'aberta']);
    expect(all.map((r) => r.criado_em)).toEqual([
      '2025-03-10T13:00:00.000Z',
      '2025-03-10T12:00:00.000Z',
      '2025-03-10T12:00:00.000Z',
      '2025-03-10T11:00:00.000Z',
      '2025-03-10T10:00:00.000Z',
    ]);
  });

  it('lists a decided tab with only its status, newest first, by id within an instant', async () => {
    expect(await idsOf('rejeitada')).toEqual(sameInstant());
    expect(await idsOf('estornada')).toEqual([idOf(1)]);
    expect(await idsOf('reembolsada')).toEqual([]);
    expect(await idsOf('liberada')).toEqual([]);
    expect(await idsOf('expirada')).toEqual([]);
  });

  it('lists the open queue by deadline, whatever their age', async () => {
    expect(await idsOf('aberta')).toEqual([idOf(4), idOf(3)]);
  });

  /** Every page of a selection, `limit` at a time, following each page's cursor. */
  const walk = async (status: ReportStatus | undefined, limit: number) => {
    const pages: Array<{ ids: string[]; total: number; next: string | null }> = [];
    let cursor: string | null = '';
    while (cursor !== null && pages.length < 10) {
      const query = new URLSearchParams({ limit: String(limit), ...(status ? { status } : {}) });
      if (cursor) query.set('cursor', cursor);
      const res = await t.app.inject({ url: `/api/admin/reports?${query}`, headers: { cookie: support } });
      expect(res.statusCode).toBe(200);
      const body = res.json() as {
        reclamacoes: Array<{ id: string }>;
        total: number;
        next_cursor: string | null;
      };
      pages.push({ ids: body.reclamacoes.map((r) => r.id), total: body.total, next: body.next_cursor });
      cursor = body.next_cursor;
    }
    return pages;
  };

  it('pages every selection in its order, each dispute once, with how many the selection holds', async () => {
    const everyOne = await walk(undefined, 2);
    expect(everyOne.map((p) => p.ids)).toEqual([
      [idOf(3), sameInstant()[0]],
      [sameInstant()[1], idOf(1)],
      [idOf(4)],
    ]);
    expect(everyOne.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(everyOne.at(-1)?.next).toBeNull();
    // The rejected pair shares its instant: the cursor between them is the id's.
    expect((await walk('rejeitada', 1)).map((p) => p.ids)).toEqual(sameInstant().map((id) => [id]));
    const open = await walk('aberta', 1);
    expect(open.map((p) => p.ids)).toEqual([[idOf(4)], [idOf(3)]]);
    expect(open.map((p) => p.total)).toEqual([2, 2]);
    // A page that holds the rest has no next one.
    expect(await walk('aberta', 2)).toEqual([{ ids: [idOf(4), idOf(3)], total: 2, next: null }]);
    expect(await walk('liberada', 50)).toEqual([{ ids: [], total: 0, next: null }]);
  });

  it('reads a cursor it did not make as the first page, and refuses a page size out of range', async () => {
    const page = await t.app.inject({
      url: '/api/admin/reports?status=aberta&limit=1&cursor=bm90LWEtY3Vyc29y',
      headers: { cookie: support },
    });
    expect(page.json().reclamacoes.map((r: { id: string }) => r.id)).toEqual([idOf(4)]);
    for (const limit of ['0', '101', 'ten']) {
      const res = await t.app.inject({
        url: `/api/admin/reports?limit=${limit}`,
        headers: { cookie: support },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('validation_error');
    }
  });

  it('gives each dispute its movement and both people', async () => {
    const rows = await list();
    for (const dispute of disputes) {
      expect(rows.find((r) => r.id === dispute.id)).toMatchObject({
        movimentacao_id: dispute.movementId,
        movimentacao_tipo: 'transferencia',
        movimentacao_status: 'concluida',
        quantidade_centis: 1000,
        pagador: { id: dispute.payer.id, nome: dispute.payer.nome },
        recebedor: { id: dispute.payee.id, nome: dispute.payee.nome },
      });
    }
  });
});
