import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// The statement of someone who both pays and is paid, read page by page: every movement once,
// newest first, ties on the same instant broken by id, the tabs keeping to their side.
describe(`the statement, page by page, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let me: SeededUser;
  let others: SeededUser[];
  beforeAll(async () => {
    t = await createTestApp();
    me = await seedUser(t);
    others = [await seedUser(t), await seedUser(t)];
    // 24 movements over 12 instants (two at each), alternately paid and received.
    for (let i = 0; i < 24; i++) {
      const other = others[i % 2] as SeededUser;
      const [from, to] = i % 3 === 0 ? [other.id, me.id] : [me.id, other.id];
      // Rows for paging only: written straight to the table, without ledger lines.
      await sql`insert into kreyolcash_movimentacoes (remetente_id, destinatario_id, conta_debito, conta_credito,
                                                      quantidade_centis, tipo, status, criado_em, concluido_em)
                values (${from}::uuid, ${to}::uuid, ${from}::uuid, ${to}::uuid, ${100 + i}, 'transferencia', 'concluida',
                        timestamptz '2026-11-01 12:00:00+00' + ${Math.floor(i / 2)} * interval '1 minute', now())`.execute(
        t.database.db,
      );
    }
  });
  afterAll(async () => {
    await t.close();
  });

  let pagesRead = 0;
  const everything = async (type: string, limit: number) => {
    const items: { id: string; criado_em: string; criado_em_haiti: string; type: string }[] = [];
    let cursor: string | null = null;
    pagesRead = 0;
    do {
      pagesRead += 1;
      const res: { statusCode: number; json(): unknown } = await t.app.inject({
        url: `/api/wallet/transactions?type=${type}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        headers: { authorization: `Bearer ${me.accessToken}` },
      });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: typeof items; next_cursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(limit);
      items.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    return items;
  };

  it('gives every movement once, newest first, whatever the page size', async () => {
    const { rows } = await sql<{ id: string }>`
      select id from kreyolcash_movimentacoes where remetente_id = ${me.id}::uuid or destinatario_id = ${me.id}::uuid
       order by criado_em desc, id desc`.execute(t.database.db);
    expect(rows).toHaveLength(25); // and the sign-up bonus
    for (const limit of [1, 2, 5, 50]) {
      expect((await everything('all', limit)).map((m) => m.id)).toEqual(rows.map((r) => r.id));
      // A page that ends the statement names no next page, even when it is full.
      expect(pagesRead).toBe(Math.ceil(rows.length / limit));
    }
  });

  it("sends each movement's time on Haiti's clocks beside its instant", async () => {
    const items = await everything('all', 50);
    // 2026-11-01 12:00 UTC is 07:00 in Port-au-Prince (standard time, UTC−5, since that morning).
    const first = items.find((m) => m.criado_em === '2026-11-01T12:00:00.000Z');
    expect(first?.criado_em_haiti).toBe('2026-11-01T07:00:00');
    expect(items.every((m) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(m.criado_em_haiti))).toBe(true);
  });

  it('keeps the sent and received tabs to their side', async () => {
    const sent = await everything('sent', 3);
    const received = await everything('received', 3);
    expect(sent).toHaveLength(16);
    expect(received).toHaveLength(8);
    expect(sent.every((m) => m.type === 'sent')).toBe(true);
    expect(received.every((m) => m.type === 'received')).toBe(true);
  });

  // The page's text is PostgreSQL's: the viewer's own name is escaped once a page, the other's once a row.
  it("writes both people's names as they typed them, quotes and backslashes included", async () => {
    const mine = 'Jérôme "Ti Jo" \\ Lakay';
    const theirs = 'Marie "Ti Mari" </script> \\n';
    const other = others[0] as SeededUser;
    await sql`update usuarios set nome_completo = case when id = ${me.id}::uuid then ${mine} else ${theirs} end
               where id in (${me.id}::uuid, ${other.id}::uuid)`.execute(t.database.db);
    const items = (await everything('all', 50)) as unknown as Record<string, string | null>[];
    const between = items.filter((m) => [m.remetente_nome, m.destinatario_nome].includes(theirs));
    expect(between.length).toBeGreaterThan(0);
    for (const m of between) {
      expect(new Set([m.remetente_nome, m.destinatario_nome])).toEqual(new Set([mine, theirs]));
      expect(m.type === 'sent' ? m.remetente_nome : m.destinatario_nome).toBe(mine);
    }
  });
});
