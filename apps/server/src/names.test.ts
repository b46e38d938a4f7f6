import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createConfirmedUser, type SignedInUser } from './test-support/accounts.ts';
import { checkLedger, codeForMovement, seedUser } from './test-support/ledger-fixtures.ts';
import { newCompanyBody, newProductBody } from './test-support/marketplace.ts';
import { queueNotices } from './test-support/notices.ts';
import { MESSAGE_CONTENT, textOf } from './test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from './test-support/test-app.ts';
import { testDatabaseKind } from './test-support/test-database.ts';

// Names and notes lose their control, bidi and zero-width characters in the
// shared schemas, so a right-to-left override never reaches another user, a statement or a
// WhatsApp message; what was nothing else is refused with the field's required key.
const RLO = '\u202E';
const HIDDEN = [
  '\u202E',
  '\u202D',
  '\u200B',
  '\u200D',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200F',
  '\u0007',
  '\u009B',
  '\uFEFF',
];
const INVISIBLE_ONLY = ` ${HIDDEN.join('')} `;
// Everything a reader could be shown: no override, isolate, zero-width or control character.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const UNSEEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/;

describe(`visible names and notes, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).mismatchedUsers).toBe(0);
    await t.close();
  });

  // Every message about it: its code, and the notices of its posting once derived.
  const messagesAbout = async (reference: string) => {
    await queueNotices(t.database.db);
    return (
      await t.database.db
        .selectFrom('outbox_messages')
        .select(MESSAGE_CONTENT)
        .where('referencia', '=', reference)
        .execute()
    ).map(textOf);
  };

  it('strips a reversed name at sign-up: the payer, the statement and the code message read it plainly', async () => {
    // "Jean ‮erreiP" shows as "Jean Pierre" reversed; stored, it must be the letters typed.
    const payee = await createConfirmedUser(t, {
      nome_completo: `Jean ${RLO}Pie\u200Brre\u2066 Baptiste\u2069`,
    });
    const payer = await seedUser(t);
    const me = await t.app.inject({ url: '/api/me', headers: bearer(payee) });
    expect(me.json().nome_completo).toBe('Jean Pierre Baptiste');

    const lookup = await t.app.inject({
      url: `/api/users/lookup?email=${encodeURIComponent(payee.email)}`,
      headers: bearer(payer),
    });
    expect(lookup.json().nome_completo).toBe('Jean Pierre Baptiste');

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...bearer(payer), 'idempotency-key': randomUUID() },
      payload: {
        destinatario_email: payee.email,
        quantidade_centis: 500,
        observacoes: `Pou ${RLO}001 ₭\u200B lekòl\u0000 la`,
      },
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().movimentacao_id;
    const [codeMessage] = await messagesAbout(id);
    expect(codeMessage).toContain('Jean Pierre Baptiste');
    expect(codeMessage).not.toMatch(UNSEEN);
    await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${id}/verify`,
      headers: bearer(payer),
      payload: { codigo: await codeForMovement(t, id) },
    });

    for (const [who, side] of [
      [payer, 'sent'],
      [payee, 'received'],
    ] as const) {
      const [row] = (
        await t.app.inject({ url: `/api/wallet/transactions?type=${side}`, headers: bearer(who) })
      ).json().items;
      expect(row).toMatchObject({
        id,
        destinatario_nome: 'Jean Pierre Baptiste',
        observacoes: 'Pou 001 ₭ lekòl la',
      });
      expect(JSON.stringify(row)).not.toMatch(UNSEEN);
    }
    const messages = await messagesAbout(id);
    expect(messages).toHaveLength(3);
    for (const text of messages) expect(text).not.toMatch(UNSEEN);
  });

  it('refuses names that are only invisible characters with the field’s required key', async () => {
    const user = await createConfirmedUser(t);
    const rename = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(user),
      payload: { nome_completo: INVISIBLE_ONLY },
    });
    expect([rename.statusCode, rename.json().error.code]).toEqual([422, 'name_required']);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(user) })).json().nome_completo).toMatch(
      /^Marie Jean \d+$/,
    );

    const company = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: bearer(user),
      payload: newCompanyBody({ nome: INVISIBLE_ONLY, descricao: INVISIBLE_ONLY }),
    });
    expect(company.statusCode).toBe(422);
    expect(company.json().error.fields).toEqual({
      nome: 'company_name_required',
      descricao: 'description_required',
    });
    expect(
      await t.database.db.selectFrom('empresas').select('id').where('responsavel_id', '=', user.id).execute(),
    ).toEqual([]);

    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: bearer(user),
      payload: { nome: INVISIBLE_ONLY, telefone: '+50937000111' },
    });
    expect([invite.statusCode, invite.json().error.code]).toEqual([422, 'fill_all_fields']);
  });

  it('strips company and product names and keeps a description’s lines; the seller’s sale message is plain', async () => {
    const seller: SignedInUser = await createConfirmedUser(t);
    const company = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: bearer(seller),
      payload: newCompanyBody({ nome: `Boutik ${RLO}nalaM`, descricao: 'Liv\tak kaye\r\nLekòl\u200B' }),
    });
    expect(company.statusCode).toBe(201);
    expect(company.json()).toMatchObject({ nome: 'Boutik nalaM', descricao: 'Liv ak kaye\nLekòl' });

    const product = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${company.json().id}/products`,
      headers: bearer(seller),
      payload: newProductBody({ nome: `\u2067Kaye\u2069 ${RLO}\u200D`, preco_centis: 100 }),
    });
    expect(product.statusCode).toBe(201);
    expect(product.json().nome).toBe('Kaye');
    const onlyHidden = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${company.json().id}/products`,
      headers: bearer(seller),
      payload: newProductBody({ nome: INVISIBLE_ONLY }),
    });
    expect([onlyHidden.statusCode, onlyHidden.json().error.code]).toEqual([422, 'service_name_required']);

    const buyer = await seedUser(t);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { ...bearer(buyer), 'idempotency-key': randomUUID() },
      payload: { produto_id: product.json().id, quantidade: 1 },
    });
    const saleId = bought.json().venda_id;
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/purchases/${saleId}/verify`,
      headers: bearer(buyer),
      payload: { codigo: await codeForMovement(t, saleId) },
    });
    expect(verified.json().venda).toMatchObject({ produto_nome: 'Kaye', empresa_nome: 'Boutik nalaM' });
    await queueNotices(t.database.db);
    const sellerMessages = await t.database.db
      .selectFrom('outbox_messages')
      .select(MESSAGE_CONTENT)
      .where('recipient', 'in', [
        seller.email,
        String((await t.app.inject({ url: '/api/me', headers: bearer(seller) })).json().telefone),
      ])
      .execute();
    const texts = sellerMessages.map(textOf);
    expect(texts.some((text) => text.includes('Kaye'))).toBe(true);
    for (const text of texts) expect(text).not.toMatch(UNSEEN);
  });
});
