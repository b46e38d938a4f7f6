import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, type TestOperator, totpCode } from '../../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';
import { testRateLimiter } from '../../../test-support/test-rate-limiter.ts';

// Who may stop an operator from signing in. Addresses are simulated the way a proxy in front of the
// server would report them: TRUST_PROXY=127.0.0.1 and X-Forwarded-For.
const DEVICE_COOKIE = 'kc_op_device';
const WRONG = 'wrong-password-1';
const ACCOUNT_ALLOWANCE = 50; // untrusted devices, per operator, per hour

describe(`operator sign-in limits that do not lock the operator out, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { rateLimiter: testRateLimiter() });
  });
  afterAll(async () => t.close());

  // A code's step is accepted once per operator; the test does not wait 30 s for the next one, it
  // forgets the step used instead.
  async function nextCode(op: TestOperator): Promise<string> {
    await t.database.db
      .updateTable('operadores')
      .set({ totp_ultimo_passo: 0 })
      .where('id', '=', op.id)
      .execute();
    return totpCode(op.secret);
  }

  async function signIn(
    op: TestOperator,
    password: string,
    from: { address: string; device?: string },
    codigo = totpCode(op.secret),
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: op.email, senha: password, codigo },
      headers: {
        'x-forwarded-for': from.address,
        ...(from.device ? { cookie: `${DEVICE_COOKIE}=${from.device}` } : {}),
      },
    });
    const device = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    return {
      code: res.statusCode === 200 ? 'ok' : (res.json().error.code as string),
      device: device?.value,
      devicePath: device?.path,
    };
  }

  it("a stranger's wrong passwords stop the stranger, not the operator on their own device", async () => {
    const op = await createOperator(t, 'support');
    // The operator's office computer has signed in before (password and code).
    const first = await signIn(op, op.password, { address: '198.51.100.20' }, await nextCode(op));
    expect(first).toMatchObject({ code: 'ok', devicePath: '/api/admin/session' });
    const office = first.device;
    expect(office).toBeTruthy();

    const stranger: string[] = [];
    for (let i = 0; i < 12; i++) stranger.push((await signIn(op, WRONG, { address: '203.0.113.66' })).code);
    expect(stranger).toEqual([...Array(10).fill('invalid_credentials'), 'rate_limited', 'rate_limited']);
    // The stranger stays stopped, even with the right password.
    expect((await signIn(op, op.password, { address: '203.0.113.66' })).code).toBe('rate_limited');

    // The operator, from the office, and from the stranger's own address (a shared café): signs in.
    expect(
      (await signIn(op, op.password, { address: '198.51.100.20', device: office }, await nextCode(op))).code,
    ).toBe('ok');
    expect(
      (await signIn(op, op.password, { address: '203.0.113.66', device: office }, await nextCode(op))).code,
    ).toBe('ok');
  });

  it('guessing spread over many addresses is stopped; the device the operator signed in on is not', async () => {
    const op = await createOperator(t, 'admin');
    const office = (await signIn(op, op.password, { address: '198.51.100.21' }, await nextCode(op))).device;

    // The guesser is an operator too, on a computer that signed in to their own account: that note
    // is for their e-mail only.
    const insider = await createOperator(t, 'support');
    const insidersDevice = (
      await signIn(insider, insider.password, { address: '192.0.2.21' }, await nextCode(insider))
    ).device;
    expect(insidersDevice).toBeTruthy();

    const outcomes: string[] = [];
    for (let i = 1; i <= ACCOUNT_ALLOWANCE + 3; i++) {
      const address = `10.${(i >> 8) & 255}.${i & 255}.21`;
      outcomes.push((await signIn(op, WRONG, { address, device: insidersDevice })).code);
    }
    // The operator's own first sign-in counted against the allowance.
    expect(outcomes.slice(0, ACCOUNT_ALLOWANCE - 1)).toEqual(
      Array(ACCOUNT_ALLOWANCE - 1).fill('invalid_credentials'),
    );
    expect(outcomes.slice(ACCOUNT_ALLOWANCE - 1)).toEqual(Array(4).fill('rate_limited'));
    expect((await signIn(op, op.password, { address: '10.200.0.21' })).code).toBe('rate_limited');

    // On the office computer a wrong password still says so, and the right one gets in.
    expect((await signIn(op, WRONG, { address: '198.51.100.21', device: office })).code).toBe(
      'invalid_credentials',
    );
    expect(
      (await signIn(op, op.password, { address: '172.16.5.21', device: office }, await nextCode(op))).code,
    ).toBe('ok');
  });

  it('a right password with a wrong code earns no device note', async () => {
    const op = await createOperator(t, 'finance');
    const halfway = await signIn(op, op.password, { address: '198.51.100.22' }, '000000');
    expect(halfway).toMatchObject({ code: 'invalid_credentials', device: undefined });
  });
});
