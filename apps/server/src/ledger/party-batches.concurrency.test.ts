import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { withTransactionRetry } from '../lib/transaction-retry.ts';
import { replaceFeeBands } from '../test-support/fee-tables.ts';
import { expectLedgerSound } from '../test-support/ledger-assertions.ts';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { LIFTED_LEVEL_LIMITS_ENV } from '../test-support/lifted-limits.ts';
import { seededRandom, seedFrom } from '../test-support/seeded-random.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { type TestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import { callRaw } from './ledger-call.ts';
import { movementHolds, partyConfirmations } from './phase-batches.ts';
import { CODE_WINDOW_MS, codePepper, policyParams } from './policy.ts';

const AGENTS = 3;
const CUSTOMERS = 10;
const CLIENTS = 16;
// The workload runs RUN_MS, then on until it has done what the checks below need (a busy machine
// does less in the same time), within BUDGET_MS.
const RUN_MS = 3_000;
const BUDGET_MS = 60_000;
const CODE = '246810';

// Two processes' agent batches at once (two database handles, each with its own batchers): cash-ins
// held from three floats with the agent's code and confirmed with it (or a wrong one), cash-outs
// held on the customer's code and the fee they saw and handed over, and lone cancellations of both.
// Every answer is a success or a named refusal, no batch is rolled back (a deadlock would roll one
// back), nothing is left reserved but a pending hold, and the ledger is sound.
describe.runIf(testDatabaseKind === 'postgres')('agent batches of two processes at once', () => {
  let t: TestApp;
  let second: Database;
  let agents: SeededUser[];
  let customers: SeededUser[];
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10000', LEVEL_LIMITS: LIFTED_LEVEL_LIMITS_ENV });
    second = await openDatabase({ databaseUrl: String((t.database as TestDatabase).url) });
    await replaceFeeBands(t.database.db, 'saque', [
      { de_centis: 1, ate_centis: 10_000_000, fixa_centis: 25, percentual_bp: 150, comissao_bp: 4_000 },
    ]);
    agents = [];
    for (let i = 0; i < AGENTS; i++) agents.push(await seedUser(t, { bonusCentis: 2_000_000 }));
    customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await seedUser(t, { bonusCentis: 200_000 }));
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('never rolls a batch back, and leaves every balance and hold right', async () => {
    const rand = seededRandom(seedFrom('PARTY_BATCHES_SEED'));
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
    const handles = [t.app.deps.database.db, second.db];
    const pepper = codePepper(t.config.jwtSecret);
    const answers: Record<string, number> = {};
    const refusals: Record<string, number> = {};
    const count = (what: string, answer: unknown) => {
      const a = answer as { ok: boolean; error?: string };
      const tally = a.ok ? answers : refusals;
      const key = a.ok ? what : `${what} ${a.error}`;
      tally[key] = (tally[key] ?? 0) + 1;
      return a.ok ? (answer as { ok: true; movimentacao_id: string }) : null;
    };
    const policy = (agent: SeededUser, afterMs: number, countsInLimits: boolean) => ({
      ...policyParams({
        confirmation: { by: 'party', partyId: agent.id },
        countsInLimits,
        expiry: { afterMs, action: 'void' },
      }),
    });
    const limits = t.config.levelLimits;
    // A deadlock rolls back a batch (counted by its batcher) or a lone call (retried here): neither may happen.
    let retries = 0;
    const retried = {
      onRetry: () => {
        retries += 1;
      },
    };
    const hold = (db: Kysely<DB>, params: { conta_debito: string } & Record<string, unknown>) =>
      withTransactionRetry(() => movementHolds(db).run(params), retried);
    const confirm = (db: Kysely<DB>, params: { confirmador_id: string } & Record<string, unknown>) =>
      withTransactionRetry(() => partyConfirmations(db).run(params), retried);
    const cancel = (movementId: string, payerId: string) =>
      withTransactionRetry(
        () =>
          callRaw(t.database.db, 'kc_movimento_cancelar', {
            movimentacao_id: movementId,
            pagador_id: payerId,
          }),
        retried,
      );

    const cashIn = async (db: Kysely<DB>) => {
      const agent = pick(agents);
      const customer = pick(customers);
      const held = count(
        'cash-in hold',
        await hold(db, {
          tipo: 'deposito',
          conta_debito: agent.id,
          conta_credito: customer.id,
          quantidade_centis: 100 + Math.floor(rand() * 5_000),
          observacoes: null,
          politica: policy(agent, 600_000, false),
          limites: limits,
          chave: null,
          request_hash: 'cash-in',
          outras_pernas: [],
          codigo_parte: {
            finalidade: 'deposito',
            codigo: CODE,
            pepper,
            telefone: agent.telefone,
            vinculo: agent.telefone,
            max_codigos: 0,
            janela_ms: CODE_WINDOW_MS,
            mensagem: { template: 'cash_in_code', purpose: 'cash_in_code', idioma: 'ht', params: {} },
          },
        }),
      );
      if (!held) return;
      const roll = rand();
      if (roll < 0.15) return void count('cash-in cancel', await cancel(held.movimentacao_id, agent.id));
      const code = roll < 0.3 ? '000000' : CODE;
      const item = {
        movimentacao_id: held.movimentacao_id,
        confirmador_id: agent.id,
        limites: limits,
        codigo: { finalidade: 'deposito', vinculo: agent.telefone, codigo: code, pepper, max_tentativas: 3 },
      };
      count('cash-in confirm', await confirm(pick(handles), item));
    };

    const cashOut = async (db: Kysely<DB>) => {
      const agent = pick(agents);
      const customer = pick(customers);
      const request = randomUUID();
      const amount = 100 + Math.floor(rand() * 20_000);
      const fee = 25 + Math.floor((amount * 150 + 5_000) / 10_000);
      const terms = `terms ${request}`;
      count(
        'cash-out code',
        await callRaw(t.database.db, 'kc_codigo_emitir', {
          sujeito_id: request,
          finalidade: 'saque',
          user_id: customer.id,
          telefone: customer.telefone,
          vinculo: terms,
          codigo: CODE,
          pepper,
          validade_ms: 600_000,
          max_codigos: 0,
          janela_ms: CODE_WINDOW_MS,
        }),
      );
      const held = count(
        'cash-out hold',
        await hold(db, {
          tipo: 'saque',
          conta_debito: customer.id,
          conta_credito: agent.id,
          quantidade_centis: amount,
          observacoes: null,
          politica: policy(agent, 600_000, true),
          limites: limits,
          chave: request,
          request_hash: `${amount}/${fee}`,
          tarifa: { operacao: 'saque', vista_centis: fee },
          codigo_pagador: {
            sujeito_id: request,
            finalidade: 'saque',
            vinculo: terms,
            codigo: CODE,
            pepper,
            max_tentativas: 3,
          },
        }),
      );
      if (!held) return;
      if (rand() < 0.2) return void count('cash-out cancel', await cancel(held.movimentacao_id, customer.id));
      const item = { movimentacao_id: held.movimentacao_id, confirmador_id: agent.id, limites: limits };
      count('cash-out hand-over', await confirm(pick(handles), item));
    };

    const started = Date.now();
    const covered = () =>
      ['cash-in hold', 'cash-in confirm', 'cash-out hold', 'cash-out hand-over'].every(
        (what) => (answers[what] ?? 0) > CLIENTS,
      ) &&
      handles.every(
        (db) =>
          movementHolds(db).sent.items > movementHolds(db).sent.calls &&
          partyConfirmations(db).sent.items > partyConfirmations(db).sent.calls,
      );
    const client = async () => {
      for (;;) {
        const elapsed = Date.now() - started;
        if (elapsed >= RUN_MS && (elapsed >= BUDGET_MS || covered())) return;
        const db = pick(handles);
        await (rand() < 0.5 ? cashIn(db) : cashOut(db));
      }
    };
    const rolledBack = () =>
      handles.reduce(
        (sum, db) => sum + movementHolds(db).sent.rolledBack + partyConfirmations(db).sent.rolledBack,
        0,
      );
    const before = rolledBack();
    await Promise.all(Array.from({ length: CLIENTS }, client));
    console.info('agent batches of two processes:', answers, refusals);

    expect(rolledBack() - before).toBe(0);
    expect(retries).toBe(0);
    for (const what of ['cash-in hold', 'cash-in confirm', 'cash-out hold', 'cash-out hand-over'])
      expect(answers[what]).toBeGreaterThan(CLIENTS);
    // The only refusals this workload can meet.
    for (const what of Object.keys(refusals))
      expect(what).toMatch(
        /^(cash-in confirm invalid_codes|cash-(in|out) hold insufficient_balance|cash-(in|out) cancel transaction_not_pending)$/,
      );
    for (const db of handles) {
      expect(movementHolds(db).sent.items).toBeGreaterThan(movementHolds(db).sent.calls);
      expect(partyConfirmations(db).sent.items).toBeGreaterThan(partyConfirmations(db).sent.calls);
    }
    // The ledger's check: what stays reserved is what pending holds hold, nothing negative.
    await expectLedgerSound(t.database.db);
  });
});
