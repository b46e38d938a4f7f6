import {
  type ErrorCode,
  PURCHASE_CODE_REFUSALS,
  type PurchaseCodeRefusal,
  type PurchaseCreateBody,
} from '@kreyolcash/domain';
import type { AppDeps } from '../../app-deps.ts';
import {
  type LedgerRefusal,
  ledger,
  okOrThrow,
  PURCHASE_HOLD_POLICY,
  requestHashOf,
} from '../../ledger/ledger.ts';

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  insufficient_balance: 'Saldo insuficiente',
  product_not_found: 'Produto não encontrado',
  own_company_purchase: 'You cannot buy from your own company',
  insufficient_stock: 'Not enough stock',
  price_changed: 'The price changed since it was shown',
  rate_limited: 'Too many codes sent; try again in a few minutes',
};

export type StartedPurchase = {
  venda_id: string;
  total_centis: number;
  expira_em: Date;
  replayed: boolean;
};

/** Prices the sale on the server, holds money and stock, and sends the code to the buyer. */
export async function startPurchase(
  deps: AppDeps,
  p: { buyerId: string; body: PurchaseCreateBody; idempotencyKey: string | undefined },
): Promise<StartedPurchase> {
  const held = okOrThrow(
    await ledger.hold(deps, {
      kind: 'purchase',
      buyerId: p.buyerId,
      productId: p.body.produto_id,
      quantity: p.body.quantidade,
      ...(p.body.preco_unitario_centis === undefined
        ? {}
        : { seenPriceCentis: p.body.preco_unitario_centis }),
      idempotencyKey: p.idempotencyKey ?? null,
      requestHash: requestHashOf('purchase', [
        p.body.produto_id,
        p.body.quantidade,
        ...(p.body.preco_unitario_centis === undefined ? [] : [p.body.preco_unitario_centis]),
      ]),
      policy: PURCHASE_HOLD_POLICY,
    }),
    MESSAGES,
  );
  return {
    venda_id: held.venda_id,
    total_centis: held.total_centis,
    expira_em: new Date(held.expira_em),
    replayed: held.replayed === true,
  };
}

const CODE_REFUSALS: ReadonlySet<string> = new Set(PURCHASE_CODE_REFUSALS);
type CodeRefusal = LedgerRefusal & { error: PurchaseCodeRefusal };

/**
 * Checks the buyer's code. A wrong, expired or exhausted code is an answer, not an error
 * (the spec's verification "returns false"): the caller gets the refusal to show.
 */
export async function confirmPurchase(
  deps: AppDeps,
  p: { buyerId: string; saleId: string; code: string },
): Promise<{ confirmed: true } | { confirmed: false; refusal: CodeRefusal }> {
  const result = await ledger.post(deps, { kind: 'purchase', ...p });
  if (result.ok) return { confirmed: true };
  if (CODE_REFUSALS.has(result.error)) return { confirmed: false, refusal: result as CodeRefusal };
  okOrThrow(result, MESSAGES);
  throw new Error('unreachable');
}

export async function cancelPurchase(deps: AppDeps, p: { buyerId: string; saleId: string }): Promise<void> {
  okOrThrow(await ledger.void(deps, { kind: 'purchase', ...p }), MESSAGES);
}

/** A new code for a pending purchase; the attempts already used and the expiry stay as they were. */
export async function resendPurchaseCode(
  deps: AppDeps,
  p: { buyerId: string; saleId: string },
): Promise<{ tentativas_restantes: number }> {
  const resent = okOrThrow(await ledger.resendCode(deps, { kind: 'purchase', ...p }), MESSAGES);
  return { tentativas_restantes: resent.tentativas_restantes };
}
