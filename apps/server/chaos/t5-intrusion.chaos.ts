// T5 intrusion (OWASP API Top 10 — API1 BOLA, API3 mass assignment, API2 broken
// authentication; ASVS 5.0 §8.2 access control, §5.2 uploads). In-process on PostgreSQL.
//
// The BOLA matrix is derived from the OpenAPI document (/api/docs/json): every path with a
// `{…}` parameter, every method, so a new route is probed the day it is registered. Each caller
// (users A and B, a company owner, anonymous) tries it on the others' objects and on malformed
// ids; the answer must be 401/403/404 (422/400 only for a malformed request), never a 2xx on
// someone else's object, never a 5xx — and afterwards not one row of anybody's data has changed.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { IMAGE_UPLOAD_MAX_BYTES, SIGNUP_BONUS_CENTIS } from '@kreyolcash/domain';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  latestEmailLinkToken,
  logIn,
  newPerson,
  postSignup,
  refreshCookieOf,
  type SignedInUser,
  signupForm,
  TEST_PASSWORD,
  testJpeg,
  testPng,
} from '../src/test-support/accounts.ts';
import { afterResponseSettled } from '../src/test-support/after-response.ts';
import { checkLedger, codeForMovement, latestCodeSentTo } from '../src/test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../src/test-support/marketplace.ts';
import { inlineRefs } from '../src/test-support/openapi-schemas.ts';
import { createTestApp } from '../src/test-support/test-app.ts';
import { testDatabaseKind } from '../src/test-support/test-database.ts';
import { printFigures } from './harness/figures.ts';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// One app for the file, built before the tests are collected: which routes exist decides which
// probes run (PATCH /api/me and PUT /api/me/photo arrive with the profile feature).
const t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100000' });
const openApi = (await t.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument;
// The back office (/api/admin) is not an app user's surface: its own matrix (every route × every
// operator role, anonymous callers and app users) is features/backoffice/authorization-matrix.test.ts.
const operations = operationsOf(openApi).filter((op) => !op.path.startsWith('/api/admin/'));
const hasRoute = (method: string, path: string) =>
  operations.some((op) => op.method === method && op.path === path);

afterAll(async () => {
  await t.close();
});

type OpenApiDocument = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
};
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  pattern?: string;
};
type Operation = { method: string; path: string; params: string[]; bodySchema: Schema | undefined };

function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!HTTP_METHODS.includes(method.toUpperCase() as (typeof HTTP_METHODS)[number])) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ''),
        bodySchema: inlineRefs(
          op.requestBody?.content?.['application/json']?.schema,
          doc.components?.schemas,
        ),
      });
    }
  }
  return ops;
}

// A plausible valid body from the route's JSON schema, so that a probe gets past validation and
// reaches the ownership check (an empty body would be refused with 422 before it).
function sampleOf(schema: Schema | undefined, name = '', overrides: Record<string, unknown> = {}): unknown {
  if (!schema) return undefined;
  if (name in overrides) return overrides[name];
  const variant = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variant) {
    const usable = variant.find((s) => s.type !== 'null') ?? variant[0];
    return sampleOf(usable, name, overrides);
  }
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const key of schema.required ?? Object.keys(schema.properties ?? {})) {
      out[key] = sampleOf(schema.properties?.[key] ?? { type: 'string' }, key, overrides);
    }
    return out;
  }
  if (type === 'integer' || type === 'number') {
    if (/centis/.test(name)) return 100;
    return Math.max(1, schema.minimum ?? 1);
  }
  if (type === 'boolean') return false;
  if (/codigo|code/.test(name)) return '123456';
  if (/email/.test(name)) return 'probe@example.ht';
  if (/telefone|phone/.test(name)) return '+50937001122';
  if (/data|date/.test(name)) return '1990-01-01';
  return 'Probe';
}

// ── people and their things ────────────────────────────────────────────────────────────────

type Actor = SignedInUser & {
  label: string;
  documento: string;
  telefone: string;
  nome: string;
  documentKey: string;
  profileKey: string;
};

async function coloured(background: string): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** Signs up through the API (with a document photo of its own colour), confirms, logs in. */
async function signUpActor(label: string, background: string): Promise<Actor> {
  const person = newPerson();
  const res = await postSignup(t, await signupForm(person, { document_photo: await coloured(background) }));
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`);
  const token = await latestEmailLinkToken(t, person.email);
  await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
  const session = await logIn(t, person.email, person.password);
  await provePhone(session, person.telefone);
  const row = await t.database.db
    .selectFrom('usuarios')
    .select(['document_photo_key', 'profile_photo_key', 'documento', 'telefone'])
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow();
  return {
    ...session,
    label,
    nome: person.nome_completo,
    documento: row.documento,
    telefone: row.telefone,
    documentKey: row.document_photo_key,
    profileKey: row.profile_photo_key ?? '',
  };
}

/** Proves the sign-up phone with the code sent to it: only a proven phone sends. */
async function provePhone(session: { accessToken: string }, telefone: string): Promise<void> {
  const auth = { authorization: `Bearer ${session.accessToken}` };
  await t.app.inject({ method: 'POST', url: '/api/me/phone-proof', headers: auth, payload: {} });
  const codigo = await latestCodeSentTo(t, telefone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/me/phone-proof/verify',
    headers: auth,
    payload: { codigo },
  });
  if (res.statusCode !== 200) throw new Error(`phone proof failed: ${res.body}`);
}

async function startTransfer(
  payer: Actor,
  payee: Actor,
  centis: number,
): Promise<{ id: string; code: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers: { ...bearer(payer), 'idempotency-key': randomUUID() },
    payload: { destinatario_email: payee.email, quantidade_centis: centis },
  });
  if (res.statusCode !== 201) throw new Error(`transfer failed: ${res.body}`);
  const id = res.json().movimentacao_id as string;
  return { id, code: await codeForMovement(t, id) };
}

async function startPurchase(buyer: Actor, productId: string): Promise<{ id: string; code: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { ...bearer(buyer), 'idempotency-key': randomUUID() },
    payload: { produto_id: productId, quantidade: 1 },
  });
  if (res.statusCode !== 201) throw new Error(`purchase failed: ${res.body}`);
  const id = res.json().venda_id as string;
  return { id, code: await codeForMovement(t, id) };
}

async function expectOk(res: LightMyRequestResponse, what: string): Promise<void> {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/** Every row of the tables that hold anybody's money, objects or codes, as text. */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = [
    'usuarios',
    'kreyolcash_contas',
    'kreyolcash_movimentacoes',
    'kreyolcash_retencoes',
    'kreyolcash_lancamentos',
    'kreyolcash_lotes',
    'codigos_verificacao',
    'vendas',
    'empresas',
    'produtos',
    'outbox_messages',
  ];
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<{
      r: string;
    }>`select row_to_json(x)::text as r from ${sql.table(table)} x order by 1`.execute(t.database.db);
    out[table] = rows.map((row) => row.r);
  }
  return out;
}

// ── the matrix ─────────────────────────────────────────────────────────────────────────────

type ProbeObject = {
  label: string;
  id: string;
  /** Who may act on it (non-GET methods); undefined for malformed or nonexistent ids. */
  owner?: Actor;
  /** Who may read it (GET), besides its owner: the other party of a movement. */
  viewers?: Actor[];
  /** The right code, which the owner received: the strongest key a thief could hold. */
  code?: string;
  kind: 'movement' | 'sale' | 'company' | 'product' | 'user' | 'document-file' | 'profile-file' | 'bad';
  /** Not an id at all: 400/422 are fair answers. */
  malformed?: boolean;
};

// Reads any signed-in user may make (the marketplace catalogue) and what is public to anyone
// (profile photos, shown next to names in transfers; an invitation's inviter, shown on the
// sign-up page, whose parameter is an invitation code, so every id probed here is unknown). A 2xx there is no leak when it is the
// right kind of object and carries none of the owner's private data.
const CATALOGUE: Record<string, ProbeObject['kind']> = {
  'GET /api/companies/{id}': 'company',
  'GET /api/companies/{id}/products': 'company',
  'GET /api/products/{id}': 'product',
};
const PUBLIC_READS: Record<string, ProbeObject['kind']> = {
  'GET /api/files/profiles/{name}': 'profile-file',
  'GET /api/referrals/inviter/{code}': 'user',
};

describe(`T5 intrusion on ${testDatabaseKind}`, () => {
  let A: Actor;
  let B: Actor;
  let O: Actor;
  const objects: ProbeObject[] = [];
  const owned: Record<string, { transferPending: string; transferDone: string; salePending: string }> = {};

  beforeAll(async () => {
    [A, B, O] = [
      await signUpActor('A', '#1d4ed8'),
      await signUpActor('B', '#ce1126'),
      await signUpActor('owner', '#15803d'),
    ];
    const companies = new Map<Actor, { id: string; product: string }>();
    for (const actor of [A, B, O]) {
      const company = await createCompanyAs(t, actor);
      const product = await createProductAs(t, actor, company.id, { preco_centis: 250, estoque: 50 });
      companies.set(actor, { id: company.id, product: product.id });
    }
    const ownerProduct = companies.get(O)?.product ?? '';
    for (const payer of [A, B]) {
      const pending = await startTransfer(payer, O, 300);
      const done = await startTransfer(payer, O, 200);
      await expectOk(
        await t.app.inject({
          method: 'POST',
          url: `/api/transfers/${done.id}/verify`,
          headers: bearer(payer),
          payload: { codigo: done.code },
        }),
        'transfer verify',
      );
      const salePending = await startPurchase(payer, ownerProduct);
      const saleDone = await startPurchase(payer, ownerProduct);
      await expectOk(
        await t.app.inject({
          method: 'POST',
          url: `/api/purchases/${saleDone.id}/verify`,
          headers: bearer(payer),
          payload: { codigo: saleDone.code },
        }),
        'purchase verify',
      );
      const saleMovements = await t.database.db
        .selectFrom('vendas')
        .select(['id', 'movimentacao_id'])
        .where('id', 'in', [salePending.id, saleDone.id])
        .execute();
      const movementOf = (saleId: string) =>
        saleMovements.find((s) => s.id === saleId)?.movimentacao_id ?? '';
      const mine = companies.get(payer);
      const who = payer.label;
      owned[who] = { transferPending: pending.id, transferDone: done.id, salePending: salePending.id };
      objects.push(
        {
          label: `${who}.transfer-pending`,
          kind: 'movement',
          id: pending.id,
          owner: payer,
          viewers: [O],
          code: pending.code,
        },
        {
          label: `${who}.transfer-done`,
          kind: 'movement',
          id: done.id,
          owner: payer,
          viewers: [O],
          code: done.code,
        },
        {
          label: `${who}.sale-pending`,
          kind: 'sale',
          id: salePending.id,
          owner: payer,
          code: salePending.code,
        },
        { label: `${who}.sale-done`, kind: 'sale', id: saleDone.id, owner: payer, code: saleDone.code },
        {
          label: `${who}.sale-movement-pending`,
          kind: 'movement',
          id: movementOf(salePending.id),
          owner: payer,
          viewers: [O],
          code: salePending.code,
        },
        {
          label: `${who}.sale-movement-done`,
          kind: 'movement',
          id: movementOf(saleDone.id),
          owner: payer,
          viewers: [O],
        },
        // The same id in capitals: a case-insensitive UUID must not slip past an ownership check.
        {
          label: `${who}.transfer-pending-UPPER`,
          kind: 'movement',
          id: pending.id.toUpperCase(),
          owner: payer,
          viewers: [O],
          code: pending.code,
        },
        { label: `${who}.company`, kind: 'company', id: mine?.id ?? '', owner: payer },
        { label: `${who}.product`, kind: 'product', id: mine?.product ?? '', owner: payer },
      );
    }
    const ownerThings = companies.get(O);
    objects.push(
      { label: 'owner.company', kind: 'company', id: ownerThings?.id ?? '', owner: O },
      { label: 'owner.product', kind: 'product', id: ownerThings?.product ?? '', owner: O },
    );
    for (const actor of [A, B, O]) {
      objects.push(
        { label: `${actor.label}.user`, kind: 'user', id: actor.id, owner: actor },
        {
          label: `${actor.label}.document-file`,
          kind: 'document-file',
          id: actor.documentKey.split('/')[1] ?? '',
          owner: actor,
        },
        {
          label: `${actor.label}.profile-file`,
          kind: 'profile-file',
          id: actor.profileKey.split('/')[1] ?? '',
          owner: actor,
        },
      );
    }
    objects.push(
      { label: 'nil-uuid', kind: 'bad', id: '00000000-0000-0000-0000-000000000000' },
      { label: 'unknown-uuid', kind: 'bad', id: randomUUID() },
      ...[
        'not-a-uuid',
        '0',
        '-1',
        '1 OR 1=1',
        "1' OR '1'='1",
        '../../../etc/passwd',
        '..%2F..%2Fdocuments',
        `../documents/${A.documentKey.split('/')[1]}`,
        '\u0000',
        'null',
        '{id}',
        `${owned.A?.transferPending} `,
        'x'.repeat(3000),
        '😀',
      ].map((id, i) => ({ label: `malformed-${i}`, kind: 'bad' as const, id, malformed: true })),
    );
  });

  it('BOLA matrix: no caller reads or changes another user’s object through any id route', async () => {
    const before = await snapshot();
    const callers: (Actor | undefined)[] = [A, B, O, undefined];
    const idRoutes = operations.filter((op) => op.params.length > 0);
    expect(idRoutes.length).toBeGreaterThanOrEqual(10);
    const counts = new Map<string, Map<string, number>>();
    const failures: string[] = [];
    const privateOf = (actor: Actor) => [
      actor.email,
      actor.documento,
      actor.telefone,
      actor.id,
      actor.documentKey,
    ];
    let sent = 0;

    const count = (row: string, outcome: string) => {
      const bucket = counts.get(row) ?? new Map<string, number>();
      bucket.set(outcome, (bucket.get(outcome) ?? 0) + 1);
      counts.set(row, bucket);
    };

    for (const op of idRoutes) {
      const routeKey = `${op.method} ${op.path}`;
      for (const caller of callers) {
        const row = `${routeKey} · ${caller?.label ?? 'anon'}`;
        for (const object of objects) {
          const isOwner = caller !== undefined && object.owner === caller;
          const isViewer = caller !== undefined && (object.viewers ?? []).includes(caller);
          if (isOwner || (op.method === 'GET' && isViewer)) {
            count(row, 'own (skipped)');
            continue;
          }
          const url = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(object.id));
          const payload = sampleOf(op.bodySchema, '', { codigo: object.code ?? '123456' });
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers: caller ? bearer(caller) : {},
            ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
          });
          sent += 1;
          const status = res.statusCode;
          count(row, String(status));
          const verdict = judge({ op: routeKey, caller, object, status, body: res.body });
          if (verdict)
            failures.push(`${row} on ${object.label}: ${status} ${verdict} ${res.body.slice(0, 160)}`);
        }
      }
    }

    // Methods the document does not list for an id path must not exist either.
    const undeclared = new Map<string, number>();
    for (const path of new Set(idRoutes.map((op) => op.path))) {
      for (const method of HTTP_METHODS) {
        if (hasRoute(method, path)) continue;
        for (const caller of [B, undefined]) {
          const target = objects.find((o) => o.label === 'A.transfer-pending') ?? objects[0];
          const res = await t.app.inject({
            method,
            url: path.replace(/\{[^}]+\}/g, target?.id ?? ''),
            headers: caller ? bearer(caller) : {},
          });
          sent += 1;
          undeclared.set(String(res.statusCode), (undeclared.get(String(res.statusCode)) ?? 0) + 1);
          if (![401, 404, 405].includes(res.statusCode))
            failures.push(`undeclared ${method} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }

    function judge(p: {
      op: string;
      caller: Actor | undefined;
      object: ProbeObject;
      status: number;
      body: string;
    }): string | undefined {
      const { op, caller, object, status, body } = p;
      if (status >= 500) return 'server error';
      const publicKind = PUBLIC_READS[op] ?? (caller ? CATALOGUE[op] : undefined);
      if (status >= 200 && status < 300) {
        if (!publicKind) return '2xx on another user’s object';
        if (publicKind !== object.kind) return `2xx for a ${object.kind} on a ${publicKind} route`;
        const owner = object.owner;
        if (owner && publicKind !== 'profile-file') {
          const leaked = privateOf(owner).filter((value) => value && body.includes(value));
          if (leaked.length > 0) return `public read leaks ${leaked.join(', ')}`;
        }
        return undefined;
      }
      // The router refuses a path parameter over 100 characters before routing (400 bad_request),
      // so before authentication too: a refusal that reads nothing.
      const refusal = safeJson(body) as { error?: { code?: string } } | undefined;
      if (status === 400 && object.malformed && refusal?.error?.code === 'bad_request') return undefined;
      if (!caller && !PUBLIC_READS[op]) return status === 401 ? undefined : 'anonymous not refused with 401';
      if ([401, 403, 404].includes(status)) return undefined;
      if (status === 422 || status === 400) {
        // A request-shape refusal (the id or body is not even well formed) names its fields; a
        // code evaluated against someone else's movement would not, and would count an attempt.
        const parsed = safeJson(body) as { error?: { fields?: unknown; tentativas_restantes?: unknown } };
        if (parsed?.error?.tentativas_restantes !== undefined) return 'a code was evaluated';
        if (object.malformed || parsed?.error?.fields) return undefined;
        // The payee of a transfer sees it, and may be told it is not theirs to report.
        const viewer = caller !== undefined && (object.viewers ?? []).includes(caller);
        const code = (parsed?.error as { code?: string } | undefined)?.code;
        if (viewer && code === 'transaction_not_reportable') return undefined;
        return 'refused for the wrong reason';
      }
      return 'unexpected status';
    }

    const after = await snapshot();
    const changed = Object.keys(before).filter(
      (table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]),
    );
    const ledger = await checkLedger(t.database.db);

    const figures: Record<string, string> = {};
    for (const [row, bucket] of counts) {
      figures[row] = [...bucket].map(([outcome, n]) => `${outcome}×${n}`).join('  ');
    }
    figures['undeclared methods'] = [...undeclared].map(([s, n]) => `${s}×${n}`).join('  ');
    figures['requests sent'] = String(sent);
    figures['id routes (from /api/docs/json)'] = String(idRoutes.length);
    figures['objects (incl. malformed)'] = String(objects.length);
    figures.violations = String(failures.length);
    figures['tables changed'] = changed.join(', ') || 'none';
    figures.ledger = `issued ${ledger.issuedCentis} = balances ${ledger.balancesCentis}; negative ${ledger.negativeBalances}; mismatched ${ledger.mismatchedUsers}`;
    printFigures('T5 BOLA matrix: route · caller → outcome counts', figures);

    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
    expect(ledger.negativeBalances).toBe(0);
    expect(ledger.mismatchedUsers).toBe(0);
    expect(ledger.balancesCentis).toBe(ledger.issuedCentis);
  });

  it('routes about “me” show only the caller’s own data', async () => {
    // GETs without an id that need a token; the e-mail lookup is by design (an exact address the
    // caller already knows, rate limited) and the event stream never ends, so both are left out.
    const skip = new Set(['/api/users/lookup', '/api/events']);
    const meRoutes = operations.filter(
      (op) =>
        op.method === 'GET' &&
        op.params.length === 0 &&
        !skip.has(op.path) &&
        !/^\/api\/(auth|dev|docs|health)/.test(op.path),
    );
    const leaks: string[] = [];
    const figures: Record<string, string> = {};
    const secretsOf = (actor: Actor) => {
      const mine = owned[actor.label];
      return [actor.email, actor.documento, actor.telefone, actor.id, actor.documentKey, actor.nome].concat(
        mine ? [mine.transferPending, mine.transferDone, mine.salePending] : [],
      );
    };
    // A and B never dealt with each other: nothing of one may reach the other. The owner is the
    // payee and seller of both, so it sees their names and e-mails on its own movements and sales,
    // never their NIF, phone or user id.
    // (The test e-mails hold the NIF's digits, so the e-mails the owner may see are taken out of
    // its answers before the NIFs are looked for.)
    const pairs: [Actor, string[], string[]][] = [
      [B, secretsOf(A), []],
      [A, secretsOf(B), []],
      [
        O,
        [A.documento, A.telefone, A.id, A.documentKey, B.documento, B.telefone, B.id, B.documentKey],
        [A.email, B.email],
      ],
    ];
    for (const op of meRoutes) {
      const outcomes: string[] = [];
      for (const [caller, forbidden, visible] of pairs) {
        const res = await t.app.inject({ url: op.path, headers: bearer(caller) });
        outcomes.push(`${caller.label}:${res.statusCode}`);
        if (res.statusCode >= 500) leaks.push(`${op.path} as ${caller.label}: ${res.statusCode}`);
        const body = visible.reduce((text, value) => text.replaceAll(value, '[visible]'), res.body);
        const found = forbidden.filter((value) => value && body.includes(value));
        if (found.length > 0) leaks.push(`${op.path} as ${caller.label} shows ${found.join(', ')}`);
      }
      figures[`GET ${op.path}`] = outcomes.join('  ');
    }

    // Statement: every item is one of the caller's own movements.
    for (const caller of [A, B]) {
      const items = (
        await t.app.inject({ url: '/api/wallet/transactions?limit=100', headers: bearer(caller) })
      ).json().items as { id: string }[];
      const parties = await t.database.db
        .selectFrom('kreyolcash_movimentacoes')
        .select('id')
        .where((eb) => eb.or([eb('remetente_id', '=', caller.id), eb('destinatario_id', '=', caller.id)]))
        .execute();
      const own = new Set(parties.map((p) => p.id));
      const foreign = items.filter((item) => !own.has(item.id));
      if (foreign.length > 0)
        leaks.push(`statement of ${caller.label} holds ${foreign.length} foreign items`);
      figures[`statement of ${caller.label}`] = `${items.length} items, ${foreign.length} foreign`;
    }

    // The private document photo: each user gets exactly their own bytes, never another's.
    const stored = async (actor: Actor) => readFile(join(t.dataDir, 'uploads', actor.documentKey));
    for (const caller of [A, B, O]) {
      const res = await t.app.inject({ url: '/api/me/document-photo', headers: bearer(caller) });
      const bytes = res.rawPayload;
      const own = bytes.equals(await stored(caller));
      const others = (await Promise.all([A, B, O].filter((x) => x !== caller).map(stored))).filter((o) =>
        o.equals(bytes),
      ).length;
      figures[`document photo of ${caller.label}`] =
        `${res.statusCode} ${res.headers['content-type']} ${res.headers['cache-control']}; own ${own}; matches another ${others}`;
      if (!own || others > 0) leaks.push(`document photo of ${caller.label}: own ${own}, others ${others}`);
      expect(res.headers['cache-control']).toContain('no-store');
    }
    expect((await stored(A)).equals(await stored(B))).toBe(false);
    const anonymous = await t.app.inject({ url: '/api/me/document-photo' });
    figures['document photo, anonymous'] = String(anonymous.statusCode);
    expect(anonymous.statusCode).toBe(401);
    figures.leaks = String(leaks.length);
    printFigures('T5 “me” routes: only the caller’s own data', figures);
    expect(leaks).toEqual([]);
  });

  // ── mass assignment ─────────────────────────────────────────────────────────────────────

  describe('mass assignment: fields the client may not set are ignored', () => {
    let M: Actor;
    const figures: Record<string, string> = {};
    beforeAll(async () => {
      M = await signUpActor('M', '#a21caf');
    });
    afterAll(() => {
      printFigures('T5 mass-assignment probes', figures);
    });

    const userRow = (id: string) =>
      t.database.db.selectFrom('usuarios').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const balanceRow = (id: string) =>
      t.database.db
        .selectFrom('vw_saldos_kreyolcash')
        .selectAll()
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();

    it.skipIf(!hasRoute('PATCH', '/api/me'))('PATCH /api/me changes the name and nothing else', async () => {
      const [before, balanceBefore, aBefore] = [
        await userRow(M.id),
        await balanceRow(M.id),
        await userRow(A.id),
      ];
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(M),
        payload: {
          nome_completo: 'Nouvo Non Kreyol',
          email: A.email,
          status: 'BLOQUEADO',
          saldo_centis: 999_999_999,
          documento: '1111111111',
          telefone: '+50930000000',
          id: A.id,
          email_confirmado_em: null,
          document_photo_key: A.documentKey,
          profile_photo_key: A.profileKey,
        },
      });
      const after = await userRow(M.id);
      const changed = Object.keys(before).filter(
        (k) =>
          JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(after[k as keyof typeof after]),
      );
      figures['PATCH /api/me'] = `${res.statusCode}; columns changed: ${changed.join(', ')}`;
      expect(res.statusCode).toBe(200);
      expect(after.nome_completo).toBe('Nouvo Non Kreyol');
      expect(changed.filter((k) => !['nome_completo', 'atualizado_em', 'updated_at'].includes(k))).toEqual(
        [],
      );
      expect(await balanceRow(M.id)).toEqual(balanceBefore);
      expect(await userRow(A.id)).toEqual(aBefore);
    });

    it('POST /api/companies ignores responsavel_id, status and id', async () => {
      const forcedId = randomUUID();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/companies',
        headers: bearer(M),
        payload: {
          nome: 'Konpayi M',
          descricao: 'Tès',
          categoria: 'bakery',
          responsavel_id: A.id,
          status: 'SUSPENSA',
          id: forcedId,
          is_owner: false,
          created_at: '2000-01-01T00:00:00Z',
        },
      });
      expect(res.statusCode).toBe(201);
      const row = await t.database.db
        .selectFrom('empresas')
        .selectAll()
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      figures['POST /api/companies'] =
        `${res.statusCode}; owner=${row.responsavel_id === M.id ? 'caller' : 'OTHER'}; status=${row.status}; id forced=${row.id === forcedId}`;
      expect(row.responsavel_id).toBe(M.id);
      expect(row.status).toBe('ATIVA');
      expect(row.id).not.toBe(forcedId);
      const aCompanies = await t.database.db
        .selectFrom('empresas')
        .select('id')
        .where('responsavel_id', '=', A.id)
        .execute();
      expect(aCompanies).toHaveLength(1);
    });

    it('POST /api/companies/:id/products ignores empresa_id, status, id and reservations', async () => {
      const mine = (await t.app.inject({ url: '/api/companies/mine', headers: bearer(M) })).json();
      const aCompany = objects.find((o) => o.label === 'A.company')?.id ?? '';
      const aProductsBefore = await t.database.db
        .selectFrom('produtos')
        .select('id')
        .where('empresa_id', '=', aCompany)
        .execute();
      const forcedId = randomUUID();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/companies/${mine.id}/products`,
        headers: bearer(M),
        payload: {
          nome: 'Pwodwi M',
          descricao: 'Tès',
          categoria: 'food',
          preco_centis: 500,
          empresa_id: aCompany,
          status: 'INATIVO',
          id: forcedId,
          estoque_reservado: 7,
        },
      });
      expect(res.statusCode).toBe(201);
      const row = await t.database.db
        .selectFrom('produtos')
        .selectAll()
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      figures['POST /api/companies/:id/products'] =
        `${res.statusCode}; company=${row.empresa_id === mine.id ? 'caller’s' : 'OTHER'}; status=${row.status}; id forced=${row.id === forcedId}; reserved=${row.estoque_reservado}`;
      expect(row.empresa_id).toBe(mine.id);
      expect(row.status).toBe('ATIVO');
      expect(row.id).not.toBe(forcedId);
      expect(row.estoque_reservado).toBe(0);
      const aProductsAfter = await t.database.db
        .selectFrom('produtos')
        .select('id')
        .where('empresa_id', '=', aCompany)
        .execute();
      expect(aProductsAfter).toEqual(aProductsBefore);
    });

    it('POST /api/transfers ignores remetente_id and status', async () => {
      const aBalance = await balanceRow(A.id);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        headers: { ...bearer(M), 'idempotency-key': randomUUID() },
        payload: {
          destinatario_email: O.email,
          quantidade_centis: 100,
          remetente_id: A.id,
          // destinatario_id is a payee form since pay by phone; the accounts are not.
          conta_credito: M.id,
          status: 'concluida',
          tipo: 'bonus',
        },
      });
      expect(res.statusCode).toBe(201);
      const row = await t.database.db
        .selectFrom('kreyolcash_movimentacoes')
        .selectAll()
        .where('id', '=', res.json().movimentacao_id)
        .executeTakeFirstOrThrow();
      figures['POST /api/transfers'] =
        `${res.statusCode}; payer=${row.remetente_id === M.id ? 'caller' : 'OTHER'}; payee=${row.destinatario_id === O.id ? 'named by e-mail' : 'OTHER'}; status=${row.status}`;
      expect(row.remetente_id).toBe(M.id);
      expect(row.destinatario_id).toBe(O.id);
      expect(row.status).toBe('pendente');
      expect(await balanceRow(A.id)).toEqual(aBalance);
    });

    it('POST /api/purchases refuses a price that is not the product’s, and ignores totals and the buyer', async () => {
      const product = objects.find((o) => o.label === 'owner.product')?.id ?? '';
      const aBalance = await balanceRow(A.id);
      const mBalance = await balanceRow(M.id);
      const attempt = (price: Record<string, number>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/purchases',
          headers: { ...bearer(M), 'idempotency-key': randomUUID() },
          payload: {
            produto_id: product,
            quantidade: 2,
            ...price,
            total_centis: 1,
            comprador_id: A.id,
            vendedor_id: M.id,
            status: 'CONFIRMADA',
          },
        });
      // A unit price of the client's own is refused, holding nothing: the product's is named.
      const cheap = await attempt({ preco_unitario_centis: 1 });
      expect([cheap.statusCode, cheap.json().error]).toEqual([
        409,
        expect.objectContaining({ code: 'price_changed', details: { preco_unitario_centis: 250 } }),
      ]);
      expect(await balanceRow(M.id)).toEqual(mBalance);
      const res = await attempt({});
      expect(res.statusCode).toBe(201);
      const sale = await t.database.db
        .selectFrom('vendas')
        .selectAll()
        .where('id', '=', res.json().venda_id)
        .executeTakeFirstOrThrow();
      figures['POST /api/purchases'] =
        `${cheap.statusCode} ${cheap.json().error.code} for a price of 1, then ${res.statusCode}; total=${sale.total_centis} (2 × 250); buyer=${sale.comprador_id === M.id ? 'caller' : 'OTHER'}; status=${sale.status}`;
      expect(res.json().total_centis).toBe(500);
      expect(sale.total_centis).toBe(500);
      expect(sale.preco_unitario_centis).toBe(250);
      expect(sale.comprador_id).toBe(M.id);
      expect(sale.vendedor_id).toBe(O.id);
      expect(sale.status).toBe('PENDENTE');
      expect(await balanceRow(A.id)).toEqual(aBalance);
    });

    it.skipIf(!hasRoute('POST', '/api/referrals'))(
      'POST /api/referrals ignores status and inviter',
      async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/referrals',
          headers: bearer(M),
          payload: {
            nome: 'Zanmi M',
            telefone: '+50937445566',
            status: 'bonus_paid',
            indicador_id: A.id,
            id: randomUUID(),
          },
        });
        const body = res.json();
        figures['POST /api/referrals'] = `${res.statusCode}; status=${body.status}`;
        expect(res.statusCode).toBe(201);
        expect(body.status).toBe('sent');
        const page = (await t.app.inject({ url: '/api/referrals', headers: bearer(A) })).json();
        expect(JSON.stringify(page)).not.toContain('Zanmi M');
      },
    );

    it('sign-up ignores balance, status, confirmation and id fields', async () => {
      const person = newPerson();
      const forcedId = randomUUID();
      const form = await signupForm({
        ...person,
        saldo_centis: '99999999',
        status: 'ADMIN',
        email_confirmado_em: '2020-01-01T00:00:00Z',
        email_confirmado: 'true',
        id: forcedId,
        tipo_documento: 'PASAPO',
      });
      const res = await postSignup(t, form);
      expect(res.statusCode).toBe(201);
      const row = await userRow(res.json().user.id);
      const balance = await balanceRow(row.id);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: person.email, password: person.password },
      });
      figures['POST /api/auth/signup'] =
        `${res.statusCode}; status=${row.status}; confirmed=${row.email_confirmado_em !== null}; balance=${balance.saldo_centis}; login=${login.statusCode}`;
      expect(row.id).not.toBe(forcedId);
      expect(row.status).toBe('ATIVO');
      expect(row.email_confirmado_em).toBeNull();
      expect(row.tipo_documento).not.toBe('PASAPO');
      expect(balance.saldo_centis).toBe(SIGNUP_BONUS_CENTIS);
      expect(login.statusCode).toBe(403);
    });
  });

  // ── tokens ──────────────────────────────────────────────────────────────────────────────

  describe('access tokens that must no longer work', () => {
    // Every GET route that an anonymous caller is refused: ids are random (a valid token then
    // gets 404, which proves it was let through authentication).
    let authedGets: string[] = [];
    const figures: Record<string, string> = {};
    beforeAll(async () => {
      authedGets = [];
      for (const op of operations.filter((o) => o.method === 'GET')) {
        const url = op.path.replace(/\{[^}]+\}/g, randomUUID());
        const res = await injectWithin({ url }, 5000);
        if (res?.statusCode === 401) authedGets.push(url);
      }
    });
    afterAll(() => {
      printFigures('T5 refused tokens: authenticated GET routes answering 401', figures);
    });

    /** An inject that gives up (undefined) after `ms`: an accepted event stream never ends. */
    async function injectWithin(
      options: { url: string; headers?: Record<string, string> },
      ms: number,
    ): Promise<LightMyRequestResponse | undefined> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
      });
      try {
        return await Promise.race([t.app.inject(options), timeout]);
      } finally {
        clearTimeout(timer);
      }
    }

    async function refusedEverywhere(label: string, token: string): Promise<void> {
      const accepted: string[] = [];
      for (const url of authedGets) {
        const res = await injectWithin({ url, headers: { authorization: `Bearer ${token}` } }, 3000);
        if (res?.statusCode !== 401) accepted.push(`${url} → ${res?.statusCode ?? 'stream opened'}`);
      }
      const events = await injectWithin({ url: `/api/events?access_token=${token}` }, 3000);
      if (events?.statusCode !== 401)
        accepted.push(`/api/events?access_token → ${events?.statusCode ?? 'stream opened'}`);
      figures[label] = `${authedGets.length + 1 - accepted.length}/${authedGets.length + 1} refused`;
      expect(accepted, label).toEqual([]);
    }

    async function acceptedEverywhere(token: string): Promise<void> {
      const refused: string[] = [];
      for (const url of authedGets.filter((u) => !u.startsWith('/api/events'))) {
        const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode === 401 || res.statusCode >= 500) refused.push(`${url} → ${res.statusCode}`);
      }
      expect(refused, 'a valid token must pass authentication on every route').toEqual([]);
    }

    it('finds the authenticated GET routes', () => {
      figures['authenticated GET routes'] = String(authedGets.length);
      expect(authedGets.length).toBeGreaterThanOrEqual(10);
      expect(authedGets).toContain('/api/me');
      expect(authedGets).toContain('/api/events');
    });

    it('after logout', async () => {
      const user = await signUpActor('logout', '#444444');
      await acceptedEverywhere(user.accessToken);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: user.refreshCookie },
      });
      expect(res.statusCode).toBe(204);
      await refusedEverywhere('after logout', user.accessToken);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: user.refreshCookie },
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('after a password reset, for every session', async () => {
      const user = await signUpActor('reset', '#555555');
      const second = await logIn(t, user.email, TEST_PASSWORD);
      await acceptedEverywhere(second.accessToken);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      await afterResponseSettled(t.app); // the link is queued after the answer
      const accessToken = await latestEmailLinkToken(t, user.email, 'access_token');
      const refreshToken = await latestEmailLinkToken(t, user.email, 'refresh_token');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { access_token: accessToken, refresh_token: refreshToken, password: 'Nouvo-Modpas-2025!' },
      });
      expect(reset.statusCode).toBe(200);
      await refusedEverywhere('after password reset (session 1)', user.accessToken);
      await refusedEverywhere('after password reset (session 2)', second.accessToken);
      const replay = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { access_token: accessToken, refresh_token: refreshToken, password: 'Lot-Modpas-2025!' },
      });
      expect(replay.statusCode).toBeGreaterThanOrEqual(400);
      expect(replay.statusCode).toBeLessThan(500);
    });

    it('after refresh-token reuse, old and new access tokens alike', async () => {
      const user = await signUpActor('reuse', '#666666');
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: user.refreshCookie },
      });
      expect(first.statusCode).toBe(200);
      const rotatedToken = first.json().access_token as string;
      await acceptedEverywhere(rotatedToken);
      // The owner refreshes again with the successor; then a copy of the first token comes (a
      // retry is honoured only while the successor is unused).
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: refreshCookieOf(first.headers['set-cookie']) },
      });
      expect(second.statusCode).toBe(200);
      const latestCookie = refreshCookieOf(second.headers['set-cookie']);
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: user.refreshCookie },
      });
      expect(reuse.statusCode).toBe(401);
      await refusedEverywhere('after refresh reuse (old token)', user.accessToken);
      await refusedEverywhere('after refresh reuse (rotated token)', rotatedToken);
      await refusedEverywhere('after refresh reuse (latest token)', second.json().access_token as string);
      const next = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: latestCookie },
      });
      expect(next.statusCode).toBe(401);
    });

    it('forged, expired and orphaned tokens', async () => {
      const user = await signUpActor('forge', '#777777');
      const sid = (
        await t.database.db
          .selectFrom('sessoes')
          .select('id')
          .where('user_id', '=', user.id)
          .where('revogado_em', 'is', null)
          .executeTakeFirstOrThrow()
      ).id;
      const key = (secret: string) => new TextEncoder().encode(secret);
      const now = Math.floor(Date.now() / 1000);
      const sign = (
        claims: { sub: string; sid: string },
        options: { secret?: string; alg?: string; iss?: string; exp?: number } = {},
      ) =>
        new SignJWT({ sid: claims.sid })
          .setProtectedHeader({ alg: options.alg ?? 'HS256' })
          .setSubject(claims.sub)
          .setIssuer(options.iss ?? 'kreyolcash')
          .setIssuedAt(now - 60)
          .setExpirationTime(options.exp ?? now + 600)
          .sign(key(options.secret ?? t.config.jwtSecret));
      // The baseline: the same claims, signed right, are accepted.
      await acceptedEverywhere(await sign({ sub: user.id, sid }));
      const orphan = await signUpActor('orphan', '#888888');
      const orphanSid = (
        await t.database.db
          .selectFrom('sessoes')
          .select('id')
          .where('user_id', '=', orphan.id)
          .executeTakeFirstOrThrow()
      ).id;
      await t.database.db.deleteFrom('sessoes').where('id', '=', orphanSid).execute();
      const cases: [string, string][] = [
        [
          'signed with another secret',
          await sign({ sub: user.id, sid }, { secret: 'another-secret-that-is-long-enough-0123456789' }),
        ],
        ['expired (right secret)', await sign({ sub: user.id, sid }, { exp: now - 30 })],
        [
          'alg none',
          new UnsecuredJWT({ sid })
            .setSubject(user.id)
            .setIssuer('kreyolcash')
            .setExpirationTime(now + 600)
            .encode(),
        ],
        ['HS512 with the right secret', await sign({ sub: user.id, sid }, { alg: 'HS512' })],
        ['another issuer', await sign({ sub: user.id, sid }, { iss: 'evil' })],
        ['unknown session', await sign({ sub: user.id, sid: randomUUID() })],
        ['deleted session', await sign({ sub: orphan.id, sid: orphanSid })],
        ['session id not a uuid', await sign({ sub: user.id, sid: 'not-a-uuid' })],
        ['session of another user', await sign({ sub: A.id, sid })],
        ['signature stripped', `${user.accessToken.split('.').slice(0, 2).join('.')}.`],
        ['garbage', 'not.a.jwt'],
      ];
      for (const [label, token] of cases) await refusedEverywhere(label, token);
      // The token in the query string counts only for the event stream (EventSource has no headers).
      const query = await t.app.inject({ url: `/api/me?access_token=${user.accessToken}` });
      figures['token in ?access_token= on /api/me'] = String(query.statusCode);
      expect(query.statusCode).toBe(401);
    });
  });

  // ── uploads ─────────────────────────────────────────────────────────────────────────────

  describe('upload attacks', () => {
    const figures: Record<string, string> = {};
    afterAll(() => {
      printFigures('T5 upload attacks', figures);
    });

    const uploadsDir = join(t.dataDir, 'uploads');
    const filesStored = async () => {
      let n = 0;
      for (const folder of ['documents', 'profiles']) {
        n += (await readdir(join(uploadsDir, folder)).catch(() => [])).length;
      }
      return n;
    };
    const userCount = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from usuarios`.execute(t.database.db)).rows[0]?.n,
      );

    /** A sign-up whose document photo is `bytes`, sent under the given name and type. */
    async function signUpWith(bytes: Buffer, filename: string, type: string) {
      const person = newPerson();
      const form = await signupForm(person, { document_photo: null });
      form.append('document_photo', new Blob([bytes], { type }), filename);
      const started = process.hrtime.bigint();
      const res = await postSignup(t, form);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      return { res, ms, person };
    }

    async function documentPhotoOf(person: { email: string; password: string }) {
      const token = await latestEmailLinkToken(t, person.email);
      await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
      const session = await logIn(t, person.email, person.password);
      const res = await t.app.inject({ url: '/api/me/document-photo', headers: bearer(session) });
      return { res, session };
    }

    /** A real JPEG followed by filler up to exactly `size` bytes (bytes after EOI are ignored). */
    async function jpegOfSize(size: number): Promise<Buffer> {
      const jpeg = await testJpeg(32, 32);
      return Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length, 0)]);
    }

    async function refusedWithoutTrace(
      label: string,
      attempt: () => Promise<{ res: LightMyRequestResponse; ms: number }>,
      expected: { status: number; code: string },
    ) {
      const [files, users] = [await filesStored(), await userCount()];
      const { res, ms } = await attempt();
      figures[label] = `${res.statusCode} ${res.json().error?.code} in ${ms.toFixed(0)} ms`;
      expect(res.statusCode, res.body).toBe(expected.status);
      expect(res.json().error.code).toBe(expected.code);
      expect(await filesStored()).toBe(files);
      expect(await userCount()).toBe(users);
    }

    it('sign-up: a photo of exactly the limit is taken, one byte more is refused with nothing kept', async () => {
      const atLimit = await signUpWith(await jpegOfSize(IMAGE_UPLOAD_MAX_BYTES), 'nif.jpg', 'image/jpeg');
      figures['sign-up, exactly 5 MB'] = `${atLimit.res.statusCode} in ${atLimit.ms.toFixed(0)} ms`;
      expect(atLimit.res.statusCode, atLimit.res.body).toBe(201);
      await refusedWithoutTrace(
        'sign-up, 5 MB + 1 byte',
        async () => signUpWith(await jpegOfSize(IMAGE_UPLOAD_MAX_BYTES + 1), 'nif.jpg', 'image/jpeg'),
        { status: 413, code: 'image_too_large' },
      );
    });

    it('sign-up: a GIF/HTML polyglot named .jpg and typed image/jpeg is refused by its content', async () => {
      const polyglot = Buffer.concat([
        Buffer.from(
          'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00',
          'latin1',
        ),
        Buffer.from('<html><script>fetch("/api/me").then(r=>r.text()).then(alert)</script></html>'),
        Buffer.from(',\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1'),
      ]);
      await refusedWithoutTrace(
        'sign-up, GIF/HTML polyglot as .jpg',
        () => signUpWith(polyglot, 'nif.jpg', 'image/jpeg'),
        {
          status: 422,
          code: 'image_invalid_type',
        },
      );
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      await refusedWithoutTrace(
        'sign-up, SVG with script as .png',
        () => signUpWith(svg, 'nif.png', 'image/png'),
        {
          status: 422,
          code: 'image_invalid_type',
        },
      );
      const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
      await refusedWithoutTrace('sign-up, HTML as .jpg', () => signUpWith(html, 'nif.jpg', 'image/jpeg'), {
        status: 422,
        code: 'image_invalid_type',
      });
    });

    it('sign-up: a JPEG carrying HTML is stored re-encoded, without the HTML, served as an image', async () => {
      const jpeg = await testJpeg(40, 40);
      const comment = Buffer.from('<html><script>alert(1)</script></html>');
      const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
      const polyglot = Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2), comment]);
      const { res, person } = await signUpWith(polyglot, 'nif.jpg', 'image/jpeg');
      expect(res.statusCode, res.body).toBe(201);
      const photo = (await documentPhotoOf(person)).res;
      const text = photo.rawPayload.toString('latin1');
      figures['sign-up, JPEG with HTML inside'] =
        `${res.statusCode}; served ${photo.headers['content-type']}, nosniff=${photo.headers['x-content-type-options']}; script kept=${text.includes('<script')}`;
      expect(text).not.toContain('<script');
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
    });

    it('sign-up: the type comes from the bytes, not from the name or the declared type', async () => {
      const png = await signUpWith(await testPng(30, 20), 'nif.jpg', 'image/jpeg');
      expect(png.res.statusCode, png.res.body).toBe(201);
      const servedPng = (await documentPhotoOf(png.person)).res;
      const pngMeta = await sharp(servedPng.rawPayload).metadata();
      const jpg = await signUpWith(await testJpeg(30, 20), 'nif.png', 'image/png');
      expect(jpg.res.statusCode, jpg.res.body).toBe(201);
      const servedJpg = (await documentPhotoOf(jpg.person)).res;
      const jpgMeta = await sharp(servedJpg.rawPayload).metadata();
      figures['sign-up, PNG named .jpg'] =
        `stored and served as ${pngMeta.format} (${servedPng.headers['content-type']})`;
      figures['sign-up, JPEG named .png'] =
        `stored and served as ${jpgMeta.format} (${servedJpg.headers['content-type']})`;
      expect(pngMeta.format).toBe('png');
      expect(servedPng.headers['content-type']).toBe('image/png');
      expect(jpgMeta.format).toBe('jpeg');
      expect(servedJpg.headers['content-type']).toBe('image/jpeg');
    });

    it('sign-up: 20000×20000 pixel bombs are refused fast with bounded memory', async () => {
      for (const [label, bomb] of [
        ['PNG', pngBomb(20_000, 20_000)],
        ['JPEG', await jpegBomb(20_000, 20_000)],
      ] as const) {
        const measured = await withPeakRss(() => signUpWith(bomb, 'nif.jpg', 'image/jpeg'));
        const { res, ms } = measured.value;
        const mb = measured.peakDeltaBytes / 1024 / 1024;
        figures[`sign-up, ${label} bomb 20000×20000 (${bomb.length} B)`] =
          `${res.statusCode} ${res.json().error?.code} in ${ms.toFixed(0)} ms, RSS +${mb.toFixed(1)} MB`;
        expect(res.statusCode).toBe(413);
        expect(res.json().error.code).toBe('image_too_large');
        expect(ms).toBeLessThan(2000);
        // Decoded, the bomb is 400 megapixels (≥ 400 MB); refusing it must cost a tiny fraction.
        expect(mb).toBeLessThan(64);
      }
    });

    it('sign-up: EXIF and GPS are stripped from the stored document photo, orientation applied', async () => {
      const withGps = await exifJpeg();
      const before = await sharp(withGps).metadata();
      const { res, person } = await signUpWith(withGps, 'nif.jpg', 'image/jpeg');
      expect(res.statusCode, res.body).toBe(201);
      const served = (await documentPhotoOf(person)).res.rawPayload;
      const after = await sharp(served).metadata();
      figures['sign-up, JPEG with EXIF+GPS (orientation 6, 80×40)'] =
        `in: exif ${before.exif?.length ?? 0} B; stored: exif ${after.exif?.length ?? 0} B, xmp ${after.xmp?.length ?? 0} B, ${after.width}×${after.height}`;
      expect(before.exif?.length ?? 0).toBeGreaterThan(0);
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(after.orientation ?? 1).toBe(1);
      expect([after.width, after.height]).toEqual([40, 80]);
      expect(served.toString('latin1')).not.toContain('SpyCam');
    });

    describe.skipIf(!hasRoute('PUT', '/api/me/photo'))('PUT /api/me/photo', () => {
      let user: Actor;
      beforeAll(async () => {
        user = await signUpActor('photo', '#0f766e');
      });
      const put = async (bytes: Buffer, filename: string, type: string) => {
        const form = new FormData();
        form.append('photo', new Blob([bytes], { type }), filename);
        const started = process.hrtime.bigint();
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/me/photo',
          headers: bearer(user),
          payload: form,
        });
        return { res, ms: Number(process.hrtime.bigint() - started) / 1e6 };
      };
      const currentKey = async () =>
        (
          await t.database.db
            .selectFrom('usuarios')
            .select('profile_photo_key')
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).profile_photo_key;

      it('refuses size + 1, polyglots and bombs, keeping the old photo', async () => {
        const keyBefore = await currentKey();
        const attempts: [string, Buffer, string, string, number, string][] = [
          [
            '5 MB + 1 byte',
            await jpegOfSize(IMAGE_UPLOAD_MAX_BYTES + 1),
            'me.jpg',
            'image/jpeg',
            413,
            'image_too_large',
          ],
          [
            'GIF/HTML polyglot as .jpg',
            Buffer.from('GIF89a<html><script>alert(1)</script></html>', 'latin1'),
            'me.jpg',
            'image/jpeg',
            422,
            'image_invalid_type',
          ],
          ['PNG bomb 20000×20000', pngBomb(20_000, 20_000), 'me.png', 'image/png', 413, 'image_too_large'],
        ];
        for (const [label, bytes, name, type, status, code] of attempts) {
          const measured = await withPeakRss(() => put(bytes, name, type));
          const { res, ms } = measured.value;
          figures[`PUT /api/me/photo, ${label}`] =
            `${res.statusCode} ${res.json().error?.code} in ${ms.toFixed(0)} ms, RSS +${(measured.peakDeltaBytes / 1024 / 1024).toFixed(1)} MB`;
          expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
          expect(res.json().error.code).toBe(code);
          expect(await currentKey()).toBe(keyBefore);
        }
      });

      it('stores by content and strips EXIF/GPS', async () => {
        const { res } = await put(await exifJpeg(), 'me.png', 'image/png');
        expect(res.statusCode, res.body).toBe(200);
        const url = res.json().profile_photo_url as string;
        expect(url).toMatch(/\.jpg$/);
        const served = await t.app.inject({ url });
        const meta = await sharp(served.rawPayload).metadata();
        figures['PUT /api/me/photo, JPEG with EXIF+GPS named .png'] =
          `${res.statusCode}; served ${served.headers['content-type']}, exif ${meta.exif?.length ?? 0} B, ${meta.width}×${meta.height}`;
        expect(meta.format).toBe('jpeg');
        expect(meta.exif).toBeUndefined();
        expect([meta.width, meta.height]).toEqual([40, 80]);
      });
    });
  });
});

// ── images ─────────────────────────────────────────────────────────────────────────────────

async function exifJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 40, channels: 3, background: '#123456' } })
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 3000', Copyright: 'owner-name' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '18/1 32/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '72/1 20/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A valid 1-bit PNG of width×height pixels: ~50 KB on disk, 400 megapixels decoded. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG whose frame header claims width×height. */
async function jpegBomb(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await testJpeg(16, 16));
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no frame header');
}

/** Runs `work` while sampling the resident set size; the peak above the starting point. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakDeltaBytes: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peakDeltaBytes: peak - start };
  } finally {
    clearInterval(sampler);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
