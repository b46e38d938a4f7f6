import { AMOUNT_CEILING_CENTIS } from '@kreyolcash/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../../../test-support/ledger-assertions.ts';
import { checkLedger, type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// A four-eyes adjustment of 2^53 − 1 centis was once accepted and approved: the balance left
// JavaScript's safe integers, and from then on every read of that person (their wallet, their
// limits, the back office's pages) answered 500. An adjustment is now bounded twice: by the
// ceiling of every figure of money, and below it by the configured ADJUSTMENT_MAX_CENTIS.

const ADJUSTMENT_MAX_CENTIS = 500_000;

let t: TestApp;
type Session = Awaited<ReturnType<typeof operatorSession>>;
let proposer: Session;
let approver: Session;

beforeAll(async () => {
  t = await createTestApp({ ADJUSTMENT_MAX_CENTIS: String(ADJUSTMENT_MAX_CENTIS) });
  proposer = await operatorSession(t, 'finance');
  approver = await operatorSession(t, 'admin');
});
afterAll(async () => {
  await expectLedgerSound(t.database.db);
  await t.close();
});

const post = (url: string, as: Session, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { cookie: as.cookie }, payload });

const proposeBody = (person: SeededUser, quantidade_centis: number) => ({
  user_id: person.id,
  quantidade_centis,
  motivo: 'Kès la te konte mal',
  referencia: 'TICKET-9',
});

const proposalsOf = (userId: string) =>
  t.database.db
    .selectFrom('ajustes_propostos')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .execute();

/** Every read that once answered 500 for a person whose balance left the safe integers. */
async function readsOf(person: SeededUser) {
  const asPerson = { authorization: `Bearer ${person.accessToken}` };
  const asOperator = { cookie: approver.cookie };
  const urls = [
    ['/api/wallet', asPerson],
    ['/api/me/limits', asPerson],
    [`/api/admin/users/${person.id}`, asOperator],
    [`/api/admin/users?q=${encodeURIComponent(person.email)}`, asOperator],
    [`/api/admin/adjustments/recipient?q=${encodeURIComponent(person.email)}`, asOperator],
    ['/api/admin/ledger', asOperator],
  ] as const;
  const answers = await Promise.all(urls.map(([url, headers]) => t.app.inject({ url, headers })));
  return Object.fromEntries(urls.map(([url], i) => [url, answers[i]?.statusCode]));
}

describe(`an adjustment's ceilings on ${testDatabaseKind}`, () => {
  it('refuses the adjustment of 2^53 − 1 with a clear error, changes nothing, and every read still answers', async () => {
    const person = await seedUser(t);
    const before = await checkLedger(t.database.db);
    for (const [amount, code] of [
      [Number.MAX_SAFE_INTEGER, 'amount_too_large'],
      [-Number.MAX_SAFE_INTEGER, 'amount_too_large'],
      [AMOUNT_CEILING_CENTIS + 1, 'amount_too_large'],
      [ADJUSTMENT_MAX_CENTIS + 1, 'adjustment_too_large'],
      [-(ADJUSTMENT_MAX_CENTIS + 1), 'adjustment_too_large'],
    ] as const) {
      const res = await post('/adjustments', proposer, proposeBody(person, amount));
      expect([res.statusCode, res.json().error.code], String(amount)).toEqual([422, code]);
    }
    expect(await proposalsOf(person.id)).toEqual([]);
    expect(await checkLedger(t.database.db)).toEqual(before);
    expect(Object.values(await readsOf(person))).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('says what the most is: the configured ceiling, in centis', async () => {
    const person = await seedUser(t);
    const res = await post('/adjustments', proposer, proposeBody(person, ADJUSTMENT_MAX_CENTIS + 1));
    expect(res.json().error).toMatchObject({
      code: 'adjustment_too_large',
      details: { limite_centis: ADJUSTMENT_MAX_CENTIS },
    });
  });

  it('takes a credit and a debit of exactly the configured ceiling', async () => {
    const person = await seedUser(t, { bonusCentis: 1_000 });
    for (const amount of [ADJUSTMENT_MAX_CENTIS, -ADJUSTMENT_MAX_CENTIS]) {
      const proposed = await post('/adjustments', proposer, proposeBody(person, amount));
      expect(proposed.statusCode, proposed.body).toBe(201);
      const approved = await post(`/adjustments/${proposed.json().ajuste.id}/approve`, approver);
      expect(approved.statusCode, approved.body).toBe(200);
    }
    const wallet = await t.app.inject({
      url: '/api/wallet',
      headers: { authorization: `Bearer ${person.accessToken}` },
    });
    expect(wallet.json().saldo_centis).toBe(1_000);
  });

  it('refuses at the approval a proposal above a ceiling lowered since, and keeps it proposed', async () => {
    const person = await seedUser(t);
    const proposed = await post('/adjustments', proposer, proposeBody(person, 400_000));
    expect(proposed.statusCode, proposed.body).toBe(201);
    const id = proposed.json().ajuste.id as string;
    const before = await checkLedger(t.database.db);
    const configured = t.config.adjustmentMaxCentis;
    t.config.adjustmentMaxCentis = 300_000;
    try {
      const refused = await post(`/adjustments/${id}/approve`, approver);
      expect([refused.statusCode, refused.json().error.code]).toEqual([422, 'adjustment_too_large']);
    } finally {
      t.config.adjustmentMaxCentis = configured;
    }
    expect(await proposalsOf(person.id)).toEqual([{ id, status: 'proposto' }]);
    expect(await checkLedger(t.database.db)).toEqual(before);
    // Once the ceiling allows it again, the same proposal posts.
    expect((await post(`/adjustments/${id}/approve`, approver)).statusCode).toBe(200);
  });
});
