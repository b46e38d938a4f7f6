import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpirySweeper } from '../../ledger/ledger.ts';
import { contentOf } from '../../messaging/render.ts';
import {
  checkLedger,
  latestCodeSentTo,
  type SeededUser,
  seedUser,
} from '../../test-support/ledger-fixtures.ts';
import { queueNotices } from '../../test-support/notices.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

describe(`transfers on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).mismatchedUsers).toBe(0);
    await t.close();
  });

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const initiate = (u: SeededUser, body: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      // Every start carries its Idempotency-Key, as the web app's does (422 without one).
      headers: { ...auth(u), 'idempotency-key': key ?? randomUUID() },
      payload: body,
    });
  const verify = (u: SeededUser, id: string, codigo: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/verify`,
      headers: auth(u),
      payload: { codigo },
    });
  const cancel = (u: SeededUser, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/transfers/${id}/cancel`, headers: auth(u) });
  const wallet = async (u: SeededUser) =>
    (await t.app.inject({ url: '/api/wallet', headers: auth(u) })).json();
  const wrongCodeFor = (code: string) => (code === '999999' ? '100000' : '999999');
  const send = (from: SeededUser, to: SeededUser, quantidade_centis: number) =>
    initiate(from, { destinatario_email: to.email, quantidade_centis });

  it('sends ₭12,50 from A to B with the WhatsApp code: reserve, then post, then tell both', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const res = await initiate(a, {
      destinatario_email: ` ${b.email.toUpperCase()} `,
      quantidade_centis: 1250,
      observacoes: 'Pou mache a',
    });
    expect(res.statusCode).toBe(201);
    const { movimentacao_id, status, expira_em } = res.json();
    expect(status).toBe('pendente');
    expect(new Date(expira_em).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await wallet(a)).toEqual({ saldo_centis: 10000, reservado_centis: 1250, disponivel_centis: 8750 });

    // As the payer reads it: the row holds a template and its parameters, written out in Creole.
    const codeMessage = contentOf(
      await t.database.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('recipient', '=', a.telefone)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    );
    expect(codeMessage.text).toContain('₭ 12,50');
    expect(codeMessage.text).toContain(b.nome);
    expect(codeMessage.text).toContain('15 minit');
    expect(codeMessage.text).toContain('Pa janm bay pèsonn kòd sa a');

    const done = await verify(a, movimentacao_id, await latestCodeSentTo(t, a.telefone));
    expect(done.statusCode).toBe(200);
    expect(done.json().transaction).toMatchObject({
      id: movimentacao_id,
      type: 'sent',
      status: 'concluida',
      quantidade_centis: 1250,
      destinatario_email: b.email,
      observacoes: 'Pou mache a',
    });
    expect(await wallet(a)).toEqual({ saldo_centis: 8750, reservado_centis: 0, disponivel_centis: 8750 });
    expect(await wallet(b)).toEqual({ saldo_centis: 11250, reservado_centis: 0, disponivel_centis: 11250 });
    const toldNow = () =>
      t.database.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('purpose', '=', 'transfer_done')
        .where('referencia', '=', movimentacao_id)
        .execute();
    // Told once the posting has committed, from its ledger lines, by the outbox worker's feed.
    expect(await toldNow()).toEqual([]);
    await queueNotices(t.database.db);
    const told = (
      await t.database.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('purpose', '=', 'transfer_done')
        .where('recipient', 'in', [a.telefone, b.telefone])
        .execute()
    ).map((row) => ({ recipient: row.recipient, text: contentOf(row).text }));
    expect(told).toEqual(
      expect.arrayContaining([
        { recipient: a.telefone, text: expect.stringContaining(`ou voye ₭ 12,50 bay ${b.nome}`) },
        { recipient: b.telefone, text: expect.stringContaining(`ou resevwa ₭ 12,50 nan men ${a.nome}`) },
      ]),
    );
    const bHistory = (
      await t.app.inject({ url: '/api/wallet/transactions?type=received', headers: auth(b) })
    ).json().items;
    // Both people read both names and addresses, each on their own side.
    const people = {
      remetente_nome: a.nome,
      remetente_email: a.email,
      destinatario_nome: b.nome,
      destinatario_email: b.email,
    };
    expect(bHistory[0]).toMatchObject({ id: movimentacao_id, type: 'received', ...people });
    const aHistory = (
      await t.app.inject({ url: '/api/wallet/transactions?type=sent', headers: auth(a) })
    ).json().items;
    expect(aHistory[0]).toMatchObject({ id: movimentacao_id, type: 'sent', ...people });
  });

  it.each([
    [{ quantidade_centis: 0 }, 'invalid_amount'],
    [{ quantidade_centis: -5 }, 'invalid_amount'],
    [{ quantidade_centis: 12.5 }, 'invalid_amount'],
    [{ quantidade_centis: 10001 }, 'max_amount_error'],
    [{ destinatario_email: '' }, 'invalid_email'],
  ])('refuses %j with %s and changes nothing', async (override, code) => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const before = await checkLedger(t.database.db);
    const res = await initiate(a, { destinatario_email: b.email, quantidade_centis: 100, ...override });
    expect(res.statusCode).toBe(422);
    expect(
      res.json().error.code === code ||
        res.json().error.fields?.quantidade_centis === code ||
        res.json().error.fields?.destinatario_email === code,
    ).toBe(true);
    expect(await checkLedger(t.database.db)).toEqual(before);
  });

  it('accepts exactly ₭100,00 and refuses sending to yourself or to an unknown e-mail', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    expect((await send(a, b, 10000)).statusCode).toBe(201);
    const self = await initiate(b, { destinatario_email: b.email, quantidade_centis: 100 });
    expect(self.json().error.code).toBe('self_transfer');
    const ghost = await initiate(b, { destinatario_email: 'ghost@example.ht', quantidade_centis: 100 });
    expect([ghost.statusCode, ghost.json().error.code]).toEqual([404, 'user_not_found']);
  });

  it('reserves a pending amount so a second transfer cannot spend it', async () => {
    const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    expect((await send(a, b, 6000)).statusCode).toBe(201);
    const second = await send(a, c, 5000);
    expect(second.statusCode).toBe(422);
    expect(second.json().error).toMatchObject({
      code: 'insufficient_balance',
      message: 'Saldo insuficiente para realizar esta transferência',
    });
    expect((await send(a, c, 4000)).statusCode).toBe(201);
    expect(await wallet(a)).toEqual({ saldo_centis: 10000, reservado_centis: 10000, disponivel_centis: 0 });
  });

  it('counts wrong codes, cancels at the third and releases the reservation; then even the right code fails', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = (await send(a, b, 500)).json().movimentacao_id;
    const code = await latestCodeSentTo(t, a.telefone);
    const wrong = wrongCodeFor(code);
    const first = await verify(a, id, wrong);
    expect([first.statusCode, first.json().error.code, first.json().error.details]).toEqual([
      422,
      'invalid_codes',
      { tentativas_restantes: 2 },
    ]);
    expect((await verify(a, id, wrong)).json().error.details).toEqual({ tentativas_restantes: 1 });
    expect((await verify(a, id, wrong)).json().error.code).toBe('code_attempts_exceeded');
    expect(await wallet(a)).toEqual({ saldo_centis: 10000, reservado_centis: 0, disponivel_centis: 10000 });
    const fourth = await verify(a, id, code);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toMatchObject({
      code: 'transaction_not_pending',
      details: { status: 'cancelada' },
    });
    expect(await wallet(b)).toMatchObject({ saldo_centis: 10000 });
  });

  it('refuses the code of one transfer on another', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const first = (await send(a, b, 100)).json().movimentacao_id;
    const firstCode = await latestCodeSentTo(t, a.telefone);
    const second = (await send(a, b, 100)).json().movimentacao_id;
    const secondCode = await latestCodeSentTo(t, a.telefone);
    if (firstCode !== secondCode)
      expect((await verify(a, second, firstCode)).json().error.code).toBe('invalid_codes');
    expect((await verify(a, second, secondCode)).statusCode).toBe(200);
    expect((await verify(a, first, firstCode)).statusCode).toBe(200);
  });

  it('posts once when the right code is submitted twenty times at once', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = (await send(a, b, 700)).json().movimentacao_id;
    const code = await latestCodeSentTo(t, a.telefone);
    const results = await Promise.all(Array.from({ length: 20 }, () => verify(a, id, code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.statusCode !== 200)
        .every((r) => r.json().error.code === 'transaction_not_pending'),
    ).toBe(true);
    expect(await wallet(a)).toMatchObject({ saldo_centis: 9300, reservado_centis: 0 });
    expect(await wallet(b)).toMatchObject({ saldo_centis: 10700 });
  });

  it('hides somebody else’s transfer: verify and cancel answer 404', async () => {
    const [a, b, mallory] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const id = (await send(a, b, 100)).json().movimentacao_id;
    const code = await latestCodeSentTo(t, a.telefone);
    for (const res of [
      await verify(mallory, id, code),
      await verify(b, id, code),
      await cancel(mallory, id),
      await verify(a, 'not-a-uuid', code),
    ]) {
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'transaction_not_found']);
    }
    expect(await wallet(a)).toMatchObject({ reservado_centis: 100 });
  });

  it('cancels a pending transfer once and gives the money back', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const id = (await send(a, b, 2500)).json().movimentacao_id;
    expect((await cancel(a, id)).statusCode).toBe(200);
    expect(await wallet(a)).toEqual({ saldo_centis: 10000, reservado_centis: 0, disponivel_centis: 10000 });
    expect((await cancel(a, id)).json().error.code).toBe('transaction_not_pending');
    const row = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelada');
  });

  it('refuses an expired code and releases; the sweeper voids the other expired transfers', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const first = (await send(a, b, 300)).json().movimentacao_id;
    const code = await latestCodeSentTo(t, a.telefone);
    const second = (await send(a, b, 400)).json().movimentacao_id;
    await sql`update kreyolcash_movimentacoes set expira_em = now() - interval '1 second' where id in (${first}::uuid, ${second}::uuid)`.execute(
      t.database.db,
    );
    expect((await verify(a, first, code)).json().error.code).toBe('code_expired');
    const logged: unknown[] = [];
    const sweeper = new ExpirySweeper(t.database.db, {
      info: (o: unknown) => logged.push(o),
      error: () => {},
    } as never);
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(logged).toHaveLength(1);
    expect(await wallet(a)).toEqual({ saldo_centis: 10000, reservado_centis: 0, disponivel_centis: 10000 });
  });

  describe('Idempotency-Key', () => {
    it('returns the first answer for the same key and body, and reserves once', async () => {
      const [a, b] = [await seedUser(t), await seedUser(t)];
      const body = { destinatario_email: b.email, quantidade_centis: 1000 };
      const first = await initiate(a, body, 'key-sequential-0001');
      const replays = [];
      for (let i = 0; i < 9; i++) replays.push(await initiate(a, body, 'key-sequential-0001'));
      expect(
        replays.every(
          (r) => r.statusCode === 201 && r.json().movimentacao_id === first.json().movimentacao_id,
        ),
      ).toBe(true);
      expect(replays[0]?.headers['idempotent-replayed']).toBe('true');
      expect(await wallet(a)).toMatchObject({ reservado_centis: 1000 });
    });

    it('makes one transfer out of twenty identical requests at once', async () => {
      const [a, b] = [await seedUser(t), await seedUser(t)];
      const body = { destinatario_email: b.email, quantidade_centis: 900 };
      const results = await Promise.all(
        Array.from({ length: 20 }, () => initiate(a, body, 'key-parallel-0001')),
      );
      expect(new Set(results.map((r) => r.json().movimentacao_id)).size).toBe(1);
      expect(results.every((r) => r.statusCode === 201)).toBe(true);
      expect(await wallet(a)).toMatchObject({ reservado_centis: 900 });
    });

    it('answers a replay as its first request even when the payee can no longer be paid', async () => {
      const [a, b] = [await seedUser(t), await seedUser(t)];
      const body = { destinatario_email: b.email, quantidade_centis: 700 };
      const first = await initiate(a, body, 'key-payee-gone-01');
      expect(first.statusCode).toBe(201);
      // The payee's phone is no longer proven: nobody can start paying them now.
      await sql`update usuarios set telefone_verificado_em = null where id = ${b.id}::uuid`.execute(
        t.database.db,
      );
      const replay = await initiate(a, body, 'key-payee-gone-01');
      expect([replay.statusCode, replay.json().movimentacao_id]).toEqual([201, first.json().movimentacao_id]);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const fresh = await initiate(a, body, 'key-payee-gone-02');
      expect(fresh.json().error.code).toBe('user_not_found');
      expect(await wallet(a)).toMatchObject({ reservado_centis: 700 });
    });

    it('refuses the same key with another body, and keeps keys apart between users', async () => {
      const [a, b, c] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      await initiate(a, { destinatario_email: b.email, quantidade_centis: 100 }, 'key-shared-00001');
      const changed = await initiate(
        a,
        { destinatario_email: b.email, quantidade_centis: 200 },
        'key-shared-00001',
      );
      expect([changed.statusCode, changed.json().error.code]).toEqual([422, 'idempotency_key_reused']);
      const other = await initiate(
        c,
        { destinatario_email: b.email, quantidade_centis: 100 },
        'key-shared-00001',
      );
      expect(other.statusCode).toBe(201);
      expect(await wallet(c)).toMatchObject({ reservado_centis: 100 });
      expect(await wallet(a)).toMatchObject({ reservado_centis: 100 });
    });
  });

  it('limits new transfers (each sends a code) to 10 per payer per 15 minutes, even at once', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        initiate(a, { destinatario_email: b.email, quantidade_centis: 10 }, `key-limit-${i}-000`),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(
      results.filter((r) => r.statusCode === 429).every((r) => r.json().error.code === 'rate_limited'),
    ).toBe(true);
    const limitedKey = `key-limit-${results.findIndex((r) => r.statusCode === 429)}-000`;
    const again = await initiate(a, { destinatario_email: b.email, quantidade_centis: 10 }, limitedKey);
    // A limited answer is not stored under the key: the same key may try again later.
    expect(again.json().error.code).toBe('rate_limited');
    // A refused request reserves nothing: only the ten pending transfers hold money.
    expect(await wallet(a)).toEqual({ saldo_centis: 10000, reservado_centis: 100, disponivel_centis: 9900 });
  });

  it('finds a recipient by exact e-mail only, never yourself', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const found = await t.app.inject({
      url: `/api/users/lookup?email=${encodeURIComponent(b.email)}`,
      headers: auth(a),
    });
    expect(found.json()).toEqual({
      id: b.id,
      nome_completo: b.nome,
      email: b.email,
      telefone: null,
      profile_photo_url: null,
    });
    for (const email of [b.email.slice(0, 6), a.email, 'nobody@example.ht']) {
      const res = await t.app.inject({
        url: `/api/users/lookup?email=${encodeURIComponent(email)}`,
        headers: auth(a),
      });
      expect(res.statusCode).not.toBe(200);
    }
  });
});
