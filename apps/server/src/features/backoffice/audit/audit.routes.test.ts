import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { createOperator, operatorSession } from '../../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// Compliance browses the audit trail by user, operator and Haiti dates, page by page, and exports
// the same selection as a CSV that a spreadsheet opens safely.

/** RFC 4180, as a spreadsheet reads it: quoted cells, doubled quotes, CRLF between rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe(`the audit trail's browser and export on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let cookie: string;
  let reader: string;
  let support: { id: string; email: string };
  let finance: { id: string; email: string };
  let alice: SeededUser;
  let bruno: SeededUser;

  const audit = (values: {
    operador_id: string;
    papel: string;
    acao: string;
    usuario_id: string;
    criado_em: string;
    motivo?: string;
    depois?: unknown;
  }) =>
    t.database.db
      .insertInto('auditoria')
      .values({
        ...values,
        alvo_tipo: 'user',
        alvo_id: values.usuario_id,
        depois: values.depois === undefined ? null : JSON.stringify(values.depois),
      })
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    const session = await operatorSession(t, 'compliance');
    cookie = session.cookie;
    reader = session.operator.id;
    support = (await operatorSession(t, 'support')).operator;
    finance = (await operatorSession(t, 'finance')).operator;
    [alice, bruno] = [await seedUser(t), await seedUser(t)];
    // 9 March 2026, 23:30 in Haiti (UTC−4 since the 8th), then the 10th, just after midnight.
    await audit({
      operador_id: support.id,
      papel: 'support',
      acao: 'account.freeze',
      usuario_id: alice.id,
      criado_em: '2026-03-10T03:30:00Z',
      motivo: 'Li pèdi telefòn li',
    });
    await audit({
      operador_id: support.id,
      papel: 'support',
      acao: 'account.unfreeze',
      usuario_id: alice.id,
      criado_em: '2026-03-10T04:30:00Z',
      motivo: '=HYPERLINK("http://evil.example","klike")',
    });
    await audit({
      operador_id: finance.id,
      papel: 'finance',
      acao: 'adjustment.propose',
      usuario_id: bruno.id,
      criado_em: '2026-03-11T15:00:00Z',
      motivo: 'Erè, "doub" peman,\nliy 2',
      depois: { quantidade_centis: -500 },
    });
    await audit({
      operador_id: finance.id,
      papel: 'finance',
      acao: 'adjustment.propose',
      usuario_id: alice.id,
      criado_em: '2026-03-12T15:00:00Z',
      motivo: '+50937000000',
    });
  });
  afterAll(async () => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/admin/audit?${query}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      items: { id: string; acao: string; criado_em: string; motivo: string }[];
      next_cursor: string | null;
    };
  };
  const actions = async (query: string) => (await list(query)).items.map((r) => `${r.acao} ${r.criado_em}`);

  it('filters by user (id or e-mail), by operator (id or e-mail) and by Haiti dates, newest first', async () => {
    expect(await actions(`usuario=${alice.id}`)).toEqual([
      'adjustment.propose 2026-03-12T15:00:00.000Z',
      'account.unfreeze 2026-03-10T04:30:00.000Z',
      'account.freeze 2026-03-10T03:30:00.000Z',
    ]);
    expect(await actions(`usuario=${encodeURIComponent(bruno.email.toUpperCase())}`)).toEqual([
      'adjustment.propose 2026-03-11T15:00:00.000Z',
    ]);
    // The support operator's sign-in is on the trail too.
    expect(await actions(`operador=${support.id}`)).toHaveLength(3);
    expect(await actions(`operador=${encodeURIComponent(finance.email)}&usuario=${alice.id}`)).toEqual([
      'adjustment.propose 2026-03-12T15:00:00.000Z',
    ]);
    // The 10th in Haiti starts at 04:00 UTC: the freeze at 03:30 UTC was still the 9th there.
    expect(await actions('from=2026-03-10&to=2026-03-10')).toEqual([
      'account.unfreeze 2026-03-10T04:30:00.000Z',
    ]);
    expect(await actions('from=2026-03-09&to=2026-03-11')).toHaveLength(3);
    expect(await actions('to=2026-03-09')).toEqual(['account.freeze 2026-03-10T03:30:00.000Z']);
  });

  it('refuses a day that does not exist or is not a day', async () => {
    for (const query of ['from=2026-02-31', 'to=10/03/2026', 'from=2026-3-1']) {
      const res = await t.app.inject({ url: `/api/admin/audit?${query}`, headers: { cookie } });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('validation_error');
    }
  });

  it('pages a long trail: every row once, newest first', async () => {
    const busy = await seedUser(t);
    for (let i = 0; i < 57; i++) {
      const at = new Date(Date.UTC(2026, 4, 1, 12, 0, Math.floor(i / 3))).toISOString();
      await audit({
        operador_id: support.id,
        papel: 'support',
        acao: 'user.view',
        usuario_id: busy.id,
        criado_em: at,
      });
    }
    const first = await list(`usuario=${busy.id}`);
    expect(first.items).toHaveLength(50);
    expect(first.next_cursor).not.toBeNull();
    const second = await list(`usuario=${busy.id}&cursor=${first.next_cursor}`);
    expect(second.items).toHaveLength(7);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.items, ...second.items].map((r) => Number(r.id));
    expect(new Set(ids).size).toBe(57);
    const times = [...first.items, ...second.items].map((r) => r.criado_em);
    expect(times).toEqual([...times].sort().reverse());
    // Rows of one instant come newest id first.
    expect(ids.slice(0, 3)).toEqual([...ids.slice(0, 3)].sort((a, b) => b - a));
  });

  it('exports the same selection as a CSV attachment, quoted, with formulas disarmed, and audits the export', async () => {
    const res = await t.app.inject({
      url: `/api/admin/audit.csv?usuario=${alice.id}&from=2026-03-09&to=2026-03-11`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kreyolcash-auditoria-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // The header row in the operator's language: Creole unless the back office asks for French.
    expect(res.body.startsWith('\uFEFF"Nimewo","Dat (lè Ayiti)"')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Nimewo',
      'Dat (lè Ayiti)',
      'Imèl operatè a',
      'Wòl operatè a',
      'Aksyon',
      'Sou ki sa',
      'Idantifyan sa a',
      'Idantifyan itilizatè a',
      'Imèl itilizatè a',
      'Anvan',
      'Apre',
      'Rezon',
    ]);
    const french = await t.app.inject({
      url: `/api/admin/audit.csv?usuario=${alice.id}&from=2026-03-09&to=2026-03-11&lang=fr`,
      headers: { cookie },
    });
    const [frenchHeader, ...frenchRows] = parseCsv(french.body.slice(1));
    expect(frenchHeader?.slice(0, 5)).toEqual([
      'Numéro',
      'Date (heure d’Haïti)',
      'E-mail de l’opérateur',
      'Rôle de l’opérateur',
      'Action',
    ]);
    expect(frenchRows).toEqual(rows);
    const unknownLanguage = await t.app.inject({ url: '/api/admin/audit.csv?lang=en', headers: { cookie } });
    expect(unknownLanguage.statusCode).toBe(422);
    expect(unknownLanguage.json().error.code).toBe('validation_error');
    expect(rows.map((r) => [r[1], r[2], r[4], r[8], r[11]])).toEqual([
      [
        '2026-03-10 00:30:00',
        support.email,
        'account.unfreeze',
        alice.email,
        '\'=HYPERLINK("http://evil.example","klike")',
      ],
      ['2026-03-09 23:30:00', support.email, 'account.freeze', alice.email, 'Li pèdi telefòn li'],
    ]);

    const phoneReason = await t.app.inject({
      url: `/api/admin/audit.csv?usuario=${encodeURIComponent(alice.email)}&from=2026-03-12&to=2026-03-12`,
      headers: { cookie },
    });
    const [, only] = parseCsv(phoneReason.body.slice(1));
    expect(only?.[11]).toBe("'+50937000000");

    const all = parseCsv(
      (
        await t.app.inject({ url: '/api/admin/audit.csv?from=2026-03-11&to=2026-03-11', headers: { cookie } })
      ).body.slice(1),
    );
    expect(all).toHaveLength(2);
    expect(all[1]?.[10]).toBe('{"quantidade_centis":-500}');
    expect(all[1]?.[11]).toBe('Erè, "doub" peman,\nliy 2');

    const exports = await t.database.db
      .selectFrom('auditoria')
      .selectAll()
      .where('acao', '=', 'audit.export')
      .where('operador_id', '=', reader)
      .orderBy('id')
      .execute();
    expect(exports).toHaveLength(4);
    expect(exports[0]).toMatchObject({
      papel: 'compliance',
      depois: { usuario: alice.id, from: '2026-03-09', to: '2026-03-11' },
    });
  });

  it("finds an operator's rows by e-mail in any case; an e-mail no operator has, or one without rows, finds none", async () => {
    // Their sign-in, then the two proposals.
    const byFinance = await actions(`operador=${finance.id}`);
    expect(byFinance.slice(1)).toEqual([
      'adjustment.propose 2026-03-12T15:00:00.000Z',
      'adjustment.propose 2026-03-11T15:00:00.000Z',
    ]);
    expect(await actions(`operador=${encodeURIComponent(finance.email)}`)).toEqual(byFinance);
    expect(await actions(`operador=${encodeURIComponent(` ${finance.email.toUpperCase()} `)}`)).toEqual(
      byFinance,
    );
    const unknown = encodeURIComponent('nobody@example.ht');
    expect(await list(`operador=${unknown}`)).toEqual({ items: [], next_cursor: null });
    expect(await list(`operador=${unknown}&usuario=${alice.id}`)).toEqual({ items: [], next_cursor: null });
    // An operator who has not even signed in yet.
    const newcomer = await createOperator(t, 'admin');
    expect(await list(`operador=${encodeURIComponent(newcomer.email)}`)).toEqual({
      items: [],
      next_cursor: null,
    });
    // The export of such a selection is its header row alone (here, last: the test above counts exports).
    const csv = await t.app.inject({ url: `/api/admin/audit.csv?operador=${unknown}`, headers: { cookie } });
    expect(csv.statusCode).toBe(200);
    expect(parseCsv(csv.body.slice(1))).toHaveLength(1);
  });
});
