import { randomUUID } from 'node:crypto';
import { MAX_CODE_ATTEMPTS, REFERRAL_BONUS_CENTIS } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConfirmedUser,
  latestEmailLinkToken,
  newPerson,
  postSignup,
  type SignedInUser,
  signupForm,
  TEST_PASSWORD,
} from '../../test-support/accounts.ts';
import { checkLedger, type SeededUser, seedUser } from '../../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../../test-support/marketplace.ts';
import { codeIn, MESSAGE_CONTENT } from '../../test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// The sign-up phone is proven by a WhatsApp code before the account may send,
// buy, invite or earn a referral bonus.
describe(`phone proof on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    const ledger = await checkLedger(t.database.db);
    expect(ledger.balancesCentis).toBe(ledger.issuedCentis);
    expect(ledger.mismatchedUsers).toBe(0);
    await t.close();
  });

  type Who = { id: string; accessToken: string };
  const auth = (u: Who) => ({ authorization: `Bearer ${u.accessToken}` });
  const send = (u: Who, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: '/api/me/phone-proof', headers: auth(u), payload });
  const verify = (u: Who, codigo: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/phone-proof/verify',
      headers: auth(u),
      payload: { codigo },
    });
  const state = async (u: Who) =>
    (await t.app.inject({ url: '/api/me/phone-proof', headers: auth(u) })).json();
  const me = async (u: Who) => (await t.app.inject({ url: '/api/me', headers: auth(u) })).json();
  const row = (u: Who) =>
    t.database.db.selectFrom('usuarios').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
  /** The newest proof code, as the phone's owner reads it on WhatsApp. */
  const codeSentTo = async (telefone: string) => {
    const message = await t.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', ...MESSAGE_CONTENT])
      .where('recipient', '=', telefone)
      .where('purpose', '=', 'phone_proof_code')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return codeIn(message);
  };
  const proofMessagesTo = async (telefone: string) =>
    (
      await t.database.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('recipient', '=', telefone)
        .where('purpose', '=', 'phone_proof_code')
        .execute()
    ).length;
  const wrong = (code: string) => (code === '999999' ? '100000' : '999999');
  const unproven = () => seedUser(t, { phoneProven: false });
  let phoneSequence = 0;
  const freshPhone = () => {
    phoneSequence += 1;
    return `+5094${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneSequence).padStart(3, '0')}`;
  };

  it('says in GET /api/me and the login answer whether the phone is proven', async () => {
    const person = await createConfirmedUser(t, {}, { phoneProven: false });
    expect((await me(person)).telefone_verificado).toBe(false);
    const row0 = await row(person);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.telefone_verificado).toBe(false);
    await send(person);
    expect((await verify(person, await codeSentTo(row0.telefone))).json().telefone_verificado).toBe(true);
    expect((await me(person)).telefone_verificado).toBe(true);
  });

  it('sends a 6-digit code to the sign-up phone; the right code proves it once', async () => {
    const u = await unproven();
    expect(await state(u)).toEqual({ telefone: u.telefone, telefone_verificado: false, codigo: null });
    const sent = await send(u);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({
      telefone: u.telefone,
      telefone_verificado: false,
      codigo: { tentativas_restantes: MAX_CODE_ATTEMPTS },
    });
    expect(sent.body).not.toContain(await codeSentTo(u.telefone));
    expect((await state(u)).codigo).toMatchObject({ tentativas_restantes: MAX_CODE_ATTEMPTS });

    const code = await codeSentTo(u.telefone);
    const bad = await verify(u, wrong(code));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatchObject({ code: 'invalid_codes', details: { tentativas_restantes: 2 } });
    expect((await row(u)).telefone_verificado_em).toBeNull();

    const ok = await verify(u, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: u.id, telefone_verificado: true });
    expect((await row(u)).telefone_verificado_em).not.toBeNull();
    // Proven: nothing left to send or prove.
    expect((await send(u)).json().error.code).toBe('phone_already_verified');
    expect((await verify(u, code)).json().error.code).toBe('phone_already_verified');
    expect(await state(u)).toEqual({ telefone: u.telefone, telefone_verificado: true, codigo: null });
  });

  it('refuses a code with no code sent, a malformed one, and a resent code makes the older one worthless', async () => {
    const u = await unproven();
    const none = await verify(u, '123456');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('phone_proof_not_pending');
    expect((await verify(u, '12a456')).statusCode).toBe(422);

    await send(u);
    const first = await codeSentTo(u.telefone);
    await send(u);
    const second = await codeSentTo(u.telefone);
    expect(await proofMessagesTo(u.telefone)).toBe(2);
    if (first !== second) {
      expect((await verify(u, first)).json().error.code).toBe('invalid_codes');
    }
    expect((await verify(u, second)).statusCode).toBe(200);
  });

  it('ends a code after 3 wrong attempts or at its expiry; a new code can then be asked for', async () => {
    const u = await unproven();
    await send(u);
    const code = await codeSentTo(u.telefone);
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) expect((await verify(u, wrong(code))).statusCode).toBe(422);
    const last = await verify(u, wrong(code));
    expect(last.json().error.code).toBe('code_attempts_exceeded');
    expect((await verify(u, code)).json().error.code).toBe('code_attempts_exceeded');
    expect((await state(u)).codigo).toBeNull();

    await send(u);
    await sql`update codigos_verificacao set expira_em = now() - interval '1 second'
               where user_id = ${u.id} and finalidade = 'telefone_cadastro'`.execute(t.database.db);
    expect((await verify(u, await codeSentTo(u.telefone))).json().error.code).toBe('code_expired');
    expect((await state(u)).codigo).toBeNull();

    await send(u);
    expect((await verify(u, await codeSentTo(u.telefone))).statusCode).toBe(200);
  });

  it('lets a mistyped number be corrected before it is proven, never to a number another account holds', async () => {
    const u = await unproven();
    const other = await seedUser(t);
    await send(u);
    const oldCode = await codeSentTo(u.telefone);

    const taken = await send(u, { telefone: other.telefone });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'phone_already_exists',
      details: { nome: 'Jean' },
      fields: { telefone: 'phone_already_exists' },
    });
    expect((await row(u)).telefone).toBe(u.telefone);

    const invalid = await send(u, { telefone: '123' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().error).toMatchObject({
      code: 'phone_invalid',
      fields: { telefone: 'phone_invalid' },
    });
    expect((await row(u)).telefone).toBe(u.telefone);

    const corrected = freshPhone();
    const res = await send(u, { telefone: corrected });
    expect(res.statusCode).toBe(202);
    expect(res.json().telefone).toBe(corrected);
    expect((await me(u)).telefone).toBe(corrected);
    // The code sent to the mistyped number proves nothing now.
    const newCode = await codeSentTo(corrected);
    if (newCode !== oldCode) expect((await verify(u, oldCode)).json().error.code).toBe('invalid_codes');
    expect((await verify(u, newCode)).statusCode).toBe(200);
    expect((await row(u)).telefone).toBe(corrected);
    // Once proven, the number changes only through the two-step phone change.
    expect((await send(u, { telefone: freshPhone() })).json().error.code).toBe('phone_already_verified');
    expect((await row(u)).telefone).toBe(corrected);
  });

  it('limits the codes asked for per account (429), sending nothing more', async () => {
    const u = await unproven();
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await send(u)).statusCode);
    expect(answers.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(answers.slice(5)).toEqual([429, 429]);
    expect(await proofMessagesTo(u.telefone)).toBe(5);
  });

  it('proves the phone exactly once when the right code arrives in parallel', async () => {
    const u = await unproven();
    await send(u);
    const code = await codeSentTo(u.telefone);
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(u, code)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().error.code).toBe('phone_already_verified');
    }
    const used = await t.database.db
      .selectFrom('codigos_verificacao')
      .select(['usado_em', 'tentativas'])
      .where('user_id', '=', u.id)
      .where('finalidade', '=', 'telefone_cadastro')
      .executeTakeFirstOrThrow();
    expect(used.usado_em).not.toBeNull();
    expect(used.tentativas).toBe(0);
  });

  describe('until the phone is proven', () => {
    const walletOf = async (u: Who) =>
      (await t.app.inject({ url: '/api/wallet', headers: auth(u) })).json().saldo_centis as number;
    const movementsOf = async (u: Who) =>
      (
        await t.database.db
          .selectFrom('kreyolcash_movimentacoes')
          .select('id')
          .where('remetente_id', '=', u.id)
          .execute()
      ).length;

    it('refuses to send money (403 phone_not_verified), holding nothing; once proven it sends', async () => {
      const payer = await unproven();
      const payee = await seedUser(t);
      const before = await walletOf(payer);
      // One key for both attempts: a refusal that did nothing leaves the key free for the retry.
      const key = randomUUID();
      const transfer = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/transfers',
          headers: { ...auth(payer), 'idempotency-key': key },
          payload: { destinatario_email: payee.email, quantidade_centis: 500 },
        });
      const refused = await transfer();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('phone_not_verified');
      expect(await walletOf(payer)).toBe(before);
      expect(await movementsOf(payer)).toBe(0);

      await send(payer);
      await verify(payer, await codeSentTo(payer.telefone));
      const sent = await transfer();
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ status: 'pendente' });
    });

    it('refuses to buy (403 phone_not_verified), holding no money and no stock', async () => {
      const seller = await seedUser(t);
      const asOwner = (u: SeededUser): SignedInUser => ({ ...u, refreshCookie: '' });
      const empresa = await createCompanyAs(t, asOwner(seller));
      const produto = await createProductAs(t, asOwner(seller), empresa.id, {
        preco_centis: 250,
        estoque: 5,
      });
      const buyer = await unproven();
      const before = await walletOf(buyer);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: { ...auth(buyer), 'idempotency-key': randomUUID() },
        payload: { produto_id: produto.id, quantidade: 1 },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('phone_not_verified');
      expect(await walletOf(buyer)).toBe(before);
      expect(await movementsOf(buyer)).toBe(0);
      const stock = await t.database.db
        .selectFrom('produtos')
        .select(['estoque', 'estoque_reservado'])
        .where('id', '=', produto.id)
        .executeTakeFirstOrThrow();
      expect(stock).toEqual({ estoque: 5, estoque_reservado: 0 });
      expect(
        await t.database.db.selectFrom('vendas').select('id').where('comprador_id', '=', buyer.id).execute(),
      ).toEqual([]);
    });

    it('refuses to invite a friend (403 phone_not_verified), sending nothing', async () => {
      const inviter = await unproven();
      const friendPhone = freshPhone();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/referrals',
        headers: auth(inviter),
        payload: { nome: 'Zanmi', telefone: friendPhone },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('phone_not_verified');
      expect(
        await t.database.db
          .selectFrom('indicacoes')
          .select('id')
          .where('inviter_id', '=', inviter.id)
          .execute(),
      ).toEqual([]);
      expect(
        await t.database.db
          .selectFrom('outbox_messages')
          .select('id')
          .where('recipient', '=', friendPhone)
          .execute(),
      ).toEqual([]);
    });

    it('signs in, and an invited friend has earned their inviter the bonus once both e-mail and phone are proven', async () => {
      const inviter = await seedUser(t);
      const { codigo_indicacao } = await t.database.db
        .selectFrom('usuarios')
        .select('codigo_indicacao')
        .where('id', '=', inviter.id)
        .executeTakeFirstOrThrow();
      const person = newPerson({ codigo_indicacao });
      expect((await postSignup(t, await signupForm(person))).statusCode).toBe(201);
      const token = await latestEmailLinkToken(t, person.email);
      await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: person.email, password: person.password },
      });
      expect(login.statusCode).toBe(200);
      const friend = { id: login.json().user.id as string, accessToken: login.json().access_token as string };
      await send(friend);
      expect((await verify(friend, await codeSentTo(person.telefone))).statusCode).toBe(200);
      const bonuses = await t.database.db
        .selectFrom('kreyolcash_movimentacoes')
        .select('quantidade_centis')
        .where('destinatario_id', '=', inviter.id)
        .where('tipo', '=', 'bonus')
        .execute();
      expect(bonuses).toEqual([{ quantidade_centis: REFERRAL_BONUS_CENTIS }]);
    });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths['/api/me/phone-proof'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(doc.paths['/api/me/phone-proof/verify'].post).toBeDefined();
    const { $ref } = doc.paths['/api/me'].get.responses['200'].content['application/json'].schema;
    expect($ref).toBe('#/components/schemas/Me');
    expect(doc.components.schemas.Me.properties.telefone_verificado).toMatchObject({ type: 'boolean' });
  });
});
