import { REFERRAL_BONUS_CENTIS } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extraConfirmationToken, latestEmailLinkToken, newPerson } from '../../test-support/accounts.ts';
import { checkLedger, type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { textOf } from '../../test-support/outbox-messages.ts';
import { provePhone, referralCodeOf, signUpPerson } from '../../test-support/referral-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { identityHash } from './identities.repository.ts';
import { settleReferralOnConfirmation } from './referral-bonus.ts';

describe(`the referral bonus on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    const ledger = await checkLedger(t.database.db);
    expect(ledger.balancesCentis).toBe(ledger.issuedCentis);
    expect(ledger.mismatchedUsers).toBe(0);
    expect(ledger.negativeBalances).toBe(0);
    await t.close();
  });

  const db = () => t.database.db;
  const codeOf = (user: { id: string }) => referralCodeOf(t, user);
  const signUp = (overrides: Record<string, string> = {}) => signUpPerson(t, overrides);
  const confirmWith = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
  const confirm = async (person: { email: string }) =>
    confirmWith(await latestEmailLinkToken(t, person.email));
  const balanceOf = async (user: { id: string }) =>
    (
      await db()
        .selectFrom('vw_saldos_kreyolcash')
        .select('saldo_centis')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).saldo_centis;
  const bonusesOf = (user: { id: string }) =>
    db()
      .selectFrom('kreyolcash_movimentacoes')
      .selectAll()
      .where('destinatario_id', '=', user.id)
      .where('tipo', '=', 'bonus')
      .execute();
  const referralsOf = (inviter: { id: string }) =>
    db().selectFrom('indicacoes').selectAll().where('inviter_id', '=', inviter.id).execute();
  const invite = (inviter: SeededUser, telefone: string, nome = 'Zanmi') =>
    t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { authorization: `Bearer ${inviter.accessToken}` },
      payload: { nome, telefone },
    });
  const statusesFor = async (inviter: SeededUser) =>
    (
      await t.app.inject({
        url: '/api/referrals',
        headers: { authorization: `Bearer ${inviter.accessToken}` },
      })
    )
      .json()
      .items.map((item: { status: string }) => item.status);

  it('pays the inviter ₭10 once a friend who signed up with the code has proven the phone and confirmed the e-mail', async () => {
    const inviter = await seedUser(t);
    const friend = await signUp({ codigo_indicacao: ` ${(await codeOf(inviter)).toLowerCase()} ` });
    const row = await db()
      .selectFrom('usuarios')
      .selectAll()
      .where('id', '=', friend.id)
      .executeTakeFirstOrThrow();
    expect(row.indicado_por).toBe(inviter.id);
    expect(await bonusesOf(inviter)).toEqual([]);

    // The e-mail alone is not enough: the bonus waits for the phone.
    expect((await confirm(friend)).statusCode).toBe(200);
    expect(await bonusesOf(inviter)).toEqual([]);
    expect(await statusesFor(inviter)).toEqual([]);
    await provePhone(t, friend.id);
    expect(await balanceOf(inviter)).toBe(10_000 + REFERRAL_BONUS_CENTIS);
    const [bonus] = await bonusesOf(inviter);
    expect(bonus).toMatchObject({ remetente_id: null, quantidade_centis: 1000, status: 'concluida' });
    expect(bonus?.observacoes).toContain(friend.nome_completo.split(' ')[0]);
    const [referral] = await referralsOf(inviter);
    expect(referral).toMatchObject({
      origem: 'link',
      telefone: null,
      nome: 'Marie',
      convidado_id: friend.id,
      movimentacao_id: bonus?.id,
    });
    expect(await statusesFor(inviter)).toEqual(['bonus_paid']);

    const messages = await db()
      .selectFrom('outbox_messages')
      .selectAll()
      .where('referencia', '=', referral?.id ?? '')
      .orderBy('id')
      .execute();
    expect(messages.map((m) => [m.purpose, m.recipient])).toEqual([
      ['referral_bonus', inviter.telefone],
      ['referral_welcome', friend.telefone],
    ]);
    const [toInviter, toFriend] = messages.map(textOf);
    expect(toInviter).toBe(
      'KreyolCash: Marie konfime kont li gras a envitasyon ou a. Ou resevwa ₭ 10,00 bonis! Mèsi paske w pataje KreyolCash.',
    );
    expect(toFriend).toBe(
      `KreyolCash: byenvini! Ou antre gras a envitasyon ${inviter.nome.split(' ')[0]}, ki resevwa ₭ 10,00 bonis pou sa. Mèsi!`,
    );
  });

  it('pays the friend who invited the phone on WhatsApp, even without the code', async () => {
    const inviter = await seedUser(t);
    const person = newPerson();
    expect((await invite(inviter, person.telefone, 'Mari')).statusCode).toBe(201);
    expect(await statusesFor(inviter)).toEqual(['sent']);

    const friend = await signUp(person);
    // The phone first this time: the e-mail confirmation then pays.
    await provePhone(t, friend.id);
    expect(await statusesFor(inviter)).toEqual(['sent']);
    await confirm(friend);
    expect(await balanceOf(inviter)).toBe(10_000 + REFERRAL_BONUS_CENTIS);
    expect(await referralsOf(inviter)).toMatchObject([
      { origem: 'whatsapp', nome: 'Mari', convidado_id: friend.id },
    ]);
    expect(await statusesFor(inviter)).toEqual(['bonus_paid']);
  });

  it('pays only the first friend who invited a phone', async () => {
    const [first, second] = [await seedUser(t), await seedUser(t)];
    const person = newPerson();
    await invite(first, person.telefone);
    await invite(second, person.telefone);
    const friend = await signUp(person);
    await provePhone(t, friend.id);
    await confirm(friend);
    expect(await bonusesOf(first)).toHaveLength(1);
    expect(await bonusesOf(second)).toEqual([]);
    expect(await statusesFor(second)).toEqual(['sent']);
  });

  it('pays the owner of the code rather than another friend who invited the phone', async () => {
    const [owner, other] = [await seedUser(t), await seedUser(t)];
    const person = newPerson();
    await invite(other, person.telefone);
    const friend = await signUp({ ...person, codigo_indicacao: await codeOf(owner) });
    await provePhone(t, friend.id);
    await confirm(friend);
    expect(await bonusesOf(owner)).toHaveLength(1);
    expect(await bonusesOf(other)).toEqual([]);
  });

  it('ignores an unknown code: the sign-up goes through and nobody is paid', async () => {
    const friend = await signUp({ codigo_indicacao: 'NOBODY99' });
    const row = await db()
      .selectFrom('usuarios')
      .selectAll()
      .where('id', '=', friend.id)
      .executeTakeFirstOrThrow();
    expect(row.indicado_por).toBeNull();
    await provePhone(t, friend.id);
    expect((await confirm(friend)).statusCode).toBe(200);
    const paid = await db()
      .selectFrom('indicacoes')
      .select('id')
      .where('convidado_id', '=', friend.id)
      .execute();
    expect(paid).toEqual([]);
  });

  it('pays once when the confirmation link is used again', async () => {
    const inviter = await seedUser(t);
    const friend = await signUp({ codigo_indicacao: await codeOf(inviter) });
    await provePhone(t, friend.id);
    const token = await latestEmailLinkToken(t, friend.email);
    expect((await confirmWith(token)).statusCode).toBe(200);
    const replay = await confirmWith(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('invalid_confirmation_link');
    expect(await bonusesOf(inviter)).toHaveLength(1);
  });

  it('pays once when two valid links of the same person are used at the same time', async () => {
    const inviter = await seedUser(t);
    const friend = await signUp({ codigo_indicacao: await codeOf(inviter) });
    await provePhone(t, friend.id);
    const second = await extraConfirmationToken(t, friend.id);
    const answers = await Promise.all([
      confirmWith(await latestEmailLinkToken(t, friend.email)),
      confirmWith(second),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await bonusesOf(inviter)).toHaveLength(1);
    expect(await balanceOf(inviter)).toBe(10_000 + REFERRAL_BONUS_CENTIS);
  });

  it('settles a person once even if asked twice', async () => {
    const inviter = await seedUser(t);
    const friend = await signUp({ codigo_indicacao: await codeOf(inviter) });
    await provePhone(t, friend.id);
    await db()
      .updateTable('usuarios')
      .set({ email_confirmado_em: new Date() })
      .where('id', '=', friend.id)
      .execute();
    await db()
      .transaction()
      .execute(async (trx) => {
        await settleReferralOnConfirmation(trx, friend.id);
        await settleReferralOnConfirmation(trx, friend.id);
      });
    expect(await bonusesOf(inviter)).toHaveLength(1);
  });

  it.each([
    ['NIF', 'nif' as const, (p: ReturnType<typeof newPerson>) => p.documento],
    ['e-mail', 'email' as const, (p: ReturnType<typeof newPerson>) => p.email],
    ['phone', 'telefone' as const, (p: ReturnType<typeof newPerson>) => p.telefone],
  ])('pays nothing for a person whose %s had an account before', async (_what, tipo, identityOf) => {
    const inviter = await seedUser(t);
    const person = newPerson({ codigo_indicacao: await codeOf(inviter) });
    // An account that had this identity and is gone: its hash stays, without an owner.
    await sql`insert into identidades_vistas (hash, tipo, user_id)
              values (${identityHash({ tipo, valor: identityOf(person) })}, ${tipo}, null)`.execute(db());
    const friend = await signUp(person);
    await provePhone(t, friend.id);
    expect((await confirm(friend)).statusCode).toBe(200);
    expect(await bonusesOf(inviter)).toEqual([]);
    expect(await statusesFor(inviter)).toEqual(['joined']);
  });

  it('pays nothing to an inviter whose account is no longer active', async () => {
    const inviter = await seedUser(t);
    const friend = await signUp({ codigo_indicacao: await codeOf(inviter) });
    await db().updateTable('usuarios').set({ status: 'BLOQUEADO' }).where('id', '=', inviter.id).execute();
    await provePhone(t, friend.id);
    await confirm(friend);
    expect(await bonusesOf(inviter)).toEqual([]);
  });

  it('remembers the identities of every new account', async () => {
    const friend = await signUp();
    const rows = await db()
      .selectFrom('identidades_vistas')
      .selectAll()
      .where('user_id', '=', friend.id)
      .execute();
    expect(rows.map((r) => r.tipo).sort()).toEqual(['email', 'nif', 'telefone']);
    expect(JSON.stringify(rows)).not.toContain(friend.documento);
  });

  describe('the database itself', () => {
    it('refuses a referral of oneself', async () => {
      const user = await seedUser(t);
      await expect(
        db()
          .insertInto('indicacoes')
          .values({ inviter_id: user.id, nome: 'Mwen', origem: 'link', convidado_id: user.id })
          .execute(),
      ).rejects.toMatchObject({ code: '23514' });
      await expect(
        db().updateTable('usuarios').set({ indicado_por: user.id }).where('id', '=', user.id).execute(),
      ).rejects.toMatchObject({ code: '23514' });
    });

    it('refuses a second referral of the same person', async () => {
      const [a, b, person] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const referral = (inviter: SeededUser) =>
        db()
          .insertInto('indicacoes')
          .values({ inviter_id: inviter.id, nome: 'Zanmi', origem: 'link', convidado_id: person.id })
          .execute();
      await referral(a);
      await expect(referral(b)).rejects.toMatchObject({ code: '23505' });
    });
  });
});
