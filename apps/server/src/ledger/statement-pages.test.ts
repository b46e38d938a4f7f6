import type { HistoryFilter } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { rowsReadFrom } from '../test-support/rows-read.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { listStatement, listStatements, type PageQuery } from './statement.repository.ts';
import { statementPages } from './statement-pages.ts';
import { encodeCursor } from './transaction-presenter.ts';

// Statement pages asked together are read in one call (kc_extrato_paginas). Each must be exactly
// the page its request reads alone: its own person, tab, size and cursor, never a neighbour's row.
describe(`statement pages read together, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let people: SeededUser[];
  const FILTERS: HistoryFilter[] = ['all', 'sent', 'received'];

  const insert = (from: SeededUser, to: SeededUser, minute: number, status = 'concluida') =>
    sql`insert into kreyolcash_movimentacoes (remetente_id, destinatario_id, conta_debito, conta_credito,
                                              quantidade_centis, tipo, status, criado_em, concluido_em, expira_em)
        values (${from.id}::uuid, ${to.id}::uuid, ${from.id}::uuid, ${to.id}::uuid, ${100 + minute}, 'transferencia',
                ${status}, timestamptz '2026-11-02 12:00:00+00' + ${minute} * interval '1 minute',
                case when ${status} = 'pendente' then null else now() end,
                case when ${status} = 'pendente' then now() + interval '1 hour' end)`.execute(t.database.db);

  beforeAll(async () => {
    t = await createTestApp();
    people = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const [a, b, c] = people as [SeededUser, SeededUser, SeededUser];
    // Rows for reading only, written straight to the table: each person pays and is paid a
    // different number of times, and one payment to each is still held (the payee cannot see it).
    const pairs: [SeededUser, SeededUser][] = [
      [a, b],
      [b, a],
      [a, c],
      [c, b],
      [b, c],
      [a, b],
      [c, a],
      [a, c],
      [b, a],
      [a, b],
    ];
    for (const [minute, [from, to]] of pairs.entries()) await insert(from, to, minute);
    for (const [minute, [from, to]] of [
      [a, b],
      [b, c],
      [c, a],
    ].entries())
      await insert(from as SeededUser, to as SeededUser, 20 + minute, 'pendente');
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every person, tab and page size, and each of those pages' second page. */
  async function queries(): Promise<PageQuery[]> {
    const firsts = people.flatMap((p) =>
      FILTERS.flatMap((filter) =>
        [2, 50].map((limit) => ({ userId: p.id, filter, limit, cursor: undefined })),
      ),
    );
    const seconds: PageQuery[] = [];
    for (const first of firsts) {
      const { seguinte } = await listStatement(t.database.db, first);
      if (seguinte) seconds.push({ ...first, cursor: seguinte });
    }
    return [...firsts, ...seconds];
  }

  it('reads each page of a call as it reads alone', async () => {
    const asked = await queries();
    const alone = [];
    for (const q of asked) alone.push(await listStatement(t.database.db, q));
    // The pages differ from one another, so an answer given to the wrong request would show.
    expect(new Set(alone.map((page) => page.itens)).size).toBeGreaterThan(12);
    const together = (pages: PageQuery[]) => listStatements(t.database.db, pages);
    expect(await together(asked)).toEqual(alone);
    expect(await together([...asked].reverse())).toEqual([...alone].reverse());
    expect(await together([])).toEqual([]);
  });

  // unnest pads a shorter array with nulls: a request would silently read another tab or cursor.
  it('refuses a call whose requests do not line up, and a tab it does not know', async () => {
    const [a] = people as [SeededUser];
    const call = (filters: string[], limits: number[]) =>
      sql`select * from kc_extrato_paginas(array[${a.id}::uuid], ${filters}::text[], ${limits}::int4[],
            array[null::timestamptz], array[null::uuid])`.execute(t.database.db);
    await expect(call(['all', 'sent'], [5])).rejects.toThrow(/unequal lengths/);
    await expect(call(['all'], [5, 5])).rejects.toThrow(/unequal lengths/);
    await expect(call(['recent'], [5])).rejects.toThrow(/no statement tab/);
    expect((await call(['sent'], [5])).rows).toHaveLength(1);
  });

  it('answers requests that arrive together with their own pages, in fewer calls', async () => {
    const asked = await queries();
    const url = (q: PageQuery) =>
      `/api/wallet/transactions?type=${q.filter}&limit=${q.limit}` +
      (q.cursor ? `&cursor=${encodeCursor(q.cursor)}` : '');
    const tokenOf = (q: PageQuery) => (people.find((p) => p.id === q.userId) as SeededUser).accessToken;
    const get = (q: PageQuery) =>
      t.app.inject({ url: url(q), headers: { authorization: `Bearer ${tokenOf(q)}` } });
    const alone = [];
    for (const q of asked) alone.push((await get(q)).json());
    const batcher = statementPages(t.app.deps.database.db);
    const before = { ...batcher.sent };
    const together = await Promise.all(asked.map(get));
    expect(together.map((res) => res.statusCode)).toEqual(asked.map(() => 200));
    expect(together.map((res) => res.json())).toEqual(alone);
    const calls = batcher.sent.calls - before.calls;
    expect(batcher.sent.items - before.items).toBe(asked.length);
    expect(calls).toBeLessThan(asked.length / 2);
  });

  // A movement's row (its detail, a verification's answer) is looked up by its key. Its plan is made
  // once per connection for any person: one that walked the person's movements to find it read a
  // shop's every sale for each of its rows.
  it("reads one movement's row by its key, not through the person's other movements", async () => {
    const [a, b] = people as [SeededUser, SeededUser];
    await sql`insert into kreyolcash_movimentacoes (remetente_id, destinatario_id, conta_debito, conta_credito,
                                                    quantidade_centis, tipo, status, criado_em, concluido_em)
              select ${a.id}::uuid, ${b.id}::uuid, ${a.id}::uuid, ${b.id}::uuid, 100 + n, 'transferencia',
                     'concluida', timestamptz '2026-11-01 12:00:00+00' + n * interval '1 second', now()
                from generate_series(1, 400) as n`.execute(t.database.db);
    const [page] = await listStatements(t.database.db, [
      { userId: a.id, filter: 'all', limit: 1, cursor: undefined },
    ]);
    const id = JSON.parse(`[${page?.itens ?? ''}]`)[0].id as string;
    const fetched = await t.database.db.transaction().execute(async (trx) => {
      const before = await rowsReadFrom(trx, 'kreyolcash_movimentacoes');
      const row = await sql<{ id: string }>`
        select id from kc_extrato_linhas(${a.id}::uuid, array[${id}::uuid], true)`.execute(trx);
      expect(row.rows.map((r) => r.id)).toEqual([id]);
      return (await rowsReadFrom(trx, 'kreyolcash_movimentacoes')) - before;
    });
    expect(fetched).toBeLessThan(5);
  });
});
