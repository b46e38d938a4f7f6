import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, postSignup, signupForm } from '../../test-support/accounts.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';

const OPS_TOKEN = 'ops-token-for-the-tests-0123456789abcdef';

// The 503 `degraded` answer (database gone) is checked in app.test.ts.
describe(`health and the operators' outbox figures on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OPS_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  const outbox = (authorization?: string) =>
    t.app.inject({ url: '/api/ops/outbox', headers: authorization ? { authorization } : {} });

  it('answers the public health check with ok and no figures', async () => {
    expect((await postSignup(t, await signupForm(newPerson()))).statusCode).toBe(201); // queues an e-mail
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('gives the outbox counts only to the bearer of OPS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${OPS_TOKEN}`, OPS_TOKEN]) {
      const res = await outbox(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
      expect(res.body).not.toContain('pending');
    }
    const res = await outbox(`Bearer ${OPS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outbox: { pending: 1, failed: 0 } });
  });

  it('counts the messages waiting and those failed for good, not the sent ones', async () => {
    await t.database.db
      .insertInto('outbox_messages')
      .values(
        (['sent', 'sent', 'failed'] as const).map((status) => ({
          channel: 'email' as const,
          recipient: 'ops@example.ht',
          text: 'bonjou',
          purpose: 'test',
          status,
        })),
      )
      .execute();
    const res = await outbox(`Bearer ${OPS_TOKEN}`);
    expect(res.json()).toEqual({ outbox: { pending: 1, failed: 1 } });
  });

  describe('without OPS_TOKEN', () => {
    let plain: TestApp;
    beforeAll(async () => {
      plain = await createTestApp();
    });
    afterAll(() => plain.close());

    it('has no operators endpoint', async () => {
      const res = await plain.app.inject({
        url: '/api/ops/outbox',
        headers: { authorization: 'Bearer anything' },
      });
      expect(res.statusCode).toBe(404);
      const doc = (await plain.app.inject('/api/docs/json')).json();
      expect(Object.keys(doc.paths)).not.toContain('/api/ops/outbox');
    });
  });

  it('documents both in the OpenAPI document, the health answer without counts', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    // Each answer is a named schema: the operation refers to it under components.schemas.
    const answerOf = (path: string) => {
      const { $ref } = doc.paths[path].get.responses['200'].content['application/json'].schema;
      return JSON.stringify(doc.components.schemas[String($ref).split('/').pop() ?? '']);
    };
    const health = answerOf('/api/health');
    expect(health).toContain('degraded');
    expect(health).not.toContain('pending');
    expect(answerOf('/api/ops/outbox')).toContain('pending');
  });
});
