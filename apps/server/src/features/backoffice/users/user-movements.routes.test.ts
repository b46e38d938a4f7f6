import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentMoney, type TestAgent } from '../../../test-support/agent-money.ts';
import { holdTransfersTogether } from '../../../test-support/batch-fixtures.ts';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { LIFTED_LEVEL_LIMITS_ENV } from '../../../test-support/lifted-limits.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { decideReport, paidTransfer, reportTransfer } from '../../../test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';
import { sendMoney, startTransfer } from '../../../test-support/transfers.ts';
import { MOVEMENTS_PAGE } from './users.repository.ts';

// The movements an operator pages through on a user's page are every movement that names the
// user as payer or payee or moves their account, newest first, each once: the same pages as
// reading them with one condition on all four columns, here the oracle, for a person with every
// kind of movement (holds and voids on either side, a reversal, adjustments, a batch of holds
// that share one instant across a page's edge) and for an agent, whose float is an account of its
// own.

type Item = { id: string; tipo: string; status: string; sentido: string | null };
type Page = { items: Item[]; next_cursor: string | null };
type Session = Awaited<ReturnType<typeof operatorSession>>;

describe(`an operator's pages of a user's movements on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let support: Session;
  let person: SeededUser;
  let other: SeededUser;
  let agent: TestAgent;

  beforeAll(async () => {
    t = await createTestApp({
      AGENTS_ENABLED: 'true',
      LEVEL_LIMITS: LIFTED_LEVEL_LIMITS_ENV,
      RATE_LIMIT_MULTIPLIER: '10000',
    });
    support = await operatorSession(t, 'support');
    const finance = await operatorSession(t, 'finance');
    const approver = await operatorSession(t, 'finance');
    const money = agentMoney(t, { support, finance, approver });
    person = await seedUser(t, { bonusCentis: 500_000, documentApproved: true });
    other = await seedUser(t, { bonusCentis: 500_000, documentApproved: true });

    for (let i = 0; i < 12; i++) await sendMoney(t, person, other, 100 + i);
    for (let i = 0; i < 3; i++) await sendMoney(t, other, person, 200 + i);
    // Held on each side, and one the payer voids.
    await startTransfer(t, other, person, 300);
    await startTransfer(t, person, other, 400);
    const voided = await startTransfer(t, person, other, 500);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${voided}/cancel`,
      headers: { authorization: `Bearer ${person.accessToken}` },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A batch of holds is written in one transaction: 25 movements of one instant, across a page.
    await holdTogether(person, other, 25);
    // Reversed by an operator: the reversal goes from the payee back to the person.
    const reversed = await paidTransfer(t, person, other, 1_000);
    expect((await reportTransfer(t, person, reversed)).statusCode).toBe(201);
    const report = (await adminGet(`/movements/${reversed}`)).json().reclamacao;
    expect(
      (await decideReport(t, support.cookie, report.id, 'reverse', 'Moun nan te konfonn')).statusCode,
    ).toBe(200);
    await money.adjust(person, 700);
    await money.adjust(person, -200);
    for (let i = 0; i < 3; i++) await sendMoney(t, person, other, 600 + i);

    agent = await money.makeAgent();
    await money.floatOperation(agent, 'issuances', 100_000);
    await money.cashIn(agent, 20_000);
    await money.cashOut(agent, 50_000, 1_500);
    await money.floatOperation(agent, 'redemptions', 3_000);
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const adminGet = (url: string) =>
    t.app.inject({ url: `/api/admin${url}`, headers: { cookie: support.cookie } });

  /** n transfers from payer to payee held in one transaction, so of one instant. */
  async function holdTogether(payer: SeededUser, payee: SeededUser, n: number) {
    const ids = await holdTransfersTogether(t, payer, payee, n);
    const instants = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('criado_em')
      .distinct()
      .where('id', 'in', ids)
      .execute();
    expect(instants).toHaveLength(1);
  }

  /** Every page of the list, following its cursor. */
  async function pagesOf(userId: string): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const res = await adminGet(`/users/${userId}/movements${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      pages.push(page);
      cursor = page.next_cursor;
    } while (cursor);
    return pages;
  }

  /** The oracle: one condition on the four columns, newest first, cut into pages. */
  async function expectedPagesOf(userId: string) {
    const rows = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select(['id', 'tipo', 'status', 'conta_debito', 'conta_credito'])
      .where((eb) =>
        eb.or([
          eb('remetente_id', '=', userId),
          eb('destinatario_id', '=', userId),
          eb('conta_debito', '=', userId),
          eb('conta_credito', '=', userId),
        ]),
      )
      .orderBy('criado_em', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const items = rows.map(({ conta_debito, conta_credito, ...row }) => ({
      ...row,
      sentido: conta_credito === userId ? 'credito' : conta_debito === userId ? 'debito' : null,
    }));
    const pages: Item[][] = [];
    for (let i = 0; i < items.length; i += MOVEMENTS_PAGE) pages.push(items.slice(i, i + MOVEMENTS_PAGE));
    return pages;
  }

  const itemsOf = (page: Page) =>
    page.items.map(({ id, tipo, status, sentido }) => ({ id, tipo, status, sentido }));

  it("pages every movement of a person's, each once, as one condition on the payer, payee and both accounts does", async () => {
    const expected = await expectedPagesOf(person.id);
    const pages = await pagesOf(person.id);
    expect(pages.map(itemsOf)).toEqual(expected);
    const all = pages.flatMap(itemsOf);
    expect(new Set(all.map((m) => m.tipo))).toEqual(
      new Set(['cadastro', 'transferencia', 'estorno', 'ajuste']),
    );
    expect(new Set(all.map((m) => m.status))).toEqual(new Set(['concluida', 'pendente', 'cancelada']));
    expect(pages).toHaveLength(3);
    // The user's page opens on the same first page.
    const page = await adminGet(`/users/${person.id}`);
    expect(page.json().movimentos).toEqual(pages[0]);
  });

  it('pages the other party, and an agent whose float movements name the agent without moving their own account', async () => {
    expect((await pagesOf(other.id)).map(itemsOf)).toEqual(await expectedPagesOf(other.id));
    const agentPages = (await pagesOf(agent.user.id)).map(itemsOf);
    expect(agentPages).toEqual(await expectedPagesOf(agent.user.id));
    const kinds = agentPages.flat().map((m) => `${m.tipo} ${m.sentido}`);
    expect(kinds.sort()).toEqual([
      'cadastro credito',
      'deposito null',
      'emissao null',
      'resgate null',
      'saque null',
    ]);
  });
});
