import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPng } from './test-support/accounts.ts';
import { type SeededUser, seedUser } from './test-support/ledger-fixtures.ts';
import { createCompanyAs, newCompanyBody, newProductBody } from './test-support/marketplace.ts';
import { operatorSession } from './test-support/operators.ts';
import { createTestApp, type TestApp } from './test-support/test-app.ts';
import { testDatabaseKind } from './test-support/test-database.ts';

// What a frozen account, by its owner or an operator, may no longer do besides sending money:
// act in its name toward others (invite friends, open a business or add to one, change the name
// and photo payers see). Each refusal is 403 account_frozen and changes nothing; what the owner
// needs to get the account back (its language, asking support, reading) still works.

describe(`a frozen account on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let compliance = '';
  beforeAll(async () => {
    t = await createTestApp();
    compliance = (await operatorSession(t, 'compliance')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  let phoneSequence = 0;
  // +50958…: a prefix no other test's numbers use.
  const friendPhone = () => {
    phoneSequence += 1;
    return `+50958${String(Date.now() % 1_000).padStart(3, '0')}${String(phoneSequence).padStart(3, '0')}`;
  };
  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const post = (u: SeededUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: auth(u), payload });
  /** The owner's "I lost my phone", or an operator's freeze for suspected fraud. */
  const freeze = async (user: SeededUser, by: 'owner' | 'operator') => {
    const res =
      by === 'owner'
        ? await t.app.inject({ method: 'POST', url: '/api/me/freeze', headers: auth(user) })
        : await t.app.inject({
            method: 'POST',
            url: `/api/admin/users/${user.id}/freeze`,
            headers: { cookie: compliance },
            payload: { motivo: 'Kont sispèk', categoria: 'fraude_suspeita' },
          });
    expect(res.statusCode).toBe(200);
  };
  const expectFrozenRefusal = (res: Awaited<ReturnType<typeof post>>) =>
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'account_frozen']);
  const userRow = (u: SeededUser) =>
    t.database.db
      .selectFrom('usuarios')
      .select(['nome_completo', 'idioma', 'profile_photo_key'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();

  describe.each(['owner', 'operator'] as const)('frozen by its %s', (by) => {
    const frozen = async () => {
      const user = await seedUser(t);
      await freeze(user, by);
      return user;
    };

    it('invites no friend: no invitation kept, no WhatsApp message sent', async () => {
      const user = await frozen();
      const phone = friendPhone();

      expectFrozenRefusal(await post(user, '/api/referrals', { nome: 'Ti Jak', telefone: phone }));

      const invitations = await t.database.db
        .selectFrom('indicacoes')
        .select('id')
        .where((eb) => eb.or([eb('inviter_id', '=', user.id), eb('telefone', '=', phone)]))
        .execute();
      expect(invitations).toEqual([]);
      const messages = await t.database.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('recipient', '=', phone)
        .execute();
      expect(messages).toEqual([]);
    });

    it('opens no business', async () => {
      const user = await frozen();

      expectFrozenRefusal(await post(user, '/api/companies', newCompanyBody()));

      const companies = await t.database.db
        .selectFrom('empresas')
        .select('id')
        .where('responsavel_id', '=', user.id)
        .execute();
      expect(companies).toEqual([]);
      const mine = await t.app.inject({ url: '/api/companies/mine', headers: auth(user) });
      expect(mine.statusCode).toBe(404);
    });

    it('adds nothing to the business it opened before, which stays as it was', async () => {
      const user = await seedUser(t);
      const company = await createCompanyAs(t, { ...user, refreshCookie: '' });
      await freeze(user, by);

      expectFrozenRefusal(await post(user, `/api/companies/${company.id}/products`, newProductBody()));

      const products = await t.database.db
        .selectFrom('produtos')
        .select('id')
        .where('empresa_id', '=', company.id)
        .execute();
      expect(products).toEqual([]);
      const mine = await t.app.inject({ url: '/api/companies/mine', headers: auth(user) });
      expect(mine.json()).toMatchObject({ id: company.id, status: 'ATIVA', product_count: 0 });
    });

    it('keeps its name and photo, and still changes its language', async () => {
      const user = await frozen();
      const before = await userRow(user);
      const profiles = join(t.dataDir, 'uploads', 'profiles');
      const filesBefore = existsSync(profiles) ? readdirSync(profiles).sort() : [];

      const renamed = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: auth(user),
        payload: { nome_completo: 'Sipò KreyolCash', idioma: 'fr' },
      });
      expectFrozenRefusal(renamed);
      const form = new FormData();
      form.append('photo', new Blob([await testPng()]), 'me.png');
      expectFrozenRefusal(
        await t.app.inject({ method: 'PUT', url: '/api/me/photo', headers: auth(user), payload: form }),
      );

      expect(await userRow(user)).toEqual(before);
      expect(existsSync(profiles) ? readdirSync(profiles).sort() : []).toEqual(filesBefore);

      // The language is the owner's own, and the name given as it is changes nothing.
      const language = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: auth(user),
        payload: { nome_completo: before.nome_completo, idioma: 'fr' },
      });
      expect(language.statusCode).toBe(200);
      expect(await userRow(user)).toEqual({ ...before, idioma: 'fr' });
    });

    it('still asks support for help and reads its invitations', async () => {
      const user = await frozen();
      const help = await post(user, '/api/support/requests', {
        assunto: 'conta_congelada',
        texto: 'Mwen pèdi telefòn mwen.',
      });
      expect(help.statusCode).toBe(201);
      const referrals = await t.app.inject({ url: '/api/referrals', headers: auth(user) });
      expect(referrals.statusCode).toBe(200);
    });
  });
});
