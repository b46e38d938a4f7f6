import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createConfirmedUser,
  newPerson,
  type SignedInUser,
  testJpeg,
  testPng,
} from '../../../test-support/accounts.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { MESSAGE_CONTENT, textOf } from '../../../test-support/outbox-messages.ts';
import { walkPages } from '../../../test-support/pages.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';

// KYC review through real HTTP: the queue, the photo behind an audit row, approval
// to level 2, rejection with a reason, a new photo back into the queue, and the message each way.

let t: TestApp;
let compliance: string;
let admin: string;
let support: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  compliance = (await operatorSession(t, 'compliance')).cookie;
  admin = (await operatorSession(t, 'admin')).cookie;
  support = (await operatorSession(t, 'support')).cookie;
  finance = (await operatorSession(t, 'finance')).cookie;
});
afterAll(async () => t.close());

type Person = ReturnType<typeof newPerson>;

async function signUp(overrides: Record<string, string> = {}): Promise<SignedInUser & { person: Person }> {
  const person = newPerson(overrides);
  const user = await createConfirmedUser(t, person);
  return { ...user, person };
}

const admin$ = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

const identity = async (user: SignedInUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/me/identity', headers: bearer(user) })).json();

async function pendingReviewOf(userId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('revisoes_documento')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pendente')
    .executeTakeFirstOrThrow();
  return row.id;
}

function sendPhoto(user: SignedInUser, photo: Buffer | null, field = 'document_photo') {
  const form = new FormData();
  if (photo) form.append(field, new Blob([photo]), 'nif.png');
  return t.app.inject({
    method: 'POST',
    url: '/api/me/document-photo',
    headers: bearer(user),
    payload: form,
  });
}

const whatsappTo = (telefone: string) =>
  t.database.db
    .selectFrom('outbox_messages')
    .select([...MESSAGE_CONTENT, 'purpose', 'channel'])
    .where('recipient', '=', telefone)
    .where('purpose', 'like', 'kyc_%')
    .orderBy('id')
    .execute();

const auditOf = (reviewId: string) =>
  t.database.db.selectFrom('auditoria').selectAll().where('alvo_id', '=', reviewId).orderBy('id').execute();

describe('the compliance queue', () => {
  it('lists each signed-up account’s pending photo, oldest first, with what the person typed', async () => {
    const first = await signUp();
    const second = await signUp();
    expect(await identity(first)).toMatchObject({ nivel: 1, revisao: { status: 'pendente', motivo: null } });

    const queue = await admin$(compliance, 'GET', '/kyc');
    expect(queue.statusCode).toBe(200);
    const rows = queue.json().revisoes as Array<Record<string, string>>;
    const mine = rows.filter((r) => r.usuario_id === first.id || r.usuario_id === second.id);
    expect(mine.map((r) => r.usuario_id)).toEqual([first.id, second.id]);
    expect(mine[0]).toMatchObject({
      id: await pendingReviewOf(first.id),
      nome_completo: first.person.nome_completo,
      documento: first.person.documento,
      data_nascimento: first.person.data_nascimento,
      email: first.person.email.toLowerCase(),
      telefone: first.person.telefone,
    });
    expect(Date.parse(mine[0]?.enviado_em ?? '')).not.toBeNaN();
    expect(queue.json().total).toBeGreaterThanOrEqual(2);
    // A page at a time: the same queue, each review once, as many as wait.
    const read = async (query: string) => {
      const page = (await admin$(compliance, 'GET', `/kyc?${query}`)).json();
      return { items: page.revisoes, total: page.total, next_cursor: page.next_cursor };
    };
    expect(await walkPages(read, 1)).toEqual(rows.map((r) => r.id));

    const detail = await admin$(admin, 'GET', `/kyc/${mine[0]?.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().revisao).toMatchObject({
      status: 'pendente',
      nome_completo: first.person.nome_completo,
      documento: first.person.documento,
      data_nascimento: first.person.data_nascimento,
      telefone_verificado: true,
      foto_url: `/api/admin/kyc/${mine[0]?.id}/photo`,
    });
    expect(detail.json().revisao).not.toHaveProperty('document_photo_key');
    expect((await admin$(admin, 'GET', '/kyc/not-a-uuid')).statusCode).toBe(404);
  });

  it('shows the photo privately, and every view leaves an audit row', async () => {
    const user = await signUp();
    const reviewId = await pendingReviewOf(user.id);
    const { document_photo_key } = await t.database.db
      .selectFrom('usuarios')
      .select('document_photo_key')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const stored = await t.app.deps.files.get(document_photo_key);

    for (const cookie of [compliance, admin]) {
      const photo = await admin$(cookie, 'GET', `/kyc/${reviewId}/photo`);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['cache-control']).toBe('private, no-store');
      expect(photo.rawPayload.equals(stored?.data ?? Buffer.alloc(0))).toBe(true);
    }
    const views = await auditOf(reviewId);
    expect(views.map((v) => [v.acao, v.papel, v.usuario_id, v.alvo_tipo])).toEqual([
      ['kyc.photo_view', 'compliance', user.id, 'revisao_documento'],
      ['kyc.photo_view', 'admin', user.id, 'revisao_documento'],
    ]);
  });

  it('is closed to support and finance on every route, and to anyone signed out', async () => {
    const user = await signUp();
    const reviewId = await pendingReviewOf(user.id);
    const routes: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/kyc'],
      ['GET', `/kyc/${reviewId}`],
      ['GET', `/kyc/${reviewId}/photo`],
      ['POST', `/kyc/${reviewId}/approve`, {}],
      ['POST', `/kyc/${reviewId}/reject`, { motivo: 'Flou' }],
    ];
    for (const [method, url, body] of routes) {
      for (const cookie of [support, finance]) {
        const res = await admin$(cookie, method, url, body);
        expect([url, res.statusCode, res.json().error.code]).toEqual([url, 403, 'forbidden']);
      }
      expect((await admin$('', method, url, body)).statusCode).toBe(401);
    }
    expect(await auditOf(reviewId)).toEqual([]);
    expect(await identity(user)).toMatchObject({ nivel: 1, revisao: { status: 'pendente' } });
  });
});

describe('a decision', () => {
  it('approves: level 2, an audit row, a WhatsApp message in the person’s language, and no second decision', async () => {
    const user = await signUp({ idioma: 'fr' });
    const reviewId = await pendingReviewOf(user.id);

    const approved = await admin$(compliance, 'POST', `/kyc/${reviewId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().revisao).toMatchObject({ id: reviewId, status: 'aprovada', motivo: null });
    expect(await identity(user)).toMatchObject({ nivel: 2, revisao: { status: 'aprovada' } });

    const messages = await whatsappTo(user.person.telefone);
    expect(messages.map((m) => [m.channel, m.template, m.idioma])).toEqual([
      ['whatsapp', 'kyc_approved', 'fr'],
    ]);
    expect(textOf(messages[0] as (typeof messages)[number])).toContain('niveau 2');

    const [audit] = await auditOf(reviewId);
    expect(audit).toMatchObject({ acao: 'kyc.approve', papel: 'compliance', usuario_id: user.id });
    expect(audit?.antes).toEqual({ status: 'pendente', documento_aprovado_em: null });
    expect(audit?.depois).toMatchObject({ status: 'aprovada' });

    for (const [url, body] of [
      [`/kyc/${reviewId}/approve`, undefined],
      [`/kyc/${reviewId}/reject`, { motivo: 'Twò ta' }],
    ] as const) {
      const again = await admin$(admin, 'POST', url, body);
      expect([again.statusCode, again.json().error.code]).toEqual([409, 'review_not_pending']);
    }
    expect(await auditOf(reviewId)).toHaveLength(1);
    expect(await whatsappTo(user.person.telefone)).toHaveLength(1);
    const queue = (await admin$(compliance, 'GET', '/kyc')).json().revisoes as Array<{ id: string }>;
    expect(queue.map((r) => r.id)).not.toContain(reviewId);

    // Level 2 is kept: no new photo is taken for review.
    const late = await sendPhoto(user, await testPng());
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'document_already_approved']);
    expect(await identity(user)).toMatchObject({ nivel: 2, revisao: { status: 'aprovada' } });
  });

  it('rejects only with a reason; the person is told why and sends a new photo, which waits in the queue', async () => {
    const user = await signUp();
    const reviewId = await pendingReviewOf(user.id);

    for (const body of [{}, { motivo: '   ' }, undefined]) {
      const refused = await admin$(compliance, 'POST', `/kyc/${reviewId}/reject`, body);
      expect([refused.statusCode, refused.json().error.code]).toEqual([422, 'reason_required']);
    }
    expect(await identity(user)).toMatchObject({ revisao: { status: 'pendente' } });
    expect(await auditOf(reviewId)).toEqual([]);

    const motivo = 'Foto a twò flou, nou pa ka li nimewo a.';
    const rejected = await admin$(compliance, 'POST', `/kyc/${reviewId}/reject`, { motivo: ` ${motivo} ` });
    expect(rejected.statusCode).toBe(200);
    expect(await identity(user)).toMatchObject({ nivel: 1, revisao: { status: 'rejeitada', motivo } });
    const [message] = await whatsappTo(user.person.telefone);
    expect([message?.template, message?.idioma]).toEqual(['kyc_rejected', 'ht']);
    expect(textOf(message as NonNullable<typeof message>)).toContain(motivo);
    expect(await auditOf(reviewId)).toMatchObject([{ acao: 'kyc.reject', motivo }]);

    // The new photo: the same checks as at sign-up, then back in the queue.
    const missing = await sendPhoto(user, null);
    expect([missing.statusCode, missing.json().error.code]).toEqual([422, 'document_photo_required']);
    const notImage = await sendPhoto(user, Buffer.from('%PDF-1.4 not a photo'));
    expect([notImage.statusCode, notImage.json().error.code]).toEqual([422, 'image_invalid_type']);
    expect(await identity(user)).toMatchObject({ revisao: { status: 'rejeitada' } });

    const png = await testPng(80, 60);
    const sent = await sendPhoto(user, png);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ nivel: 1, revisao: { status: 'pendente', motivo: null } });
    const newId = await pendingReviewOf(user.id);
    expect(newId).not.toBe(reviewId);
    const queue = (await admin$(compliance, 'GET', '/kyc')).json().revisoes as Array<{ id: string }>;
    expect(queue.map((r) => r.id)).toContain(newId);
    expect(queue.map((r) => r.id)).not.toContain(reviewId);
    // The account now shows the new photo; the rejected review keeps the old one.
    const own = await t.app.inject({ method: 'GET', url: '/api/me/document-photo', headers: bearer(user) });
    const review = await admin$(compliance, 'GET', `/kyc/${newId}/photo`);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(review.rawPayload)).toBe(true);
    const old = await admin$(compliance, 'GET', `/kyc/${reviewId}/photo`);
    expect([old.statusCode, old.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('a photo sent while one waits replaces it: one pending review, the old one gone', async () => {
    const user = await signUp();
    const firstId = await pendingReviewOf(user.id);
    const firstKey = (
      await t.database.db
        .selectFrom('revisoes_documento')
        .select('document_photo_key')
        .where('id', '=', firstId)
        .executeTakeFirstOrThrow()
    ).document_photo_key;

    expect((await sendPhoto(user, await testJpeg(90, 70))).statusCode).toBe(200);
    const reviews = await t.database.db
      .selectFrom('revisoes_documento')
      .select(['id', 'status'])
      .where('user_id', '=', user.id)
      .execute();
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.id).not.toBe(firstId);
    expect(await t.app.deps.files.get(firstKey)).toBeUndefined();
    const stale = await admin$(compliance, 'POST', `/kyc/${firstId}/approve`);
    expect([stale.statusCode, stale.json().error.code]).toEqual([404, 'not_found']);
    expect(await identity(user)).toMatchObject({ nivel: 1, revisao: { status: 'pendente' } });
  });

  it('two operators deciding at once: one decision wins, the other is told it is decided', async () => {
    const user = await signUp();
    const reviewId = await pendingReviewOf(user.id);
    const answers = await Promise.all([
      admin$(compliance, 'POST', `/kyc/${reviewId}/approve`),
      admin$(admin, 'POST', `/kyc/${reviewId}/reject`, { motivo: 'Non lan pa menm.' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(reviewId)).toHaveLength(1);
    expect(await whatsappTo(user.person.telefone)).toHaveLength(1);
  });
});
