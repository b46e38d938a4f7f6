import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// The "all" tab reads the paid side and the received side apart and merges them: a side far newer
// than the other still gives way to it page by page, and what is held for me stays out.
describe(`the statement's two sides, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let me: SeededUser;
  let other: SeededUser;
  const insert = (from: string, to: string, minute: number, status = 'concluida') =>
    sql`insert into kreyolcash_movimentacoes (remetente_id, destinatario_id, conta_debito, conta_credito,
                                              quantidade_centis, tipo, status, criado_em, concluido_em, expira_em)
        values (${from}::uuid, ${to}::uuid, ${from}::uuid, ${to}::uuid, 100, 'transferencia', ${status},
                timestamptz '2026-11-02 12:00:00+00' + ${minute} * interval '1 minute',
                case when ${status} = 'pendente' then null else now() end,
                case when ${status} = 'pendente' then now() + interval '1 hour' end)`.execute(t.database.db);
  beforeAll(async () => {
    t = await createTestApp();
    me = await seedUser(t);
    other = await seedUser(t);
    // Rows for paging only, written straight to the table: six received, then a payment to me
    // still held (not mine to see yet), then six paid.
    for (let minute = 0; minute < 6; minute++) await insert(other.id, me.id, minute);
    await insert(other.id, me.id, 7, 'pendente');
    for (let minute = 8; minute < 14; minute++) await insert(me.id, other.id, minute);
  });
  afterAll(async () => {
    await t.close();
  });

  const allPages = async (limit: number) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { statusCode: number; json(): unknown } = await t.app.inject({
        url: `/api/wallet/transactions?type=all&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        headers: { authorization: `Bearer ${me.accessToken}` },
      });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { id: string }[]; next_cursor: string | null };
      ids.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    return ids;
  };

  it('gives both sides newest first, whatever the page size, without what is held for me', async () => {
    const { rows } = await sql<{ id: string }>`
      select id from kreyolcash_movimentacoes
       where (remetente_id = ${me.id}::uuid or destinatario_id = ${me.id}::uuid) and status <> 'pendente'
       order by criado_em desc, id desc`.execute(t.database.db);
    expect(rows).toHaveLength(13); // 6 paid, 6 received and the sign-up bonus
    for (const limit of [1, 3, 7, 50]) {
      expect(await allPages(limit)).toEqual(rows.map((r) => r.id));
    }
  });
});
