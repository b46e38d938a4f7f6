import { randomUUID } from 'node:crypto';
import { PAYEE_LOOKUP_DAILY_DISTINCT_LIMIT, RECENT_PAYEES_LIMIT } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLedger,
  codeForMovement,
  type SeededUser,
  seedUser,
} from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

// Pay by phone: the lookup and the transfer take a phone in any spelling, answer
// only proven accounts, count distinct lookups per day, and the recent payees pay again by id.
describe(`pay by phone on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).mismatchedUsers).toBe(0);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const lookup = (u: SeededUser, query: string) =>
    t.app.inject({ url: `/api/users/lookup?${query}`, headers: auth(u) });
  const byPhone = (u: SeededUser, telefone: string) => lookup(u, `telefone=${encodeURIComponent(telefone)}`);
  const send = (from: SeededUser, payee: object, quantidade_centis = 300) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...auth(from), 'idempotency-key': randomUUID() },
      payload: { ...payee, quantidade_centis },
    });
  const wallet = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/wallet', headers: auth(u) })).json();
  const recent = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/transfers/recent-payees', headers: auth(u) })).json().items;
  const setProven = (u: SeededUser, proven: boolean) =>
    t.database.db
      .updateTable('usuarios')
      .set({ telefone_verificado_em: proven ? new Date() : null })
      .where('id', '=', u.id)
      .execute();
  /** Two accounts with proven phones (the payer too, whatever the phone-proof gate asks). */
  const provenPair = async () => {
    const [payer, payee] = [await seedUser(t), await seedUser(t)];
    await setProven(payer, true);
    await setProven(payee, true);
    return [payer, payee] as const;
  };
  /** `+50937123456` as people write it: `+509 3712-3456`, `37123456`, `50937123456`. */
  const spellingsOf = (e164: string) => {
    const local = e164.slice(4);
    return [`+509 ${local.slice(0, 4)}-${local.slice(4)}`, local, e164.slice(1)];
  };
  const payAndPost = async (from: SeededUser, payee: object, centis: number) => {
    const held = await send(from, payee, centis);
    expect(held.statusCode).toBe(201);
    const id = held.json().movimentacao_id as string;
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/verify`,
      headers: auth(from),
      payload: { codigo: await codeForMovement(t, id) },
    });
    expect(posted.statusCode).toBe(200);
  };

  it('finds a proven account by its phone in every spelling, with name and photo but not its e-mail', async () => {
    const [payer, payee] = await provenPair();
    for (const spelling of spellingsOf(payee.telefone)) {
      const found = await byPhone(payer, spelling);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual({
        id: payee.id,
        nome_completo: payee.nome,
        email: null,
        telefone: payee.telefone,
        profile_photo_url: null,
      });
    }
  });

  it('does not find an account whose phone is not proven, nor pay it, by phone, e-mail or id', async () => {
    const [payer, payee] = await provenPair();
    await setProven(payee, false);
    for (const found of [await byPhone(payer, payee.telefone), await lookup(payer, `email=${payee.email}`)]) {
      expect([found.statusCode, found.json().error.code]).toEqual([404, 'user_not_found']);
    }
    for (const named of [
      { destinatario_telefone: payee.telefone },
      { destinatario_email: payee.email },
      { destinatario_id: payee.id },
    ]) {
      const sent = await send(payer, named);
      expect([sent.statusCode, sent.json().error.code]).toEqual([404, 'user_not_found']);
    }
    expect((await wallet(payer)).reservado_centis).toBe(0);
    // Proven, the same number and e-mail are found.
    await setProven(payee, true);
    expect((await byPhone(payer, payee.telefone)).statusCode).toBe(200);
    expect((await lookup(payer, `email=${payee.email}`)).statusCode).toBe(200);
  });

  it('answers one’s own phone with self_transfer, and a number that is no phone with phone_invalid', async () => {
    const [me] = await provenPair();
    for (const spelling of spellingsOf(me.telefone)) {
      const res = await byPhone(me, spelling);
      expect([res.statusCode, res.json().error.code]).toEqual([422, 'self_transfer']);
    }
    const sent = await send(me, { destinatario_telefone: me.telefone });
    expect([sent.statusCode, sent.json().error.code]).toEqual([422, 'self_transfer']);
    const bad = await byPhone(me, '3712345');
    expect([bad.statusCode, bad.json().error.code]).toEqual([422, 'phone_invalid']);
    const both = await lookup(me, `email=a%40b.ht&telefone=37123456`);
    expect(both.statusCode).toBe(422);
  });

  it('pays by phone (any spelling) and shows the payee among the recent ones, masked, to pay again by id', async () => {
    const [payer, payee] = await provenPair();
    const [other] = await provenPair();
    expect(await recent(payer)).toEqual([]);

    await payAndPost(payer, { destinatario_telefone: spellingsOf(payee.telefone)[0] }, 250);
    await payAndPost(payer, { destinatario_email: other.email }, 100);
    // A transfer never posted is nobody paid.
    expect((await send(payer, { destinatario_telefone: payee.telefone }, 50)).statusCode).toBe(201);

    const items = await recent(payer);
    expect(items).toEqual([
      {
        destinatario_id: other.id,
        nome_completo: other.nome,
        profile_photo_url: null,
        contato: expect.any(String),
      },
      {
        destinatario_id: payee.id,
        nome_completo: payee.nome,
        profile_photo_url: null,
        contato: expect.any(String),
      },
    ]);
    expect(items[1].contato).toBe(`+509 •••• ${payee.telefone.slice(-4)}`);
    expect(JSON.stringify(items)).not.toContain(payee.telefone);

    // One tap: the recent payee's id pays them again, and they move to the top.
    await payAndPost(payer, { destinatario_id: items[1].destinatario_id }, 150);
    expect((await recent(payer)).map((p: { destinatario_id: string }) => p.destinatario_id)).toEqual([
      payee.id,
      other.id,
    ]);
    expect((await wallet(payee)).saldo_centis).toBe(10_000 + 250 + 150);
    // The payee's own list is theirs: they paid nobody.
    expect(await recent(payee)).toEqual([]);
  });

  it(`shows the ${RECENT_PAYEES_LIMIT} people last paid, each once, the most recent first`, async () => {
    const [payer, a] = await provenPair();
    const [b, c] = await provenPair();
    const [d, e] = await provenPair();
    const [f] = await provenPair();
    for (const payee of [a, b, c, d, e, f, b, a]) await payAndPost(payer, { destinatario_id: payee.id }, 100);
    expect((await recent(payer)).map((p: { destinatario_id: string }) => p.destinatario_id)).toEqual(
      [a, b, f, e, d].map((u) => u.id),
    );
  });

  it(`allows ${PAYEE_LOOKUP_DAILY_DISTINCT_LIMIT} distinct identities a day; repeats are free; then lookup_limit_reached`, async () => {
    const [payer, payee] = await provenPair();
    const [other] = await provenPair();
    // The payee counts once however often and however spelt.
    for (const spelling of spellingsOf(payee.telefone))
      expect((await byPhone(payer, spelling)).statusCode).toBe(200);
    // Unknown numbers count too (found or not): that is what stops walking the phone book.
    for (let i = 1; i < PAYEE_LOOKUP_DAILY_DISTINCT_LIMIT; i += 1) {
      const res = await byPhone(payer, `+1305555${String(i).padStart(4, '0')}`);
      expect(res.statusCode).toBe(404);
    }
    const refused = await lookup(payer, `email=${encodeURIComponent(other.email)}`);
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'lookup_limit_reached']);
    const refusedPhone = await byPhone(payer, other.telefone);
    expect(refusedPhone.json().error.code).toBe('lookup_limit_reached');
    // Identities already looked up today still answer; another account is not affected.
    expect((await byPhone(payer, payee.telefone)).statusCode).toBe(200);
    expect((await byPhone(other, payee.telefone)).statusCode).toBe(200);
    // A day later the allowance is back.
    await sql`update consultas_destinatario set consultado_em = now() - interval '25 hours' where usuario_id = ${payer.id}`.execute(
      t.database.db,
    );
    expect((await lookup(payer, `email=${encodeURIComponent(other.email)}`)).statusCode).toBe(200);
  });

  it('is in the OpenAPI document: the phone form of the lookup and the recent payees', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const params = doc.paths['/api/users/lookup'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['email', 'telefone']));
    expect(doc.paths['/api/transfers/recent-payees'].get).toBeDefined();
    const body = doc.paths['/api/transfers'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['destinatario_email', 'destinatario_telefone', 'destinatario_id']),
    );
  });

  it('counts concurrent distinct lookups exactly: none passes the limit', async () => {
    const [payer] = await provenPair();
    const numbers = Array.from(
      { length: PAYEE_LOOKUP_DAILY_DISTINCT_LIMIT + 5 },
      (_, i) => `+1786555${String(i).padStart(4, '0')}`,
    );
    const answers = await Promise.all(numbers.map((n) => byPhone(payer, n)));
    const codes = answers.map((a) => a.json().error.code);
    expect(codes.filter((c) => c === 'user_not_found')).toHaveLength(PAYEE_LOOKUP_DAILY_DISTINCT_LIMIT);
    expect(codes.filter((c) => c === 'lookup_limit_reached')).toHaveLength(5);
    const stored = await t.database.db
      .selectFrom('consultas_destinatario')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('usuario_id', '=', payer.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(PAYEE_LOOKUP_DAILY_DISTINCT_LIMIT);
  });
});
