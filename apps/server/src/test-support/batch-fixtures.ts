import { randomUUID } from 'node:crypto';
import { AMOUNT_CEILING_CENTIS, type FeeBand, feeFor, MAX_CODE_ATTEMPTS } from '@kreyolcash/domain';
import { callRaw } from '../ledger/ledger-call.ts';
import {
  CODE_WINDOW_MS,
  codePepper,
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
