import { REFERRAL_BONUS_CENTIS, REFERRAL_BONUSES_PER_MONTH } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger } from '../../ledger/ledger.ts';
import { latestEmailLinkToken, newPerson, nextAddress } from '../../test-support/accounts.ts';
import { expectLedgerSound } from '../../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { provePhone, referralCodeOf, signUpPerson } from '../../test-support/referral-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { identityHash } from './identities.repository.ts';

// Referral bonuses that cannot be farmed. A bonus waits for the friend's proven phone
// and confirmed e-mail; a NIF or a phone earns one bonus ever; an inviter earns at most
// REFERRAL_BONUSES_PER_MONTH a calendar month (Haiti time).
describe(`referral bonus rules on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  const db = () => t.database.db;
  const codeOf = (user: { id: string }) => referralCodeOf(t, user);
  const signUp = (overrides: Record<string, string> = {}) => signUpPerson(t, overrides);
  const confirm = async (person: { email: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: await latestEmailLinkToken(t, person.email) },
      // Each from its own address: the per-address limit is not what these tests are about.
      remoteAddress: nextAddress(),
    });
  const bonusesOf = (user: { id: string }) =>
    db()
      .selectFrom('kreyolcash_movimentacoes')
      .select('id')
      .where('destinatario_id', '=', user.id)
      .where('tipo', '=', 'bonus')
      .execute();
  const balanceOf = async (user: { id: string }) =>
    (
      await db()
        .selectFrom('vw_saldos_kreyolcash')
        .select('saldo_centis')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).saldo_centis;
  const referralPage = async (inviter: SeededUser) => {
    const res = await t.app.inject({
      url: '/api/referrals?limit=100',
      headers: { authorization: `Bearer ${inviter.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      bonus_pagos_mes: number;
      bonus_limite_mes: number;
      items: { status: string }[];
    };
  };
  const statusCounts = async (inviter: SeededUser) => {
    const counts: Record<string, number> = {};
    for (const { status } of (await referralPage(inviter)).items) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };
  /** A friend who signs up with the inviter's code, proves the phone and confirms the e-mail. */
  const fullyProvenFriend = async (inviter: SeededUser, overrides: Record<string, string> = {}) => {
    const friend = await signUp({ ...overrides, codigo_indicacao: await codeOf(inviter) });
    await provePhone(t, friend.id);
    expect((await confirm(friend)).statusCode).toBe(200);
    return friend;
  };
  const lastMonthInHaiti = sql<Date>`date_trunc('month', now() at time zone 'America/Port-au-Prince')
    at time zone 'America/Port-au-Prince' - interval '1 hour'`;

  it('the farming attempt: 25 invented identities earn at most the monthly cap, and only once each proves a phone', async () => {
    const inviter = await seedUser(t);
    const code = await codeOf(inviter);
    const friends = [];
    for (let i = 0; i < 25; i += 1) friends.push(await signUp({ codigo_indicacao: code }));
    // A catch-all mail domain confirms every e-mail: that alone earns nothing.
    for (const friend of friends) expect((await confirm(friend)).statusCode).toBe(200);
    expect(await bonusesOf(inviter)).toEqual([]);
    expect(await referralPage(inviter)).toMatchObject({
      bonus_pagos_mes: 0,
      bonus_limite_mes: 20,
      items: [],
    });

    // Each proves its own phone, all at the same time.
    await Promise.all(friends.map((friend) => provePhone(t, friend.id)));
    expect(await bonusesOf(inviter)).toHaveLength(REFERRAL_BONUSES_PER_MONTH);
    expect(await balanceOf(inviter)).toBe(10_000 + REFERRAL_BONUSES_PER_MONTH * REFERRAL_BONUS_CENTIS);
    expect(await referralPage(inviter)).toMatchObject({ bonus_pagos_mes: 20, bonus_limite_mes: 20 });
    // The five beyond the cap joined and are never paid, this month or later.
    expect(await statusCounts(inviter)).toEqual({ bonus_paid: 20, joined: 5 });

    // A new month counts from zero; what was refused stays refused.
    await db()
      .updateTable('indicacoes')
      .set({ bonus_pago_em: lastMonthInHaiti })
      .where('inviter_id', '=', inviter.id)
      .where('bonus_pago_em', 'is not', null)
      .execute();
    expect(await referralPage(inviter)).toMatchObject({ bonus_pagos_mes: 0, bonus_limite_mes: 20 });
    expect(await bonusesOf(inviter)).toHaveLength(20);
  });

  it('pays nothing while the phone is unproven, however often the e-mail is confirmed', async () => {
    const inviter = await seedUser(t);
    const friend = await signUp({ codigo_indicacao: await codeOf(inviter) });
    expect((await confirm(friend)).statusCode).toBe(200);
    expect(await bonusesOf(inviter)).toEqual([]);
    await provePhone(t, friend.id);
    expect(await bonusesOf(inviter)).toHaveLength(1);
  });

  it('does not pass the cap when the last confirmations arrive at the same time', async () => {
    const inviter = await seedUser(t);
    // 19 bonuses already paid this month, and one last month that does not count.
    for (let i = 0; i < REFERRAL_BONUSES_PER_MONTH; i += 1) {
      const earlier = await seedUser(t);
      await db()
        .transaction()
        .execute(async (trx) => {
          const { movimentacaoId } = await ledger.issue(trx, {
            userId: inviter.id,
            amountCentis: REFERRAL_BONUS_CENTIS,
            kind: 'bonus',
          });
          await trx
            .insertInto('indicacoes')
            .values({
              inviter_id: inviter.id,
              nome: 'Zanmi',
              origem: 'link',
              convidado_id: earlier.id,
              bonus_pago_em: i === 0 ? lastMonthInHaiti : sql<Date>`now()`,
              movimentacao_id: movimentacaoId,
            })
            .execute();
        });
    }
    expect(await referralPage(inviter)).toMatchObject({ bonus_pagos_mes: 19 });

    const friends = [];
    for (let i = 0; i < 3; i += 1) {
      const friend = await signUp({ codigo_indicacao: await codeOf(inviter) });
      await provePhone(t, friend.id);
      friends.push(friend);
    }
    const answers = await Promise.all(friends.map(confirm));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await bonusesOf(inviter)).toHaveLength(21);
    expect(await referralPage(inviter)).toMatchObject({ bonus_pagos_mes: 20, bonus_limite_mes: 20 });
    expect(await statusCounts(inviter)).toEqual({ bonus_paid: 21, joined: 2 });
  });

  describe.each([
    ['its record of seen identities kept', false],
    ['its record of seen identities lost', true],
  ])('with %s', (_what, forgetSeen) => {
    /** As if the record of seen identities had missed this account: only the rewarded ones remain. */
    const maybeForget = async (user: { id: string }) => {
      if (forgetSeen) await db().deleteFrom('identidades_vistas').where('user_id', '=', user.id).execute();
    };

    it('a phone that earned a bonus earns nothing again once its account moved to another number', async () => {
      const [first, second] = [await seedUser(t), await seedUser(t)];
      const earner = await fullyProvenFriend(first);
      expect(await bonusesOf(first)).toHaveLength(1);

      // The earner moves to a new number (the phone change's final step): the old one is free.
      await db()
        .updateTable('usuarios')
        .set({ telefone: newPerson().telefone })
        .where('id', '=', earner.id)
        .execute();
      await maybeForget(earner);
      const again = await fullyProvenFriend(second, { telefone: earner.telefone });
      expect(again.telefone).toBe(earner.telefone);
      expect(await bonusesOf(second)).toEqual([]);
      expect(await statusCounts(second)).toEqual({ joined: 1 });
    });

    it('a NIF that earned a bonus earns nothing again after its account is gone', async () => {
      const [first, second] = [await seedUser(t), await seedUser(t)];
      const earner = await fullyProvenFriend(first);
      expect(await bonusesOf(first)).toHaveLength(1);

      // What deleting the account leaves: its NIF, phone and e-mail free, its seen identities
      // without an owner (identidades_vistas' on delete set null).
      const other = newPerson();
      await db()
        .updateTable('usuarios')
        .set({
          documento: other.documento,
          telefone: other.telefone,
          email: other.email,
          status: 'BLOQUEADO',
        })
        .where('id', '=', earner.id)
        .execute();
      await db()
        .updateTable('identidades_vistas')
        .set({ user_id: null })
        .where('user_id', '=', earner.id)
        .execute();
      if (forgetSeen) {
        await db()
          .deleteFrom('identidades_vistas')
          .where('hash', '=', identityHash({ tipo: 'nif', valor: earner.documento }))
          .execute();
      }
      await fullyProvenFriend(second, { documento: earner.documento });
      expect(await bonusesOf(second)).toEqual([]);
      expect(await statusCounts(second)).toEqual({ joined: 1 });
    });
  });

  it('spends neither identity when only one of them was rewarded before', async () => {
    const [first, second] = [await seedUser(t), await seedUser(t)];
    const earner = await fullyProvenFriend(first);
    await db()
      .updateTable('usuarios')
      .set({ telefone: newPerson().telefone })
      .where('id', '=', earner.id)
      .execute();
    await db().deleteFrom('identidades_vistas').where('user_id', '=', earner.id).execute();
    // A new NIF with the rewarded phone: no bonus, and the new NIF is not spent by the refusal.
    const refused = await fullyProvenFriend(second, { telefone: earner.telefone });
    expect(await bonusesOf(second)).toEqual([]);
    const rewarded = await db()
      .selectFrom('identidades_premiadas')
      .select('hash')
      .where('hash', '=', identityHash({ tipo: 'nif', valor: refused.documento }))
      .execute();
    expect(rewarded).toEqual([]);
  });

  it('pays nothing to an inviter who has not proven their own phone', async () => {
    const inviter = await seedUser(t, { phoneProven: false });
    await fullyProvenFriend(inviter);
    expect(await bonusesOf(inviter)).toEqual([]);
    expect(await statusCounts(inviter)).toEqual({ joined: 1 });
  });

  it('keeps the rewarded NIF and phone as hashes, never readable', async () => {
    const inviter = await seedUser(t);
    const friend = await fullyProvenFriend(inviter);
    const rows = await db()
      .selectFrom('identidades_premiadas')
      .innerJoin('indicacoes', 'indicacoes.id', 'identidades_premiadas.indicacao_id')
      .select(['identidades_premiadas.hash', 'identidades_premiadas.tipo'])
      .where('indicacoes.convidado_id', '=', friend.id)
      .orderBy('identidades_premiadas.tipo')
      .execute();
    expect(rows).toEqual([
      { hash: identityHash({ tipo: 'nif', valor: friend.documento }), tipo: 'nif' },
      { hash: identityHash({ tipo: 'telefone', valor: friend.telefone }), tipo: 'telefone' },
    ]);
    expect(JSON.stringify(rows)).not.toContain(friend.documento);
  });

  it('the database refuses a second reward of one identity', async () => {
    const inviter = await seedUser(t);
    const friend = await fullyProvenFriend(inviter);
    const [referral] = await db()
      .selectFrom('indicacoes')
      .select('id')
      .where('convidado_id', '=', friend.id)
      .execute();
    await expect(
      db()
        .insertInto('identidades_premiadas')
        .values({
          hash: identityHash({ tipo: 'nif', valor: friend.documento }),
          tipo: 'nif',
          indicacao_id: referral?.id ?? '',
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
