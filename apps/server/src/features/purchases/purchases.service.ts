import {
  DEFAULT_MAX_PURCHASE_QUANTITY,
  type ErrorCode,
  MAX_CODE_ATTEMPTS,
  PURCHASE_CODE_EXPIRY_MS,
  type PurchaseCreateBody,
} from '@kreyolcash/domain';
import type { AppDeps } from '../../app.ts';
import { assertLedgerOk, type LedgerAnswer, requestHashOf } from '../../ledger/ledger-calls.ts';
import { cancelPurchaseCall, initiatePurchaseCall, verifyPurchaseCall } from '../../ledger/purchase-calls.ts';
import { randomSixDigitCode } from '../../lib/secure-tokens.ts';
import { withTransactionRetry } from '../../lib/transaction-retry.ts';
import { newSaleMessage, purchaseCodeMessage } from '../messaging/templates.ts';
import { CODE_WINDOW_MS, CODES_PER_WINDOW, codePepper } from '../transfers/transfers.service.ts';

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  insufficient_balance: 'Saldo insuficiente',
  product_not_found: 'Produto não encontrado',
  own_company_purchase: 'You cannot buy from your own company',
  insufficient_stock: 'Not enough stock',
};

export type StartedPurchase = {
  venda_id: string;
  total_centis: number;
  expira_em: string;
  replayed: boolean;
};

/** Prices the sale on the server, reserves money and stock, and sends the code to the buyer. */
export async function startPurchase(
  deps: AppDeps,
  p: { buyerId: string; body: PurchaseCreateBody; idempotencyKey: string | undefined },
): Promise<StartedPurchase> {
  const code = randomSixDigitCode();
  const answer = await withTransactionRetry(() =>
    initiatePurchaseCall(deps.database.db, {
      buyerId: p.buyerId,
      productId: p.body.produto_id,
      quantity: p.body.quantidade,
      maxQuantity: DEFAULT_MAX_PURCHASE_QUANTITY,
      code,
      pepper: codePepper(deps.config.jwtSecret),
      validityMs: PURCHASE_CODE_EXPIRY_MS,
      message: purchaseCodeMessage({
        code,
        productName: '{{produto}}',
        amount: '{{valor}}',
        expiresInMinutes: PURCHASE_CODE_EXPIRY_MS / 60_000,
      }).text,
      idempotencyKey: p.idempotencyKey ?? null,
      requestHash: requestHashOf('purchase', [p.body.produto_id, p.body.quantidade]),
      codeLimit: {
        max: Math.ceil(CODES_PER_WINDOW * deps.config.rateLimitMultiplier),
        windowMs: CODE_WINDOW_MS,
      },
    }),
  );
  assertLedgerOk(answer, MESSAGES);
  if (answer.replayed !== true) deps.events.publish([p.buyerId], String(answer.movimentacao_id));
  return {
    venda_id: String(answer.venda_id),
    total_centis: Number(answer.total_centis),
    expira_em: new Date(String(answer.expira_em)).toISOString(),
    replayed: answer.replayed === true,
  };
}

/**
 * Checks the buyer's code. A wrong, expired or exhausted code is an answer, not an error
 * (the spec's verification "returns false"): the caller gets the refusal to show.
 */
export async function confirmPurchase(
  deps: AppDeps,
  p: { buyerId: string; saleId: string; code: string },
): Promise<{ confirmed: true } | { confirmed: false; refusal: LedgerAnswer }> {
  const answer = await withTransactionRetry(() =>
    verifyPurchaseCall(deps.database.db, {
      saleId: p.saleId,
      buyerId: p.buyerId,
      code: p.code,
      pepper: codePepper(deps.config.jwtSecret),
      maxAttempts: MAX_CODE_ATTEMPTS,
      sellerMessage: newSaleMessage({
        productName: '{{produto}}',
        quantity: '{{quantidade}}',
        amount: '{{valor}}',
        buyerName: '{{comprador}}',
      }).text,
    }),
  );
  if (answer.ok) {
    deps.events.publish([p.buyerId, String(answer.vendedor_id)], String(answer.movimentacao_id));
    return { confirmed: true };
  }
  if (['invalid_codes', 'code_expired', 'code_attempts_exceeded'].includes(String(answer.error))) {
    return { confirmed: false, refusal: answer };
  }
  assertLedgerOk(answer, MESSAGES);
  throw new Error('unreachable');
}

export async function cancelPurchase(deps: AppDeps, p: { buyerId: string; saleId: string }): Promise<void> {
  assertLedgerOk(await withTransactionRetry(() => cancelPurchaseCall(deps.database.db, p)), MESSAGES);
}
