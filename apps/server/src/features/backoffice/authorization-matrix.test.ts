import { randomUUID } from 'node:crypto';
import { OPERATOR_ROLES, type OperatorRole } from '@kreyolcash/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../test-support/operators.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { operatorRouteTable } from './operators/operator-auth.ts';

// Every back-office route × every role, read from the routes themselves: a role the route does not
// admit gets 403, an admitted role gets past the check (whatever the empty request then earns),
// anonymous callers and app users get 401. A new route is in the matrix the day it is written.

let t: TestApp;
const cookies = {} as Record<OperatorRole, string>;
let userToken: string;

beforeAll(async () => {
  // With the agents' routes, which exist only when AGENTS_ENABLED is on.
  t = await createTestApp({ AGENTS_ENABLED: 'true' });
  for (const role of OPERATOR_ROLES) cookies[role] = (await operatorSession(t, role)).cookie;
  userToken = (await seedUser(t)).accessToken;
});
afterAll(async () => t.close());

function call(method: string, url: string, headers: Record<string, string>) {
  const path = url.replace(/:[a-zA-Z_]+/g, randomUUID());
  const withBody = method !== 'GET' && method !== 'DELETE';
  return t.app.inject({ method: method as 'GET', url: path, headers, ...(withBody ? { payload: {} } : {}) });
}

describe('the back office’s authorization matrix', () => {
  it('lists the routes with their roles', () => {
    const guarded = operatorRouteTable(t.app).filter((r) => r.roles !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    expect(
      operatorRouteTable(t.app)
        .filter((r) => r.roles === 'public')
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual(['POST /api/admin/session', 'DELETE /api/admin/session']);
  });

  it('refuses anonymous callers and app users on every guarded route, and each role where it is not admitted', async () => {
    const outcomes: string[] = [];
    for (const route of operatorRouteTable(t.app)) {
      if (route.roles === 'public') continue;
      const label = `${route.method} ${route.url}`;
      outcomes.push(`${label} anonymous ${(await call(route.method, route.url, {})).statusCode}`);
      const asUser = await call(route.method, route.url, { authorization: `Bearer ${userToken}` });
      outcomes.push(`${label} app-user ${asUser.statusCode}`);
      for (const role of OPERATOR_ROLES) {
        const status = (await call(route.method, route.url, { cookie: cookies[role] })).statusCode;
        const admitted = route.roles.includes(role);
        const verdict = admitted
          ? status === 401 || status === 403
            ? `REFUSED ${status}`
            : 'admitted'
          : status;
        outcomes.push(`${label} ${role} ${verdict}`);
      }
    }
    const expected: string[] = [];
    for (const route of operatorRouteTable(t.app)) {
      if (route.roles === 'public') continue;
      const label = `${route.method} ${route.url}`;
      expected.push(`${label} anonymous 401`, `${label} app-user 401`);
      for (const role of OPERATOR_ROLES)
        expected.push(`${label} ${role} ${route.roles.includes(role) ? 'admitted' : 403}`);
    }
    expect(outcomes).toEqual(expected);
  });
});
