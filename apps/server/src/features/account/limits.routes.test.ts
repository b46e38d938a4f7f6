import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createConfirmedUser, type SignedInUser } from '../../test-support/accounts.ts';
import { operatorSession } from '../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// GET /api/me/limits knows where the document stands, so the "Limit" screen never asks again for
// a document that compliance has not looked at yet.

let t: TestApp;
let compliance: string;

beforeAll(async () => {
  t = await createTestApp();
  compliance = (await operatorSession(t, 'compliance')).cookie;
});
afterAll(async () => t.close());

const limits = async (user: SignedInUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/me/limits', headers: bearer(user) })).json();

async function pendingReviewOf(userId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('revisoes_documento')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pendente')
    .executeTakeFirstOrThrow();
  return row.id;
}

const decide = (reviewId: string, action: 'approve' | 'reject') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/kyc/${reviewId}/${action}`,
    headers: { cookie: compliance },
    payload: action === 'reject' ? { motivo: 'Foto a twò flou' } : {},
  });

describe('the document review on GET /api/me/limits', () => {
  it('is pending from sign-up (its photo waits for compliance), then as compliance decided', async () => {
    const user = await createConfirmedUser(t);
    expect(await limits(user)).toMatchObject({ revisao_documento: 'pendente' });

    const reviewId = await pendingReviewOf(user.id);
    expect((await decide(reviewId, 'reject')).statusCode).toBe(200);
    expect(await limits(user)).toMatchObject({ revisao_documento: 'rejeitada' });
  });

  it('is approved once compliance approves it', async () => {
    const user = await createConfirmedUser(t);
    expect((await decide(await pendingReviewOf(user.id), 'approve')).statusCode).toBe(200);
    expect(await limits(user)).toMatchObject({ revisao_documento: 'aprovada' });
  });

  it('is null for an account with no review at all', async () => {
    const user = await createConfirmedUser(t);
    await t.database.db.deleteFrom('revisoes_documento').where('user_id', '=', user.id).execute();
    expect(await limits(user)).toMatchObject({ revisao_documento: null });
  });
});
