import type { SeededUser } from './ledger-fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * A phone change's requests for the route tests, and Haitian numbers nobody has: each test file
 * passes its own prefix (+509 and a digit or two no other generator uses), so that files running at
 * once on one database never pick the same number.
 */
export function phoneChangeRequests(t: () => TestApp, prefix: string) {
  let sequence = 0;
  const freeDigits = 8 - (prefix.length - '+509'.length) - 3;
  const freshPhone = () => {
    sequence += 1;
    return `${prefix}${String(Date.now() % 10 ** freeDigits).padStart(freeDigits, '0')}${String(sequence).padStart(3, '0')}`;
  };
  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const start = (u: SeededUser, novo_telefone: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/me/phone-change',
      headers: auth(u),
      payload: { novo_telefone },
    });
  const verify = (u: SeededUser, step: 'verify-current' | 'verify-new', codigo: string) =>
    t().app.inject({
      method: 'POST',
      url: `/api/me/phone-change/${step}`,
      headers: auth(u),
      payload: { codigo },
    });
  return { freshPhone, auth, start, verify };
}
