import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../test-support/ledger-fixtures.ts';
import { createOperator, signInOperator, totpCode } from '../../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function signIn(payload: { email: string; senha: string; codigo: string }) {
  return t.app.inject({ method: 'POST', url: '/api/admin/session', payload });
}

describe('operator sign-in', () => {
  it('needs the password and a code of the authenticator app, and opens a short session on /api/admin only', async () => {
    const op = await createOperator(t, 'support');
    const noCode = await signIn({ email: op.email, senha: op.password, codigo: '' });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error.code).toBe('invalid_credentials');
    const wrongCode = await signIn({
      email: op.email,
      senha: op.password,
      codigo: totpCode(op.secret, Date.now() - 10 * 60_000),
    });
    expect(wrongCode.json().error.code).toBe('invalid_credentials');
    const wrongPassword = await signIn({
      email: op.email,
      senha: 'not-the-password',
      codigo: totpCode(op.secret),
    });
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');

    const ok = await signIn({
      email: op.email.toUpperCase(),
      senha: op.password,
      codigo: totpCode(op.secret),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().operador).toMatchObject({ email: op.email, papel: 'support' });
    const cookie = ok.cookies.find((c) => c.name === 'kc_op');
    expect(cookie).toMatchObject({ path: '/api/admin', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.maxAge).toBeLessThanOrEqual(8 * 3600);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `kc_op=${cookie?.value}` },
    });
    expect(me.json().operador.email).toBe(op.email);
  });

  it('refuses a code that was used already, even with the right password', async () => {
    const op = await createOperator(t, 'finance');
    const now = Date.now();
    await signInOperator(t, op, now);
    const replay = await signIn({ email: op.email, senha: op.password, codigo: totpCode(op.secret, now) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('invalid_credentials');
    // The next step's code (the app shows it 30 s later) is accepted.
    const next = await signIn({
      email: op.email,
      senha: op.password,
      codigo: totpCode(op.secret, now + 30_000),
    });
    expect(next.statusCode).toBe(200);
  });

  it('ends the session at sign-out and after 15 idle minutes', async () => {
    const op = await createOperator(t, 'admin');
    const cookie = await signInOperator(t, op);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/admin/session', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);

    const op2 = await createOperator(t, 'admin');
    const idle = await signInOperator(t, op2);
    await sql`update operador_sessoes set ultimo_uso_em = now() - interval '16 minutes' where operador_id = ${op2.id}`.execute(
      t.database.db,
    );
    const stale = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: idle } });
    expect(stale.statusCode).toBe(401);
  });

  it('never accepts an app user’s access token', async () => {
    const user = await seedUser(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('writes every sign-in to the audit trail, which refuses to be changed', async () => {
    const op = await createOperator(t, 'compliance');
    await signInOperator(t, op);
    const rows = await t.database.db
      .selectFrom('auditoria')
      .selectAll()
      .where('operador_id', '=', op.id)
      .execute();
    expect(rows.map((r) => [r.acao, r.papel])).toEqual([['operator.sign_in', 'compliance']]);
    for (const statement of [
      sql`update auditoria set motivo = 'edited' where operador_id = ${op.id}`,
      sql`delete from auditoria where operador_id = ${op.id}`,
      sql`truncate auditoria`,
    ]) {
      await expect(statement.execute(t.database.db)).rejects.toThrow(/append-only/);
    }
    expect(
      await t.database.db.selectFrom('auditoria').select('motivo').where('operador_id', '=', op.id).execute(),
    ).toEqual([{ motivo: null }]);
  });
});
