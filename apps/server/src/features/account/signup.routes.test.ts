import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestEmailLinkToken,
  newPerson,
  postSignup,
  signupForm,
  testJpeg,
} from '../../test-support/accounts.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

describe(`sign-up on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const countRows = async () => {
    const db = t.database.db;
    const count = async (
      table: 'usuarios' | 'kreyolcash_movimentacoes' | 'kreyolcash_lotes' | 'outbox_messages',
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      users: await count('usuarios'),
      movements: await count('kreyolcash_movimentacoes'),
      batches: await count('kreyolcash_lotes'),
      messages: await count('outbox_messages'),
      files: uploadedFiles().length,
    };
  };
  const uploadedFiles = () =>
    ['documents', 'profiles'].flatMap((folder) => {
      try {
        return readdirSync(join(t.dataDir, 'uploads', folder));
      } catch {
        return [];
      }
    });

  it('creates the user, the signup bonus, the confirmation e-mail and both photos in one go', async () => {
    const person = newPerson({ documento: '123-456-789-0' });
    const res = await postSignup(t, await signupForm(person));
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toEqual({ id: expect.any(String), email: person.email });

    const row = await t.database.db
      .selectFrom('usuarios')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      pais: 'HAITI',
      tipo_documento: 'NIF',
      documento: '1234567890',
      status: 'ATIVO',
      email_confirmado_em: null,
      data_nascimento: '1990-05-17',
      sexo: 'F',
    });
    const balance = await t.database.db
      .selectFrom('vw_saldos_kreyolcash')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(balance).toMatchObject({ saldo_centis: 10000, reservado_centis: 0, disponivel_centis: 10000 });
    const movements = await t.database.db
      .selectFrom('kreyolcash_movimentacoes')
      .selectAll()
      .where('destinatario_id', '=', user.id)
      .execute();
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({
      remetente_id: null,
      quantidade_centis: 10000,
      tipo: 'cadastro',
      status: 'concluida',
    });
    const batches = await t.database.db
      .selectFrom('kreyolcash_lotes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(batches).toEqual([
      expect.objectContaining({
        quantidade_centis: 10000,
        origem: 'cadastro',
        ativo: true,
        movimentacao_id: movements[0]?.id,
      }),
    ]);
    expect(await latestEmailLinkToken(t, person.email)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(uploadedFiles()).toEqual(
      expect.arrayContaining([row.document_photo_key.split('/')[1], row.profile_photo_key?.split('/')[1]]),
    );
  });

  it.each([
    ['nome_completo', '   ', 'name_required'],
    ['documento', '12345', 'document_invalid'],
    ['email', 'not-an-email', 'email_invalid'],
    ['telefone', '', 'phone_required'],
    ['data_nascimento', '', 'birth_date_required'],
    ['sexo', '', 'gender_required'],
    ['password', '12345', 'password_min_length'],
  ])('refuses %s=%j with %s and writes nothing', async (field, value, code) => {
    const before = await countRows();
    const res = await postSignup(t, await signupForm(newPerson({ [field]: value })));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields?.[field]).toBe(code);
    expect(await countRows()).toEqual(before);
  });

  it.each([
    ['document_photo', 'document_photo_required'],
    ['profile_photo', 'profile_photo_required'],
  ])('refuses a sign-up without %s', async (field, code) => {
    const res = await postSignup(t, await signupForm(newPerson(), { [field]: null }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code, fields: { [field]: code } });
  });

  it('leaves no user, no file and no money when the second photo is bad', async () => {
    const before = await countRows();
    const form = await signupForm(newPerson(), { profile_photo: Buffer.from('<html>not an image</html>') });
    const res = await postSignup(t, form);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'image_invalid_type',
      fields: { profile_photo: 'image_invalid_type' },
    });
    expect(await countRows()).toEqual(before);
  });

  it('refuses a photo of 5 MB + 1 byte with image_too_large', async () => {
    const big = Buffer.concat([
      await testJpeg(),
      Buffer.alloc(5 * 1024 * 1024 + 1 - (await testJpeg()).length),
    ]);
    const res = await postSignup(t, await signupForm(newPerson(), { document_photo: big }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('image_too_large');
  });

  it.each([
    ['documento', 'nif_already_exists'],
    ['email', 'email_already_exists'],
    ['telefone', 'phone_already_exists'],
  ])('answers 409 when the %s is already in use', async (field, code) => {
    const first = newPerson();
    expect((await postSignup(t, await signupForm(first))).statusCode).toBe(201);
    const before = await countRows();
    const second = newPerson({ [field]: first[field as keyof typeof first] });
    const res = await postSignup(t, await signupForm(second));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe(code);
    expect(await countRows()).toEqual(before);
  });

  it('tells whether a NIF is free, masked or not, and refuses a malformed one', async () => {
    const person = newPerson();
    await postSignup(t, await signupForm(person));
    const taken = await t.app.inject(`/api/auth/nif-available?documento=${person.documento}`);
    expect(taken.json()).toEqual({ available: false });
    const free = await t.app.inject('/api/auth/nif-available?documento=999-888-777-6');
    expect(free.json()).toEqual({ available: true });
    const bad = await t.app.inject('/api/auth/nif-available?documento=12');
    expect(bad.statusCode).toBe(422);
  });
});
