import { randomUUID } from 'node:crypto';
import { AMOUNT_CEILING_CENTIS, type FeeBand, feeFor, MAX_CODE_ATTEMPTS } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { callRaw } from '../ledger/ledger-call.ts';
import {
  CODE_WINDOW_MS,
  codePepper,
  type PartyHoldPolicy,
  PURCHASE_HOLD_POLICY,
  policyParams,
  TRANSFER_HOLD_POLICY,
} from '../ledger/policy.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// What the tests of the ledger's batches share: a fee table whose transfers are some free and some
// fee-bearing, a verification's parameters, and calls whose failures are collected rather than thrown.

/** Free below ₭10; from ₭10, ₭0,50 and 1 %: a batch carries single-leg transfers and fee-bearing ones. */
export const TEST_FEE_BANDS: FeeBand[] = [
  { de_centis: 1, ate_centis: 999, fixa_centis: 0, percentual_bp: 0, comissao_bp: 0 },
  { de_centis: 1000, ate_centis: AMOUNT_CEILING_CENTIS, fixa_centis: 50, percentual_bp: 100, comissao_bp: 0 },
];

/** The fee TEST_FEE_BANDS charge for a transfer of this amount (0 when free). */
export const testFeeOf = (amount: number) => feeFor(TEST_FEE_BANDS, amount)?.tarifa_centis ?? 0;

/** A test app whose transfers charge TEST_FEE_BANDS. */
export async function appWithFeeBands(): Promise<TestApp> {
  const t = await createTestApp();
  await t.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tarifa_faixas').where('operacao', '=', 'transferencia').execute();
    await trx
      .insertInto('tarifa_faixas')
      .values(TEST_FEE_BANDS.map((band) => ({ operacao: 'transferencia' as const, ...band })))
      .execute();
  });
  return t;
}

export type PurchaseInitiationArgs = [
  buyer: { id: string },
  productId: string,
  quantity: number,
  key: string | null,
  options?: { priceSeen?: number; maxCodes?: number },
];

/**
 * A purchase initiation's parameters, as the ledger's hold passes them (operations.ts), with at
 * most 10 units and code 123456; priceSeen: the unit price the buyer saw.
 */
export function purchaseInitiation(
  t: TestApp,
  ...[buyer, productId, quantity, key, options = {}]: PurchaseInitiationArgs
) {
  return {
    comprador_id: buyer.id,
    produto_id: productId,
    quantidade: quantity,
    max_quantidade: 10,
    politica: policyParams(PURCHASE_HOLD_POLICY),
    limites: t.config.levelLimits,
    codigo: '123456',
    pepper: codePepper(t.config.jwtSecret),
    chave: key,
    request_hash: `${productId}/${quantity}/${options.priceSeen ?? ''}`,
    max_codigos: options.maxCodes ?? 10,
    janela_ms: CODE_WINDOW_MS,
    ...(options.priceSeen === undefined ? {} : { preco_visto_centis: options.priceSeen }),
  };
}

/** The code every party or payer code of the holds below is sent, and confirmed with. */
export const HOLD_CODE = '654321';
const HOUR_MS = 3_600_000;

/** A hold confirmed by `partyId` within the hour, counted in its payer's limits or not. */
export const partyPolicy = (partyId: string, countsInLimits = false): PartyHoldPolicy => ({
  confirmation: { by: 'party', partyId },
  countsInLimits,
  expiry: { afterMs: HOUR_MS, action: 'void' },
});

type Person = { id: string; telefone: string };
/** What a hold's parameters take from the app: its limits and its codes' secret (a test app, the bench). */
type HoldHost = { config: { levelLimits: unknown; jwtSecret: string } };

/**
 * A cash-in's hold, as the agents' flow passes it (operations.ts): from a float (here any account)
 * to a customer, confirmed by the agent with the code it sends them (HOLD_CODE); codes: the
 * agent's code budget a window; key: the float owner's Idempotency-Key.
 */
export function cashInHold(
  t: HoldHost,
  p: { float: string; to: string; amount: number; agent: Person; key?: string; codes?: number },
) {
  return {
    tipo: 'deposito',
    conta_debito: p.float,
    conta_credito: p.to,
    quantidade_centis: p.amount,
    observacoes: null,
    politica: policyParams(partyPolicy(p.agent.id)),
    limites: t.config.levelLimits,
    chave: p.key ?? null,
    request_hash: `${p.to}/${p.amount}`,
    outras_pernas: [],
    codigo_parte: {
      finalidade: 'deposito',
      codigo: HOLD_CODE,
      pepper: codePepper(t.config.jwtSecret),
      telefone: p.agent.telefone,
      vinculo: p.agent.telefone,
      max_codigos: p.codes ?? 60,
      janela_ms: CODE_WINDOW_MS,
      mensagem: {
        template: 'cash_in_code',
        purpose: 'cash_in_code',
        idioma: 'ht',
        params: { valor_centis: p.amount },
      },
    },
  };
}

/**
 * A cash-out's hold: from the customer to a float, on the code the customer was sent for the
 * request (issueCode, bound to `terms of <request>`) and the fee they saw, confirmed by the agent.
 */
export function cashOutHold(
  t: HoldHost,
  p: {
    customer: string;
    float: string;
    agent: { id: string };
    request: string;
    amount: number;
    code: string;
    seenFee: number;
  },
) {
  return {
    tipo: 'saque',
    conta_debito: p.customer,
    conta_credito: p.float,
    quantidade_centis: p.amount,
    observacoes: null,
    politica: policyParams(partyPolicy(p.agent.id, true)),
    limites: t.config.levelLimits,
    chave: p.request,
    request_hash: `${p.request}/${p.amount}/${p.seenFee}`,
    tarifa: { operacao: 'saque', vista_centis: p.seenFee },
    codigo_pagador: {
      sujeito_id: p.request,
      finalidade: 'saque',
      vinculo: `terms of ${p.request}`,
      codigo: p.code,
      pepper: codePepper(t.config.jwtSecret),
      max_tentativas: 3,
    },
  };
}

/**
 * The agent's confirmation of a hold between accounts (kc_confirmar's parameters): a cash-in's
 * with the code the agent was sent (HOLD_CODE, bound to their phone), a cash-out's hand-over without.
 */
export function agentConfirmation(
  t: HoldHost,
  p: { movementId: string; agent: Person; kind: 'deposito' | 'saque' },
) {
  return {
    movimentacao_id: p.movementId,
    confirmador_id: p.agent.id,
    limites: t.config.levelLimits,
    ...(p.kind === 'deposito'
      ? {
          codigo: {
            finalidade: 'deposito',
            vinculo: p.agent.telefone,
            codigo: HOLD_CODE,
            pepper: codePepper(t.config.jwtSecret),
            max_tentativas: 3,
          },
        }
      : {}),
  };
}

/** Sends `to` the code HOLD_CODE for `subject` (a held movement, a cash-out's request), bound to `binding`. */
export async function issueCode(
  t: HoldHost & { database: Pick<TestApp['database'], 'db'> },
  p: { subject: string; purpose: 'deposito' | 'saque'; to: Person; binding?: string },
): Promise<void> {
  const issued = (await callRaw(t.database.db, 'kc_codigo_emitir', {
    sujeito_id: p.subject,
    finalidade: p.purpose,
    user_id: p.to.id,
    telefone: p.to.telefone,
    vinculo: p.binding ?? p.to.telefone,
    codigo: HOLD_CODE,
    pepper: codePepper(t.config.jwtSecret),
    validade_ms: HOUR_MS,
    max_codigos: 0,
    janela_ms: CODE_WINDOW_MS,
  })) as { ok?: boolean };
  if (issued.ok !== true) throw new Error(`code refused: ${JSON.stringify(issued)}`);
}

/**
 * What a batch's set path alone takes of its items, committed: {n: answer} for the items it held
 * (the rest are left to the one-by-one path).
 */
export async function takenBySetPath(
  t: TestApp,
  setPath: 'kc_compras_reter_juntas' | 'kc_movimentos_reter_juntas',
  items: object[],
): Promise<Record<string, Record<string, unknown>>> {
  const { rows } = await sql<{ juntas: Record<string, Record<string, unknown>> }>`
    select ${sql.raw(setPath)}(${JSON.stringify({ itens: items })}::jsonb) as juntas`.execute(t.database.db);
  return rows[0]?.juntas ?? {};
}

/** A transfer verification's parameters, as the ledger's post passes them. */
export function verificationParams(t: TestApp, p: { payerId: string; movementId: string; code: string }) {
  return {
    movimentacao_id: p.movementId,
    pagador_id: p.payerId,
    codigo: p.code,
    pepper: codePepper(t.config.jwtSecret),
    max_tentativas: MAX_CODE_ATTEMPTS,
    limites: t.config.levelLimits,
  };
}

/**
 * Ledger calls for tests that send many at once: a call that fails answers null, and its
 * function, SQLSTATE and message are kept in `failures` (a deadlock shows there as 40P01).
 */
export function recordingCalls(t: TestApp) {
  const failures: string[] = [];
  const call = (fn: Parameters<typeof callRaw>[1], params: object) =>
    callRaw(t.database.db, fn, params).catch((error: { code?: string; message: string }) => {
      failures.push(`${fn}: ${error.code ?? ''} ${error.message}`);
      return null;
    });
  return { call, failures };
}

/**
 * n code-confirmed transfers from payer to payee held by one call of the ledger's batch, in one
 * transaction: n pending movements of one instant (their now()). Answers their ids.
 */
export async function holdTransfersTogether(
  t: TestApp,
  payer: { id: string },
  payee: { id: string },
  n: number,
): Promise<string[]> {
  const itens = Array.from({ length: n }, (_, i) => ({
    pagador_id: payer.id,
    destinatario: { id: payee.id },
    quantidade_centis: 50 + i,
    tarifa_centis: 0,
    observacoes: null,
    politica: policyParams(TRANSFER_HOLD_POLICY),
    limites: t.config.levelLimits,
    codigo: '123456',
    pepper: codePepper(t.config.jwtSecret),
    chave: randomUUID(),
    request_hash: `together-${i}`,
    max_codigos: 1_000,
    janela_ms: CODE_WINDOW_MS,
  }));
  const answers = (await callRaw(t.database.db, 'kc_transferencias_iniciar', { itens })) as {
    ok: boolean;
    movimentacao_id: string;
  }[];
  if (!answers.every((a) => a.ok)) throw new Error(`batch refused: ${JSON.stringify(answers)}`);
  return answers.map((a) => a.movimentacao_id);
}
