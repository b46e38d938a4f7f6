import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_UPLOAD_MAX_BYTES } from '@kreyolcash/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createConfirmedUser,
  type SignedInUser,
  testJpeg,
  testPng,
} from '../../test-support/accounts.ts';
import { seedUser } from '../../test-support/ledger-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

describe(`profile name and photo on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const me = async (user: { accessToken: string }) =>
    (await t.app.inject({ url: '/api/me', headers: bearer(user) })).json();
  const patchMe = (user: { accessToken: string }, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(user), payload });
  const putPhoto = (user: { accessToken: string }, file: Buffer | null, field = 'photo') => {
    const form = new FormData();
    if (file) form.append(field, new Blob([file]), 'me.jpg');
    form.append('note', 'ignored');
    return t.app.inject({ method: 'PUT', url: '/api/me/photo', headers: bearer(user), payload: form });
  };
  const uploadPath = (photoUrl: string) => join(t.dataDir, 'uploads', photoUrl.replace('/api/files/', ''));
  const profileFiles = () => readdirSync(join(t.dataDir, 'uploads', 'profiles')).sort();

  it('renames the user and answers with the updated profile', async () => {
    const user = await seedUser(t);
    const res = await patchMe(user, { nome_completo: '  Rose-Marie   Toussaint ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      nome_completo: 'Rose-Marie   Toussaint',
      email: user.email,
    });
    expect((await me(user)).nome_completo).toBe('Rose-Marie   Toussaint');
  });

  it('changes only the name, whatever else the body carries', async () => {
    const user = await seedUser(t);
    const other = await seedUser(t);
    const before = await me(user);
    const res = await patchMe(user, {
      nome_completo: 'Jean Baptiste',
      id: other.id,
      email: 'thief@example.ht',
      telefone: '+50937000000',
      documento: '9999999999',
      status: 'BLOQUEADO',
      saldo_centis: 99_999_999,
      email_confirmado: false,
      profile_photo_key: 'documents/x.jpg',
      codigo_indicacao: 'AAAAAAAA',
    });
    expect(res.statusCode).toBe(200);
    expect(await me(user)).toEqual({ ...before, nome_completo: 'Jean Baptiste' });
    const row = await t.database.db
      .selectFrom('usuarios')
      .select(['codigo_indicacao', 'profile_photo_key'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.codigo_indicacao).not.toBe('AAAAAAAA');
    expect(row.profile_photo_key).toBeNull();
    const wallet = (await t.app.inject({ url: '/api/wallet', headers: bearer(user) })).json();
    expect(wallet.saldo_centis).toBe(10_000);
    expect((await me(other)).nome_completo).toBe(other.nome);
  });

  it('refuses a blank name with name_required', async () => {
    const user = await seedUser(t);
    const res = await patchMe(user, { nome_completo: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'name_required',
      fields: { nome_completo: 'name_required' },
    });
    expect((await me(user)).nome_completo).toBe(user.nome);
  });

  it('keeps the language of messages: ht by default, changed by PATCH idioma alone or with the name', async () => {
    const user = await seedUser(t);
    const before = await me(user);
    expect(before.idioma).toBe('ht');

    const res = await patchMe(user, { idioma: 'pt-BR' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...before, idioma: 'pt-BR' });
    expect(await me(user)).toEqual({ ...before, idioma: 'pt-BR' });

    const both = await patchMe(user, { nome_completo: 'Anne Lafontant', idioma: 'fr' });
    expect(both.json()).toMatchObject({ nome_completo: 'Anne Lafontant', idioma: 'fr' });
    const row = await t.database.db
      .selectFrom('usuarios')
      .select(['idioma', 'nome_completo'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ idioma: 'fr', nome_completo: 'Anne Lafontant' });

    // Nothing to change: the profile as it is.
    expect((await patchMe(user, {})).json()).toMatchObject({ nome_completo: 'Anne Lafontant', idioma: 'fr' });
  });

  it.each(['es', 'pt', 'HT', '', 'pt-br', 7, null])(
    'refuses the language %j with invalid_language',
    async (idioma) => {
      const user = await seedUser(t);
      const res = await patchMe(user, { nome_completo: 'Not Saved', idioma });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'invalid_language',
        fields: { idioma: 'invalid_language' },
      });
      expect(await me(user)).toMatchObject({ nome_completo: user.nome, idioma: 'ht' });
    },
  );

  it('needs a signed-in user: the token, never the body, says whose profile it is', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', payload: { nome_completo: 'X' } });
    expect(res.statusCode).toBe(401);
    const photo = await t.app.inject({ method: 'PUT', url: '/api/me/photo' });
    expect(photo.statusCode).toBe(401);
    const [a, b] = [await seedUser(t), await seedUser(t)];
    await patchMe(a, { nome_completo: 'Only A', id: b.id });
    expect((await me(a)).nome_completo).toBe('Only A');
    expect((await me(b)).nome_completo).toBe(b.nome);
  });

  describe('the photo', () => {
    let a: SignedInUser;
    let b: SignedInUser;
    beforeAll(async () => {
      [a, b] = [await createConfirmedUser(t), await createConfirmedUser(t)];
    });

    it('replaces the photo, serves the new one and deletes the old file', async () => {
      const before = await me(a);
      const oldFile = uploadPath(before.profile_photo_url);
      expect(existsSync(oldFile)).toBe(true);

      const res = await putPhoto(a, await testJpeg(320, 240));
      expect(res.statusCode).toBe(200);
      const after = res.json();
      expect(after).toEqual({
        ...before,
        profile_photo_url: expect.stringMatching(/^\/api\/files\/profiles\/.+\.jpg$/),
      });
      expect(after.profile_photo_url).not.toBe(before.profile_photo_url);
      expect(existsSync(oldFile)).toBe(false);
      expect(existsSync(uploadPath(after.profile_photo_url))).toBe(true);

      const served = await t.app.inject({ url: after.profile_photo_url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect((await t.app.inject({ url: before.profile_photo_url })).statusCode).toBe(404);
    });

    it("leaves every other user's photo alone", async () => {
      const bBefore = await me(b);
      await putPhoto(a, await testPng());
      expect(await me(b)).toEqual(bBefore);
      expect(existsSync(uploadPath(bBefore.profile_photo_url))).toBe(true);
    });

    it('gives a user without a photo their first one', async () => {
      const user = await seedUser(t);
      const res = await putPhoto(user, await testPng());
      expect(res.statusCode).toBe(200);
      expect(res.json().profile_photo_url).toMatch(/\.png$/);
    });

    it.each([
      ['a text file', () => Buffer.from('not an image at all'), 422, 'image_invalid_type'],
      ['a file over 5 MB', () => Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1, 0xff), 413, 'image_too_large'],
    ])('refuses %s and keeps the old photo and files', async (_what, file, status, code) => {
      const before = await me(a);
      const files = profileFiles();
      const res = await putPhoto(a, file());
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toMatchObject({ code, fields: { photo: code } });
      expect(await me(a)).toEqual(before);
      expect(profileFiles()).toEqual(files);
    });

    it('asks for the photo when the field is missing', async () => {
      const res = await putPhoto(a, await testJpeg(), 'picture');
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('profile_photo_required');
    });

    it('keeps one photo, the last one, when two uploads race', async () => {
      const files = profileFiles();
      const answers = await Promise.all([putPhoto(a, await testJpeg()), putPhoto(a, await testPng())]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const final = await me(a);
      expect(existsSync(uploadPath(final.profile_photo_url))).toBe(true);
      // One file replaced per upload: as many files as before.
      expect(profileFiles()).toHaveLength(files.length);
    });
  });
});
