import { randomUUID } from 'node:crypto';
import {
  startedTransferSchema,
  statementPageSchema,
  timestampSchema,
  verifiedTransferSchema,
  walletSchema,
} from '@kreyolcash/domain';
import {
  isResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { codeForMovement, type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { createCompanyAs, createProductAs } from '../test-support/marketplace.ts';
import { operatorSession } from '../test-support/operators.ts';
import { decideReport, paidTransfer, reportTransfer } from '../test-support/report-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { compiledSerializerCompiler, compileExact } from './compiled-serializer.ts';

const zodWrites = (schema: $ZodType, data: unknown): string =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' } as never)(data) as string;

describe('the compiled serializer', () => {
  it('compiles every opted-in answer', () => {
    for (const schema of [walletSchema, statementPageSchema, startedTransferSchema, verifiedTransferSchema]) {
      expect(compileExact(schema)).toBeTypeOf('function');
    }
  });

  it("leaves to zod's serializer what changes an answer on the way out or needs a guess", () => {
    const outOfReach = [
      z.object({ n: z.string().transform((s) => s.length) }),
      z.object({ n: z.int().default(3) }),
      z.object({ s: z.string().trim() }),
      z.object({ u: z.union([z.string(), z.int()]) }),
      z.strictObject({ s: z.string() }),
      z.looseObject({ s: z.string() }),
      z.object({ when: z.date() }),
      z.object({ m: z.record(z.string(), z.int()) }),
    ];
    for (const schema of outOfReach) expect(compileExact(schema)).toBeUndefined();
  });

  it('still fails loudly under test on an answer off its schema; production writes without zod', () => {
    const route = { schema: walletSchema, method: 'GET', url: '/api/wallet', httpStatus: '200' } as never;
    const offSchema = { saldo_centis: 10.5, reservado_centis: 0, disponivel_centis: 10 };
    const underTest = compiledSerializerCompiler({ env: 'test' })(route);
    let thrown: unknown;
    try {
      underTest(offSchema);
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
    const valid = {
      saldo_centis: 1050,
      reservado_centis: 0,
      disponivel_centis: 1050,
      em_verificacao_centis: 0,
    };
    const inProduction = compiledSerializerCompiler({ env: 'production' })(route);
    expect(inProduction(valid)).toBe(zodWrites(walletSchema, valid));
    expect(underTest(valid)).toBe(zodWrites(walletSchema, valid));
  });

  it("writes zod's bytes: shape order around optional keys, escapes, nulls, instants, dropped keys", () => {
    const schema = z.object({
      a: z.string(),
      maybe: z.boolean().optional(),
      b: z.int(),
      when: timestampSchema,
      decided: timestampSchema.nullable(),
      line: z.object({ q: z.number(), name: z.string() }).nullable(),
      list: z.array(z.object({ s: z.string().nullable(), ok: z.literal(true) })),
    });
    const write = compileExact(schema);
    const texts = ['Jérôme "Ti Jo"', 'a\\b\nc\u0001', 'lone \ud800 half', '🇭🇹 Ayiti', 'x'.repeat(60) + '"'];
    const answers = [
      {
        a: texts[0],
        maybe: true,
        b: -12,
        when: new Date('2026-03-01T12:00:00.120Z'),
        decided: null,
        line: null,
        list: [],
      },
      {
        b: 0,
        a: texts[1],
        maybe: undefined,
        when: new Date('0999-01-01T00:00:00Z'),
        decided: new Date(0),
        line: { name: texts[2], q: 12.5, extra: 'dropped' },
        list: [...texts, null].map((s) => ({ s, ok: true, id: 'dropped' })),
        secret: 'dropped',
      },
    ];
    for (const answer of answers) expect(write?.(answer)).toBe(zodWrites(schema, answer));
  });
});

// Real answers of the opted-in routes, written by the compiled serializer, against what zod's
// serializer writes for the very same answer (caught before serialization). A statement page is
// written by PostgreSQL and sent as text: against what zod writes for the value that text holds.
describe(`the opted-in routes answer zod's bytes, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  const answered: { url: string; payload: unknown; body: string }[] = [];
  beforeAll(async () => {
    const payloads = new WeakMap<object, unknown>();
    t = await createTestApp(
      { RATE_LIMIT_MULTIPLIER: '10' },
      {
        beforeReady: (app) => {
          app.addHook('preSerialization', async (request, _reply, payload) => {
            payloads.set(request, payload);
            return payload;
          });
          app.addHook('onSend', async (request, _reply, body) => {
            // A JSON text already written (a statement page) is sent as its bytes.
            if (typeof body === 'string' || Buffer.isBuffer(body))
              answered.push({ url: request.url, payload: payloads.get(request), body: body.toString() });
            return body;
          });
        },
      },
    );
  });
  afterAll(async () => t.close());

  const auth = (u: SeededUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const post = (u: SeededUser, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth(u), 'idempotency-key': randomUUID() }, payload });

  it('for a statement with transfers, a purchase, a reversal, nulls and notes', async () => {
    const [payer, payee, seller] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    // A posted transfer with a note to escape, a pending one, a cancelled one.
    const started = await post(payer, '/api/transfers', {
      destinatario_email: payee.email,
      quantidade_centis: 1250,
      observacoes: 'Pou "lekòl" timoun yo\\ 🇭🇹',
    });
    expect(started.statusCode).toBe(201);
    const posted = started.json().movimentacao_id as string;
    const verified = await post(payer, `/api/transfers/${posted}/verify`, {
      codigo: await codeForMovement(t, posted),
    });
    expect(verified.statusCode).toBe(200);
    await post(payer, '/api/transfers', { destinatario_email: payee.email, quantidade_centis: 300 });
    const cancelled = await post(payer, '/api/transfers', {
      destinatario_email: payee.email,
      quantidade_centis: 75,
    });
    await post(payer, `/api/transfers/${cancelled.json().movimentacao_id}/cancel`);
    // A purchase: the statement's compra line.
    const owner = { ...seller, refreshCookie: '' };
    const empresa = await createCompanyAs(t, owner, { nome: 'Boutik Manman Lou' });
    const produto = await createProductAs(t, owner, empresa.id, {
      nome: 'Diri blan',
      preco_centis: 375,
      estoque: 9,
    });
    const sale = await post(payer, '/api/purchases', { produto_id: produto.id, quantidade: 2 });
    expect(sale.statusCode).toBe(201);
    const saleId = sale.json().venda_id as string;
    // The purchase's code is sent under its sale.
    const code = await codeForMovement(t, saleId);
    expect((await post(payer, `/api/purchases/${saleId}/verify`, { codigo: code })).statusCode).toBe(200);
    // A reversal: a "wrong person" report that support reverses.
    const mistaken = await paidTransfer(t, payer, payee, 500);
    const report = await reportTransfer(t, payer, mistaken, 'Se pa bon moun nan');
    expect(report.statusCode).toBe(201);
    const { cookie } = await operatorSession(t, 'support');
    const decided = await decideReport(t, cookie, report.json().reclamacao.id, 'reverse', 'Moun nan konfonn');
    expect(decided.statusCode).toBe(200);

    for (const user of [payer, payee, seller]) {
      for (const url of [
        '/api/wallet',
        '/api/wallet/transactions?limit=100',
        '/api/wallet/transactions?limit=2',
      ]) {
        expect((await t.app.inject({ url, headers: auth(user) })).statusCode).toBe(200);
      }
    }

    const payerPage = JSON.parse(
      answered.find((a) => a.url === '/api/wallet/transactions?limit=100')?.body ?? '',
    ) as {
      items: { tipo: string; status: string; compra: unknown; observacoes: string | null }[];
    };
    const kinds = new Set(payerPage.items.map((item) => `${item.tipo}/${item.status}`));
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'transferencia/concluida',
        'transferencia/pendente',
        'transferencia/cancelada',
        'compra/concluida',
        'estorno/concluida',
      ]),
    );
    const schemaOf = (url: string) =>
      url === '/api/wallet'
        ? walletSchema
        : url.startsWith('/api/wallet/transactions')
          ? statementPageSchema
          : url.endsWith('/verify') && url.startsWith('/api/transfers/')
            ? verifiedTransferSchema
            : url === '/api/transfers'
              ? startedTransferSchema
              : undefined;
    const compared = answered.filter((a) => schemaOf(a.url));
    // Nine reads, three transfers started, one verified.
    expect(compared.length).toBe(13);
    for (const { url, payload, body } of compared) {
      const schema = schemaOf(url) as $ZodType;
      expect(body, url).toBe(zodWrites(schema, payload ?? z.encode(schema as z.ZodType, JSON.parse(body))));
    }
  });
});
