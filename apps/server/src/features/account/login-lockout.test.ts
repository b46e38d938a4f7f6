import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, TEST_PASSWORD } from '../../test-support/accounts.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDatabaseKind } from '../../test-support/test-database.ts';
import { testRateLimiter } from '../../test-support/test-rate-limiter.ts';
import { DEVICE_COOKIE } from './trusted-device.ts';

// Who may stop whom from signing in. Addresses are simulated the way a proxy in front of the
// server would report them: TRUST_PROXY=127.0.0.1 and X-Forwarded-For.
const WRONG = 'wrong-password-1';
const ACCOUNT_ALLOWANCE = 50; // untrusted devices, per account, per hour

describe(`login limits that do not lock the owner out, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { rateLimiter: testRateLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  async function login(email: string, password: string, from: { address: string; device?: string }) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: {
        'x-forwarded-for': from.address,
        ...(from.device ? { cookie: `${DEVICE_COOKIE}=${from.device}` } : {}),
      },
    });
    const cookies = [res.headers['set-cookie'] ?? []].flat();
    const device = cookies
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
      ?.split(';')[0]
      ?.split('=')[1];
    return { status: res.statusCode, code: res.statusCode === 200 ? 'ok' : res.json().error.code, device };
  }

  it("a stranger's wrong passwords stop the stranger, not the owner at their own address", async () => {
    const owner = await createConfirmedUser(t);
    const stranger = [];
    for (let i = 0; i < 12; i++)
      stranger.push((await login(owner.email, WRONG, { address: '203.0.113.66' })).code);
    expect(stranger).toEqual([...Array(10).fill('invalid_credentials'), 'rate_limited', 'rate_limited']);

    // The owner, at home, on a phone that never signed in before.
    const home = await login(owner.email, TEST_PASSWORD, { address: '198.51.100.7' });
    expect(home).toMatchObject({ status: 200, code: 'ok' });
    expect(home.device).toBeTruthy();
    // And still the stranger is stopped.
    expect((await login(owner.email, TEST_PASSWORD, { address: '203.0.113.66' })).code).toBe('rate_limited');
  });

  it('guessing spread over many addresses is stopped; the devices the owner signed in on are not', async () => {
    const owner = await createConfirmedUser(t);
    const ownersPhone = (await login(owner.email, TEST_PASSWORD, { address: '198.51.100.8' })).device;
    expect(ownersPhone).toBeTruthy();
    // The guesser signs in to an account of their own first: that device note is for their e-mail only.
    const guesser = await createConfirmedUser(t);
    const guessersPhone = (await login(guesser.email, TEST_PASSWORD, { address: '192.0.2.1' })).device;

    const outcomes: string[] = [];
    for (let i = 1; i <= ACCOUNT_ALLOWANCE + 5; i++) {
      const address = `10.${(i >> 8) & 255}.${i & 255}.9`;
      outcomes.push((await login(owner.email, WRONG, { address, device: guessersPhone })).code);
    }
    // The owner's two sign-ins (at sign-up, then on the phone) were counted against the allowance.
    expect(outcomes.slice(0, ACCOUNT_ALLOWANCE - 2)).toEqual(
      Array(ACCOUNT_ALLOWANCE - 2).fill('invalid_credentials'),
    );
    expect(outcomes.slice(ACCOUNT_ALLOWANCE - 2)).toEqual(Array(7).fill('rate_limited'));
    // Even the right password, from yet another address, does not get through now: guessing is over.
    expect((await login(owner.email, TEST_PASSWORD, { address: '10.200.0.1' })).code).toBe('rate_limited');

    // The owner's phone signs in, from home or from anywhere; a wrong password there still says so.
    expect((await login(owner.email, WRONG, { address: '198.51.100.8', device: ownersPhone })).code).toBe(
      'invalid_credentials',
    );
    const again = await login(owner.email, TEST_PASSWORD, { address: '172.16.5.5', device: ownersPhone });
    expect(again).toMatchObject({ status: 200, code: 'ok' });
  });

  it('a device note that is altered, moved to another device or stretched earns no trust', async () => {
    const owner = await createConfirmedUser(t);
    const real = (await login(owner.email, TEST_PASSWORD, { address: '198.51.100.9' })).device ?? '';
    const [id, entry = ''] = real.split('~');
    const forged = [
      `${id}~${entry.slice(0, -1)}${entry.endsWith('A') ? 'B' : 'A'}`, // altered mac
      `${'x'.repeat(22)}~${entry}`, // another device id
      `${id}~${(Date.now() + 365 * 86_400_000).toString(36)}.${entry.split('.')[1]}`, // longer life
    ];
    for (let i = 1; i <= ACCOUNT_ALLOWANCE; i++) {
      const address = `10.${(i >> 8) & 255}.${i & 255}.77`;
      await login(owner.email, WRONG, { address, device: forged[i % forged.length] });
    }
    for (const device of forged)
      expect((await login(owner.email, TEST_PASSWORD, { address: '10.201.0.1', device })).code).toBe(
        'rate_limited',
      );
    expect((await login(owner.email, TEST_PASSWORD, { address: '10.201.0.1', device: real })).code).toBe(
      'ok',
    );
  });
});
