import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { textOf } from '../../test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

const REFERRAL_CODE = /^[A-HJ-NP-Z2-9]{8}$/;

describe(`referral invitations on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://kreyolcash.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  let phoneSequence = 0;
  const friendPhone = () => {
    phoneSequence += 1;
    return `+50955${String(Date.now() % 1_000).padStart(3, '0')}${String(phoneSequence).padStart(3, '0')}`;
  };
  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const invite = (u: SeededUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/referrals', headers: auth(u), payload });
  const list = async (u: SeededUser, query = '') =>
    (await t.app.inject({ url: `/api/referrals${query}`, headers: auth(u) })).json();

  it('stores the invitation and queues the WhatsApp message with the name, the bonus and the link', async () => {
    const inviter = await seedUser(t);
    const phone = friendPhone();
    const res = await invite(inviter, {
      nome: '  Ti Jak ',
      telefone: ` ${phone.slice(4, 8)} ${phone.slice(8)} `,
    });
    expect(res.statusCode).toBe(201);
    const referral = res.json();
    expect(referral).toEqual({
      id: expect.any(String),
      nome: 'Ti Jak',
      telefone: phone,
      criado_em: expect.any(String),
      status: 'sent',
    });

    const { codigo_indicacao } = await list(inviter);
    const message = await t.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('referencia', '=', referral.id)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ channel: 'whatsapp', recipient: phone, purpose: 'referral_invitation' });
    // The friend has no account: the message is in the inviter's language (Creole here).
    expect(message).toMatchObject({ template: 'referral_invitation', idioma: 'ht' });
    expect(textOf(message)).toBe(
      [
        `Bonjou Ti Jak! ${inviter.nome} envite w sou KreyolCash, bous dijital an Kreyòl la.`,
        `Enskri, epi konfime imèl ou ak nimewo telefòn ou: ou resevwa ₭ 100,00 kado, e ${inviter.nome} ap resevwa ₭ 10,00 bonis.`,
        `https://kreyolcash.example/register?ref=${codigo_indicacao}`,
      ].join('\n'),
    );
  });

  it("writes to a friend who has no account yet in the inviter's language", async () => {
    const inviter = await seedUser(t);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: auth(inviter),
      payload: { idioma: 'fr' },
    });
    const referral = (await invite(inviter, { nome: 'Ti Jak', telefone: friendPhone() })).json();
    const message = await t.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('referencia', '=', referral.id)
      .executeTakeFirstOrThrow();
    expect(message.idioma).toBe('fr');
    expect(textOf(message)).toMatch(
      new RegExp(
        `^Bonjour Ti Jak ! ${inviter.nome} vous invite sur KreyolCash, .*\\n.*₭ 100,00 en cadeau, .*₭ 10,00 de bonus\\.\\nhttps://kreyolcash\\.example/register\\?ref=`,
      ),
    );
  });

  it("lists the caller's invitations newest first with the referral code and link", async () => {
    const inviter = await seedUser(t);
    const phones = [friendPhone(), friendPhone(), friendPhone()];
    for (const [i, telefone] of phones.entries()) await invite(inviter, { nome: `Zanmi ${i}`, telefone });

    const page = await list(inviter);
    expect(page.codigo_indicacao).toMatch(REFERRAL_CODE);
    expect(page.link).toBe(`https://kreyolcash.example/register?ref=${page.codigo_indicacao}`);
    expect(page.items.map((r: { nome: string }) => r.nome)).toEqual(['Zanmi 2', 'Zanmi 1', 'Zanmi 0']);
    expect(page.items.every((r: { status: string }) => r.status === 'sent')).toBe(true);
    expect(page.next_cursor).toBeNull();
    // This month's bonuses against the monthly cap (none paid yet).
    expect(page).toMatchObject({ bonus_pagos_mes: 0, bonus_limite_mes: 20 });

    const first = await list(inviter, '?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await list(inviter, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((r: { nome: string }) => r.nome)).toEqual(['Zanmi 0']);
    expect(second.next_cursor).toBeNull();
  });

  it('gives every user a stable referral code of their own', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const codeOfA = (await list(a)).codigo_indicacao;
    expect((await list(a)).codigo_indicacao).toBe(codeOfA);
    expect((await list(b)).codigo_indicacao).not.toBe(codeOfA);
  });

  it("shows nobody else's invitations", async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    await invite(a, { nome: 'Sekrè', telefone: friendPhone() });
    expect((await list(b)).items).toEqual([]);
  });

  it('keeps one invitation per friend phone: inviting again refreshes it', async () => {
    const inviter = await seedUser(t);
    const telefone = friendPhone();
    const first = (await invite(inviter, { nome: 'Jak', telefone })).json();
    const again = (await invite(inviter, { nome: 'Jak Pyè', telefone })).json();
    expect(again.id).toBe(first.id);
    expect((await list(inviter)).items).toMatchObject([{ id: first.id, nome: 'Jak Pyè' }]);
    const messages = await t.database.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('referencia', '=', first.id)
      .execute();
    expect(messages).toHaveLength(2);
  });

  it.each([
    [{ nome: '  ', telefone: '+50937001234' }, { nome: 'fill_all_fields' }],
    [{ nome: 'Jak', telefone: ' ' }, { telefone: 'fill_all_fields' }],
    [{}, { nome: 'fill_all_fields', telefone: 'fill_all_fields' }],
  ])('refuses %j with fill_all_fields', async (payload, fields) => {
    const res = await invite(await seedUser(t), payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'fill_all_fields', fields });
  });

  it("refuses the inviter's own phone with referral_self", async () => {
    const inviter = await seedUser(t);
    const res = await invite(inviter, { nome: 'Mwen', telefone: inviter.telefone.slice(4) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'referral_self', fields: { telefone: 'referral_self' } });
    expect((await list(inviter)).items).toEqual([]);
  });

  it('refuses a phone that already has an account with referral_already_registered', async () => {
    const [inviter, member] = [await seedUser(t), await seedUser(t)];
    const res = await invite(inviter, { nome: 'Manm', telefone: member.telefone });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('referral_already_registered');
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/referrals' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      payload: { nome: 'A', telefone: '1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('limits invitations to 20 a day per user', async () => {
    const inviter = await seedUser(t);
    for (let i = 0; i < 20; i++) {
      expect((await invite(inviter, { nome: `Zanmi ${i}`, telefone: friendPhone() })).statusCode).toBe(201);
    }
    const res = await invite(inviter, { nome: 'Youn twòp', telefone: friendPhone() });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
  });
});
