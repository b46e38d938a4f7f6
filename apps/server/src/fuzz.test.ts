import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorRouteTable } from './features/backoffice/operators/operator-auth.ts';
import { UNSTORABLE_VALUE } from './lib/error-handler.ts';
import { expectLedgerSound } from './test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from './test-support/ledger-fixtures.ts';
import { inlineRefs } from './test-support/openapi-schemas.ts';
import { operatorSession } from './test-support/operators.ts';
import { seededRandom, seedFrom } from './test-support/seeded-random.ts';
import { createTestApp, type TestApp } from './test-support/test-app.ts';
import { testDatabaseKind } from './test-support/test-database.ts';

// No bad input gets a 5xx. Every route of the OpenAPI document the server serves
// (/api/docs/json, so a new route is fuzzed the day it is registered) gets malformed ids, query
// strings, bodies, content types and truncated multipart bodies, signed in and signed out. The
// generator is seeded (FUZZ_SEED=<n> replays a run) and the count bounded, so a run is quick
// on both databases; a failure names the seed and the request.

const CASES_PER_ROUTE = 24;
// A fixed number of requests per route (a few thousand in all): on a quiet machine each walk takes
// seconds; on a busy 2-core one it has taken five times longer than in CI, so each walk gets this.
const WALK_BUDGET_MS = 400_000;
// The event stream never ends by itself; its bad inputs (no token, a bad one) are in realtime.test.ts.
const SKIPPED = new Set(['GET /api/events']);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  format?: string;
  $ref?: string;
};
type Operation = { method: string; path: string; body: Schema | undefined; multipart: boolean };
type Probe = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  what: string;
};

const BAD_IDS = [
  'abc',
  '0',
  '-1',
  '1e309',
  'null',
  "1' or '1'='1",
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc',
  'a'.repeat(300),
  '%F0%9F%92%A9',
  '{{id}}',
];
const BAD_SCALARS: unknown[] = [
  '',
  ' ',
  'abc',
  '\u202E\u0000',
  'x'.repeat(5000),
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  true,
  null,
  [],
  [1, 2],
  {},
  { $gt: '' },
  '00000000-0000-0000-0000-00000000000g',
  '2026-02-30',
  '💸',
];
const BAD_JSON = [
  '{',
  '{"a":',
  '[',
  'nul',
  '"unterminated',
  '{"a":1}}',
  '\u0000',
  '{"__proto__":{"x":1}}',
  'null',
];
const BAD_QUERIES = [
  'limit=abc',
  'limit=-1',
  'limit=1e309',
  'limit=99999999999999999999',
  'cursor=%%%',
  `cursor=${'z'.repeat(500)}`,
  'cursor=eyJ4IjoxfQ',
  'cursor=bm90LWpzb24',
  'type=nope',
  'type[]=all&type[]=sent',
  'email=',
  'email=a%00@b.ht',
  'email[]=a@b.ht',
  'documento=abc',
  'q=%E0%A4%A',
  'limit=1&limit=2',
];

type OpenApiDocument = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
};

function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      const consumes = (op.consumes as string[] | undefined) ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        body: inlineRefs(content?.['application/json']?.schema, doc.components?.schemas),
        multipart: consumes.includes('multipart/form-data') || Boolean(content?.['multipart/form-data']),
      });
    }
  }
  return ops;
}

// A plausible value for a schema, so that one bad field at a time gets past the others.
function plausible(schema: Schema | undefined, name: string): unknown {
  if (!schema) return 'x';
  if (schema.anyOf) return plausible(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0], name);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = plausible(value, key);
    return out;
  }
  if (type === 'integer' || type === 'number') return /centis/.test(name) ? 100 : 1;
  if (type === 'boolean') return false;
  if (/email/.test(name)) return 'fuzz@example.ht';
  if (/telefone|phone/.test(name)) return '+50937001122';
  if (/codigo|code/.test(name)) return '123456';
  if (/_id$|^id$|token/.test(name)) return 'abc';
  return 'Fuzz';
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

type Multipart = { type: string; payload: Buffer; what: string; malformed: boolean };

// Multipart bodies an upload can meet; `malformed`: not a multipart body at all (must be 400).
function multipartBodies(random: () => number): Multipart[] {
  const boundary = 'fuzzboundary';
  const whole = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="nome_completo"',
    '',
    'Marie Jean',
    `--${boundary}`,
    'Content-Disposition: form-data; name="photo"; filename="a.jpg"',
    'Content-Type: image/jpeg',
    '',
    '\xff\xd8\xff\xe0 not really a jpeg',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  const variants = [
    {
      what: 'truncated multipart',
      type: `multipart/form-data; boundary=${boundary}`,
      body: whole.slice(0, 40 + Math.floor(random() * (whole.length - 60))),
    },
    { what: 'multipart without boundary', type: 'multipart/form-data', body: whole },
    { what: 'multipart with another boundary', type: 'multipart/form-data; boundary=other', body: whole },
    {
      what: 'multipart with no closing',
      type: `multipart/form-data; boundary=${boundary}`,
      body: whole.replace(`--${boundary}--`, ''),
    },
    {
      what: 'multipart with a broken header',
      type: `multipart/form-data; boundary=${boundary}`,
      body: whole.replace('Content-Disposition: form-data; name="photo"', 'Content-Disposition'),
    },
    { what: 'empty multipart', type: `multipart/form-data; boundary=${boundary}`, body: '' },
  ];
  return variants.map((v) => ({
    type: v.type,
    payload: Buffer.from(v.body, 'latin1'),
    what: v.what,
    malformed: !/broken header|empty/.test(v.what),
  }));
}

function multipartBody(random: () => number): Multipart {
  return pick(random, multipartBodies(random));
}

function probeFor(op: Operation, random: () => number): Probe {
  const id = random() < 0.2 ? crypto.randomUUID() : pick(random, BAD_IDS);
  let url = op.path.replace(/\{[^}]+\}/g, () => id);
  const what: string[] = [];
  if (op.path.includes('{')) what.push(`id ${JSON.stringify(id.slice(0, 40))}`);
  if (random() < 0.4) {
    const query = pick(random, BAD_QUERIES);
    url += `?${query}`;
    what.push(`query ${query.slice(0, 40)}`);
  }
  const headers: Record<string, string> = {};
  // Mostly a well-formed key, so that bodies reach the handlers of the money-moving POSTs.
  headers['idempotency-key'] =
    random() < 0.75
      ? `fuzz-${Math.floor(random() * 1e12)}`
      : pick(random, ['k', 'x'.repeat(300), 'ключ-ключ-ключ']);
  const kind = random();
  if (op.method === 'GET' || op.method === 'DELETE') {
    if (kind < 0.2) {
      headers['content-type'] = 'application/json';
      return {
        method: op.method,
        url,
        headers,
        payload: pick(random, BAD_JSON),
        what: [...what, 'a body'].join(', '),
      };
    }
    return { method: op.method, url, headers, what: what.join(', ') };
  }
  if (op.multipart || kind < 0.15) {
    const body = multipartBody(random);
    headers['content-type'] = body.type;
    return { method: op.method, url, headers, payload: body.payload, what: [...what, body.what].join(', ') };
  }
  if (kind < 0.35) {
    headers['content-type'] = 'application/json';
    const text = pick(random, BAD_JSON);
    return { method: op.method, url, headers, payload: text, what: [...what, `json ${text}`].join(', ') };
  }
  if (kind < 0.45) {
    headers['content-type'] = pick(random, [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/json; charset=utf-7',
      'application/octet-stream',
      '',
    ]);
    return {
      method: op.method,
      url,
      headers,
      payload: 'a=1&b=2',
      what: [...what, `type ${headers['content-type']}`].join(', '),
    };
  }
  // One field of a plausible body made wrong (or an extra one), the way an attacker edits a request.
  const body = plausible(op.body, '') as Record<string, unknown> | string;
  const fields = typeof body === 'object' && body !== null ? Object.keys(body) : [];
  const field =
    fields.length > 0 && random() < 0.85
      ? pick(random, fields)
      : pick(random, ['extra', '__proto__', 'constructor']);
  const value = pick(random, BAD_SCALARS);
  const payload = typeof body === 'object' && body !== null ? { ...body, [field]: value } : value;
  headers['content-type'] = 'application/json';
  return {
    method: op.method,
    url,
    headers,
    payload: JSON.stringify(payload),
    what: [...what, `${field}=${JSON.stringify(value)?.slice(0, 40)}`].join(', '),
  };
}

/**
 * The credentials a route takes: an app user's bearer token, or for the back office a fresh
 * session of an operator whose role the route admits (a route may end its own session).
 */
async function credentialsFor(t: TestApp, op: Operation, user: SeededUser): Promise<Record<string, string>> {
  if (!op.path.startsWith('/api/admin/')) return { authorization: `Bearer ${user.accessToken}` };
  const url = op.path.replace(/\{([^}]+)\}/g, ':$1');
  const route = operatorRouteTable(t.app).find((r) => r.method === op.method && r.url === url);
  const role = route && route.roles !== 'public' ? (route.roles[0] ?? 'admin') : 'admin';
  return { cookie: (await operatorSession(t, role)).cookie };
}

describe(`fuzzing every route, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ops: Operation[];
  const seed = seedFrom('FUZZ_SEED');
  beforeAll(async () => {
    // Limits would answer 429 before the inputs reach the code under test.
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
    ops = operationsOf((await t.app.inject({ url: '/api/docs/json' })).json()).filter(
      (op) => !SKIPPED.has(`${op.method} ${op.path}`),
    );
  });
  afterAll(async () => {
    await expectLedgerSound(t.database.db);
    await t.close();
  });

  it('walks the whole OpenAPI document', () => {
    const routes = ops.map((op) => `${op.method} ${op.path}`);
    for (const route of [
      'POST /api/purchases',
      'POST /api/transfers',
      'POST /api/auth/signup',
      'PUT /api/me/photo',
      'GET /api/products/{id}',
      'POST /api/transfers/{id}/verify',
    ])
      expect(routes).toContain(route);
  });

  it(
    'answers a malformed id, in a path or a body, with 404 and the not-found key of what it names',
    async () => {
      const user = await seedUser(t);
      const answers: string[] = [];
      // Ids only: a file name or a referral code is not an id (422 validation_error, 404 not_found).
      for (const op of ops.filter((o) => o.path.includes('{id}'))) {
        for (const id of ['abc', '00000000-0000-0000-0000-00000000000g', "1' or '1'='1", '%F0%9F%92%A9']) {
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: op.path.replace(/\{[^}]+\}/g, id),
            headers: { ...(await credentialsFor(t, op, user)), 'idempotency-key': crypto.randomUUID() },
            ...(op.body ? { payload: plausible(op.body, '') as object } : {}),
          });
          answers.push(`${op.method} ${op.path} ${res.statusCode} ${res.json().error?.code}`);
        }
      }
      const bodyId = await t.app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: { authorization: `Bearer ${user.accessToken}`, 'idempotency-key': crypto.randomUUID() },
        payload: { produto_id: 'abc', quantidade: 1 },
      });
      answers.push(`POST /api/purchases ${bodyId.statusCode} ${bodyId.json().error?.code}`);
      expect(answers.length).toBeGreaterThan(40);
      // The back office's ids are internal: its routes answer the plain not_found.
      const notFound = (answer: string) =>
        / 404 \w+_not_found$/.test(answer) || /^\w+ \/api\/admin\/\S+ 404 not_found$/.test(answer);
      expect(answers.filter((answer) => !notFound(answer))).toEqual([]);
    },
    WALK_BUDGET_MS,
  );

  it('answers a truncated or malformed multipart upload with 400, and stores nothing', async () => {
    const user = await seedUser(t);
    const before = await t.database.db
      .selectFrom('usuarios')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const random = seededRandom(seed);
    for (let i = 0; i < 3; i++) {
      for (const body of multipartBodies(random)) {
        for (const [method, url, auth] of [
          ['POST', '/api/auth/signup', {}],
          ['PUT', '/api/me/photo', { authorization: `Bearer ${user.accessToken}` }],
        ] as const) {
          const res = await t.app.inject({
            method,
            url,
            headers: { ...auth, 'content-type': body.type },
            payload: body.payload,
          });
          // A body that is multipart but says nothing useful is a form with its fields missing.
          if (body.malformed)
            expect([res.statusCode, res.json().error.code], `${url} ${body.what}`).toEqual([
              400,
              'bad_request',
            ]);
          else expect(res.statusCode, `${url} ${body.what}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} ${body.what}`).toBeLessThan(500);
        }
      }
    }
    const after = await t.database.db
      .selectFrom('usuarios')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const me = await t.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(me.json().profile_photo_url).toBeNull();
  });

  it.each(['signed out', 'signed in'])(
    'answers no bad input with a 5xx, %s',
    async (who) => {
      const random = seededRandom(seed + (who === 'signed in' ? 1 : 0));
      const failures: string[] = [];
      let sent = 0;
      for (const op of ops) {
        // A fresh person per route: a route that ends sessions must not blind the next ones.
        const user: SeededUser | undefined = who === 'signed in' ? await seedUser(t) : undefined;
        const credentials = user ? await credentialsFor(t, op, user) : {};
        for (let i = 0; i < CASES_PER_ROUTE; i++) {
          const probe = probeFor(op, random);
          Object.assign(probe.headers, credentials);
          const res: LightMyRequestResponse = await t.app.inject({
            method: probe.method as 'GET',
            url: probe.url,
            headers: probe.headers,
            ...(probe.payload === undefined ? {} : { payload: probe.payload }),
          });
          sent += 1;
          // A 5xx, or a value only the database refused: both mean a schema let bad input through.
          if (res.statusCode >= 500 || res.body.includes(UNSTORABLE_VALUE)) {
            failures.push(
              `${res.statusCode} ${probe.method} ${op.path} (${probe.what}): ${res.body.slice(0, 120)}`,
            );
          }
        }
      }
      expect(sent).toBeGreaterThanOrEqual(ops.length * CASES_PER_ROUTE);
      expect(failures, `FUZZ_SEED=${seed}`).toEqual([]);
    },
    WALK_BUDGET_MS,
  );
});
