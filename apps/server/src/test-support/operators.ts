import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@kreyolcash/domain';
import { Secret, TOTP } from 'otpauth';
import { insertOperator } from '../features/backoffice/operators/operators.repository.ts';
import { newTotpSecret, sealTotpSecret } from '../features/backoffice/operators/totp.ts';
import { hashPassword } from '../identity/passwords.ts';
import type { TestApp } from './test-app.ts';

// Back-office operators for tests, written as operator:create writes them, and signed in through
// the real sign-in route with a real TOTP code.

export type TestOperator = {
  id: string;
  email: string;
  name: string;
  password: string;
  secret: string;
  role: OperatorRole;
};

let sequence = 0;

export async function createOperator(
  t: { database: Pick<TestApp['database'], 'db'>; config: Pick<TestApp['config'], 'jwtSecret'> },
  role: OperatorRole,
): Promise<TestOperator> {
  sequence += 1;
  const email = `${role}-${sequence}-${randomBytes(3).toString('hex')}@ops.kreyolcash.test`;
  const password = `pw-${randomBytes(9).toString('base64url')}`;
  const secret = newTotpSecret();
  const name = `${role} ${sequence}`;
  const id = await insertOperator(t.database.db, {
    email,
    nome: name,
    papel: role,
    senhaHash: await hashPassword(password),
    totpSegredo: sealTotpSecret(secret, t.config.jwtSecret),
  });
  return { id, email, name, password, secret, role };
}

/** The authenticator app's code for a moment (now by default). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });
}

/** Signs in (password + a code of the current step) and answers the Cookie header of the session. */
export async function signInOperator(
  t: Pick<TestApp, 'app'>,
  operator: TestOperator,
  at = Date.now(),
): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email: operator.email, senha: operator.password, codigo: totpCode(operator.secret, at) },
  });
  if (response.statusCode !== 200)
    throw new Error(`operator sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'kc_op');
  if (!cookie) throw new Error('no kc_op cookie');
  return `kc_op=${cookie.value}`;
}

/** A new operator of a role, signed in: its Cookie header and the operator. */
export async function operatorSession(
  t: Pick<TestApp, 'app' | 'database' | 'config'>,
  role: OperatorRole,
): Promise<{ cookie: string; operator: TestOperator }> {
  const operator = await createOperator(t, role);
  return { cookie: await signInOperator(t, operator), operator };
}
