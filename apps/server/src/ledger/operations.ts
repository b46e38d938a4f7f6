import {
  AppError,
  DEFAULT_MAX_PURCHASE_QUANTITY,
  type ErrorCode,
  type FeeOperation,
  type LevelLimits,
  MAX_CODE_ATTEMPTS,
  type MovementKind,
  type VerificationLevel,
} from '@kreyolcash/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { randomSixDigitCode } from '../lib/secure-tokens.ts';
import { withTransactionRetry } from '../lib/transaction-retry.ts';
import { callLedger, parseResult } from './ledger-call.ts';
import { type PayeeIdentity, payeeParam } from './payees.ts';
import { movementHolds, partyConfirmations, purchaseBatchers, transferBatchers } from './phase-batches.ts';
import {
  CODE_WINDOW_MS,
  codePepper,
  codesPerWindow,
  type HoldPolicy,
  type PartyHoldPolicy,
  PURCHASE_HOLD_POLICY,
  policyParams,
  requestHashOf,
  TRANSFER_HOLD_POLICY,
} from './policy.ts';
import type { LedgerRefusal, LedgerResult } from './results.ts';
import type { CodeSubjectPurpose } from './verification-codes.ts';

// The ledger's operations, behind its door (ledger.ts): the only way the rest of the server moves
// money. Every operation is one
// database function call (src/ledger/sql), retried when PostgreSQL asks, parsed into a named
// result. Realtime events leave after the call, never from inside the money transaction.
//   issue                      new money from the issuer (inside the caller's transaction)
//   hold → post | void | expire the two-phase movements, each under the policy its operation
//                              chose (policy.ts): confirmed by a code (transfers, purchases) or
//                              by a named party's action, voided or posted at expiry
//   resendCode                 a new code for a held movement
//   reverse, adjust            corrections: new movements that reference what they correct

export type LedgerDeps = {
  database: { db: Kysely<DB> };
  config: {
    jwtSecret: string;
    rateLimitMultiplier: number;
    /** What each verification level may send and hold, checked by the ledger (sql/limits.sql). */
    levelLimits: Record<VerificationLevel, LevelLimits>;
  };
  events: { publish(users: string[], movementId: string): void };
  /** Hears each operation's outcome (the metrics); the ledger knows nothing else of it. */
  ledgerObserver?: LedgerObserver;
};

export type LedgerOperation =
  | `hold_${HoldRequest['kind']}`
  | `post_${PostRequest['kind']}`
  | `void_${VoidRequest['kind']}`
  | 'resend_code'
  | 'reverse'
  | 'adjust'
  | 'post_legs';

/** 'ok', the refusal's error code, or 'error' when the call threw (database down, bad answer). */
export type LedgerObserver = (operation: LedgerOperation, outcome: string) => void;

/** The kinds a hold may carry: every movement but those posted at once (issuance, corrections). */
export type HeldMovementKind = Exclude<MovementKind, 'cadastro' | 'bonus' | 'estorno' | 'ajuste'>;

/**
 * A hold. Transfers and purchases are flows around the engine (the payee's account and its code; the
 * price, stock and sale of a product), held under their own policy unless the operation names
 * another. `movement` is a hold between any two ledger accounts, by account id, for an operation
 * with no flow of its own: its policy is a party's confirmation (a code needs a flow that sends it).
 */
export type HoldRequest =
  | {
      kind: 'transfer';
      payerId: string;
      /** The payee as the payer named them: the hold finds them, under its locks. */
      payee: PayeeIdentity;
      amountCentis: number;
      /** The fee the payer saw (absent: none); the ledger refuses another current one (fee_changed). */
      feeCentis?: number;
      note: string | null;
      idempotencyKey: string | null;
      requestHash: string;
      policy?: HoldPolicy;
    }
  | {
      kind: 'purchase';
      buyerId: string;
      productId: string;
      quantity: number;
      /** The unit price the buyer saw (absent: not said); the ledger refuses another (price_changed). */
      seenPriceCentis?: number;
      idempotencyKey: string | null;
      requestHash: string;
      policy?: HoldPolicy;
    }
  | {
      kind: 'movement';
      movementKind: HeldMovementKind;
      debitAccountId: string;
      creditAccountId: string;
      amountCentis: number;
      note: string | null;
      /** Keyed by the debit account's owner: null when a system account pays. */
      idempotencyKey: string | null;
      requestHash: string;
      policy: PartyHoldPolicy;
      /**
       * What else the payer pays with it from the same account (a fee to FEE_ACCOUNT_ID, an
       * agent's commission): held with it, posted with it as its legs 2, 3, …
       */
      alsoPays?: { creditAccountId: string; amountCentis: number }[];
      /** A code for the confirming party, sent with the hold, that it confirms with (post's `code`). */
      sendsPartyCode?: PartyCodeToSend;
      /**
       * The code the payer was sent for these terms (an agent's cash-out), checked first and spent
       * with the hold: a wrong one costs an attempt; a refused hold leaves it and the key unspent.
       */
      payerCode?: PartyCode & { subjectId: string };
      /**
       * The operation's fee the payer saw, read again under the fee table's lock (another is
       * fee_changed) and held with the amount instead of `alsoPays`: its commission to the credited
       * account, the rest to FEE_ACCOUNT_ID.
       */
      fee?: { operation: FeeOperation; seenCentis: number };
    };

/**
 * A code the ledger makes for a hold's party, valid as long as the hold, and the message that
 * sends it: its template's parameters without the code, which the ledger adds as `codigo`.
 */
export type PartyCodeToSend = {
  purpose: CodeSubjectPurpose;
  phone: string;
  /** What the code confirms, when more than the phone it goes to. */
  binding?: string;
  /** Codes the party may be sent per window, when more than a person's (an agent's cash-ins). */
  perWindow?: number;
  message: { template: string; purpose: string; language: string; params: Record<string, unknown> };
};

/** A post: the payer's code for a transfer or a purchase, or the named party's action for a hold that waits for it. */
export type PostRequest =
  | {
      kind: 'transfer';
      movementId: string;
      payerId: string;
      code: string;
      /** Answer the payer's statement row of the posted transfer (`linha`), read inside the call. */
      withStatementRow?: boolean;
    }
  | { kind: 'purchase'; saleId: string; buyerId: string; code: string }
  | {
      kind: 'party';
      movementId: string;
      partyId: string;
      /** The code sent to the party, when the party proves itself with one (an agent's cash-in). */
      code?: PartyCode;
    };

/** A code a party was sent for a movement (sql/codes.sql): its purpose and what it is bound to. */
export type PartyCode = { purpose: CodeSubjectPurpose; binding: string; code: string };

/** A void by the payer: of a transfer, of a purchase (by its sale), or of any held movement. */
export type VoidRequest =
  | { kind: 'transfer'; movementId: string; payerId: string }
  | { kind: 'purchase'; saleId: string; buyerId: string }
  | { kind: 'movement'; movementId: string; payerId: string };

function codeLimit(deps: LedgerDeps) {
  return {
    max_codigos: codesPerWindow(deps.config.rateLimitMultiplier),
    janela_ms: CODE_WINDOW_MS,
  };
}

async function hold(
  deps: LedgerDeps,
  r: Extract<HoldRequest, { kind: 'transfer' }>,
): Promise<LedgerResult<'holdTransfer'>>;
async function hold(
  deps: LedgerDeps,
  r: Extract<HoldRequest, { kind: 'purchase' }>,
): Promise<LedgerResult<'holdPurchase'>>;
async function hold(
  deps: LedgerDeps,
  r: Extract<HoldRequest, { kind: 'movement' }>,
): Promise<LedgerResult<'holdMovement'>>;
async function hold(
  deps: LedgerDeps,
  r: HoldRequest,
): Promise<LedgerResult<'holdTransfer'> | LedgerResult<'holdPurchase'> | LedgerResult<'holdMovement'>> {
  if (r.kind === 'movement') return holdMovement(deps, r);
  const common = {
    codigo: randomSixDigitCode(),
    pepper: codePepper(deps.config.jwtSecret),
    chave: r.idempotencyKey,
    request_hash: r.requestHash,
    limites: deps.config.levelLimits,
    ...codeLimit(deps),
  };
  if (r.kind === 'transfer') {
    const params = {
      ...common,
      politica: policyParams(r.policy ?? TRANSFER_HOLD_POLICY),
      pagador_id: r.payerId,
      destinatario: payeeParam(r.payee),
      quantidade_centis: r.amountCentis,
      tarifa_centis: r.feeCentis ?? 0,
      observacoes: r.note,
    };
    const raw = await withTransactionRetry(() => transferBatchers(deps.database.db).initiate.run(params));
    const result = parseResult('holdTransfer', raw);
    if (result.ok && !result.replayed) deps.events.publish([r.payerId], result.movimentacao_id);
    return result;
  }
  const params = {
    ...common,
    politica: policyParams(r.policy ?? PURCHASE_HOLD_POLICY),
    comprador_id: r.buyerId,
    produto_id: r.productId,
    quantidade: r.quantity,
    max_quantidade: DEFAULT_MAX_PURCHASE_QUANTITY,
    ...(r.seenPriceCentis === undefined ? {} : { preco_visto_centis: r.seenPriceCentis }),
  };
  const raw = await withTransactionRetry(() => purchaseBatchers(deps.database.db).initiate.run(params));
  const result = parseResult('holdPurchase', raw);
  if (result.ok && !result.replayed) deps.events.publish([r.buyerId], result.movimentacao_id);
  return result;
}

async function holdMovement(
  deps: LedgerDeps,
  r: Extract<HoldRequest, { kind: 'movement' }>,
): Promise<LedgerResult<'holdMovement'>> {
  const params = {
    tipo: r.movementKind,
    conta_debito: r.debitAccountId,
    conta_credito: r.creditAccountId,
    quantidade_centis: r.amountCentis,
    observacoes: r.note,
    politica: policyParams(r.policy),
    limites: deps.config.levelLimits,
    chave: r.idempotencyKey,
    request_hash: r.requestHash,
    outras_pernas: (r.alsoPays ?? []).map((leg) => ({
      conta_credito: leg.creditAccountId,
      quantidade_centis: leg.amountCentis,
    })),
    ...(r.fee ? { tarifa: { operacao: r.fee.operation, vista_centis: r.fee.seenCentis } } : {}),
    ...(r.payerCode
      ? { codigo_pagador: { ...partyCodeParam(deps, r.payerCode), sujeito_id: r.payerCode.subjectId } }
      : {}),
    ...(r.sendsPartyCode ? { codigo_parte: partyCodeToSendParam(deps, r.sendsPartyCode) } : {}),
  };
  const raw = await withTransactionRetry(() => movementHolds(deps.database.db).run(params));
  const result = parseResult('holdMovement', raw);
  if (result.ok && !result.replayed) deps.events.publish(result.usuarios, result.movimentacao_id);
  return result;
}

function partyCodeToSendParam(deps: LedgerDeps, c: PartyCodeToSend) {
  const code = randomSixDigitCode();
  return {
    finalidade: c.purpose,
    codigo: code,
    pepper: codePepper(deps.config.jwtSecret),
    telefone: c.phone,
    vinculo: c.binding ?? c.phone,
    max_codigos: codesPerWindow(deps.config.rateLimitMultiplier, c.perWindow),
    janela_ms: CODE_WINDOW_MS,
    mensagem: {
      template: c.message.template,
      purpose: c.message.purpose,
      idioma: c.message.language,
      params: { ...c.message.params, codigo: code },
    },
  };
}

async function post(
  deps: LedgerDeps,
  r: Extract<PostRequest, { kind: 'transfer' }>,
): Promise<LedgerResult<'postTransfer'>>;
async function post(
  deps: LedgerDeps,
  r: Extract<PostRequest, { kind: 'purchase' }>,
): Promise<LedgerResult<'postPurchase'>>;
async function post(
  deps: LedgerDeps,
  r: Extract<PostRequest, { kind: 'party' }>,
): Promise<LedgerResult<'postByParty'>>;
async function post(
  deps: LedgerDeps,
  r: PostRequest,
): Promise<LedgerResult<'postTransfer'> | LedgerResult<'postPurchase'> | LedgerResult<'postByParty'>> {
  // The post refuses a frozen payer and a payee it would take past its maximum balance.
  const limites = deps.config.levelLimits;
  if (r.kind === 'party') {
    const params = {
      movimentacao_id: r.movementId,
      confirmador_id: r.partyId,
      limites,
      ...(r.code ? { codigo: partyCodeParam(deps, r.code) } : {}),
    };
    const raw = await withTransactionRetry(() => partyConfirmations(deps.database.db).run(params));
    const result = parseResult('postByParty', raw);
    if (result.ok) deps.events.publish(result.usuarios, result.movimentacao_id);
    return result;
  }
  const common = {
    codigo: r.code,
    pepper: codePepper(deps.config.jwtSecret),
    max_tentativas: MAX_CODE_ATTEMPTS,
    limites,
  };
  if (r.kind === 'transfer') {
    const params = {
      ...common,
      movimentacao_id: r.movementId,
      pagador_id: r.payerId,
      ...(r.withStatementRow ? { com_linha: true } : {}),
    };
    const raw = await withTransactionRetry(() => transferBatchers(deps.database.db).verify.run(params));
    const result = parseResult('postTransfer', raw);
    if (result.ok) deps.events.publish([r.payerId, result.recebedor_id], r.movementId);
    return result;
  }
  const params = { ...common, venda_id: r.saleId, comprador_id: r.buyerId };
  const raw = await withTransactionRetry(() => purchaseBatchers(deps.database.db).verify.run(params));
  const result = parseResult('postPurchase', raw);
  if (result.ok) deps.events.publish([r.buyerId, result.vendedor_id], result.movimentacao_id);
  return result;
}

function partyCodeParam(deps: LedgerDeps, c: PartyCode) {
  return {
    finalidade: c.purpose,
    vinculo: c.binding,
    codigo: c.code,
    pepper: codePepper(deps.config.jwtSecret),
    max_tentativas: MAX_CODE_ATTEMPTS,
  };
}

async function voidHold(
  deps: LedgerDeps,
  r: Extract<VoidRequest, { kind: 'transfer' }>,
): Promise<LedgerResult<'voidTransfer'>>;
async function voidHold(
  deps: LedgerDeps,
  r: Extract<VoidRequest, { kind: 'purchase' }>,
): Promise<LedgerResult<'voidPurchase'>>;
async function voidHold(
  deps: LedgerDeps,
  r: Extract<VoidRequest, { kind: 'movement' }>,
): Promise<LedgerResult<'voidMovement'>>;
async function voidHold(
  deps: LedgerDeps,
  r: VoidRequest,
): Promise<LedgerResult<'voidTransfer'> | LedgerResult<'voidPurchase'> | LedgerResult<'voidMovement'>> {
  // Voids notify from the database (kc_anular): they are rare, and the sweeper voids too.
  if (r.kind === 'purchase') {
    return withTransactionRetry(() =>
      callLedger(deps.database.db, 'kc_compra_cancelar', 'voidPurchase', {
        venda_id: r.saleId,
        comprador_id: r.buyerId,
      }),
    );
  }
  const [fn, operation] =
    r.kind === 'transfer'
      ? (['kc_transferencia_cancelar', 'voidTransfer'] as const)
      : (['kc_movimento_cancelar', 'voidMovement'] as const);
  return withTransactionRetry(() =>
    callLedger(deps.database.db, fn, operation, { movimentacao_id: r.movementId, pagador_id: r.payerId }),
  );
}

/** A new code for a held transfer or purchase; the attempts already used and the expiry stay as they were. */
function resendCode(
  deps: LedgerDeps,
  r:
    | { kind: 'transfer'; movementId: string; payerId: string }
    | { kind: 'purchase'; saleId: string; buyerId: string },
): Promise<LedgerResult<'resendCode'>> {
  const common = {
    codigo: randomSixDigitCode(),
    pepper: codePepper(deps.config.jwtSecret),
    max_tentativas: MAX_CODE_ATTEMPTS,
    max_por_telefone: codesPerWindow(deps.config.rateLimitMultiplier),
    janela_ms: CODE_WINDOW_MS,
  };
  const [fn, subject] =
    r.kind === 'transfer'
      ? ([
          'kc_transferencia_reenviar_codigo',
          { movimentacao_id: r.movementId, pagador_id: r.payerId },
        ] as const)
      : (['kc_compra_reenviar_codigo', { venda_id: r.saleId, comprador_id: r.buyerId }] as const);
  return withTransactionRetry(() =>
    callLedger(deps.database.db, fn, 'resendCode', { ...common, ...subject }),
  );
}

/** Where the sweeper may move its position at its next call (expiry.sql); opaque here. */
export type ExpiryHorizon = { ate: string; marca: string } | null;

/**
 * Ends up to `limit` expired holds as each one's policy says (voided, or posted); returns how many
 * ended and how many of them posted, and the horizon to give the next call (the sweeper's
 * position moves to it once it is firm). A post checks the payee's maximum balance, so holds whose
 * expiry posts wait for a caller that passes the levels' limits.
 */
async function expire(
  db: Kysely<DB>,
  limit: number,
  levelLimits?: Record<VerificationLevel, LevelLimits>,
  horizon: ExpiryHorizon = null,
): Promise<{ ended: number; posted: number; horizon: ExpiryHorizon }> {
  const result = await callLedger(db, 'kc_expirar', 'expire', {
    limite: limit,
    limites: levelLimits,
    horizonte: horizon,
  });
  return result.ok
    ? { ended: result.expiradas, posted: result.postadas, horizon: result.horizonte }
    : { ended: 0, posted: 0, horizon: null };
}

export type IssuanceKind = 'cadastro' | 'bonus';

/**
 * New KreyolCash for a user, inside the caller's transaction: a movement from the issuer's
 * account, the batch that records it, and both ledger lines, so they can never disagree.
 */
async function issue(
  trx: Transaction<DB>,
  p: { userId: string; amountCentis: number; kind: IssuanceKind; note?: string | null },
): Promise<{ movimentacaoId: string }> {
  if (!Number.isSafeInteger(p.amountCentis) || p.amountCentis <= 0) {
    throw new RangeError(`issuance amount must be a positive safe integer, got ${p.amountCentis}`);
  }
  const result = await callLedger(trx, 'kc_emitir', 'issue', {
    user_id: p.userId,
    quantidade_centis: p.amountCentis,
    origem: p.kind,
    observacoes: p.note ?? null,
  });
  if (!result.ok) throw new Error(`issuance refused: ${result.error}`);
  return { movimentacaoId: result.movimentacao_id };
}

/**
 * Reverses a posted transfer or purchase: the whole amount goes back from the payee to the payer,
 * only if the payee has it available. Once per movement; idempotent by key.
 */
async function reverse(
  deps: LedgerDeps,
  r: { movementId: string; actor: string; reason: string; idempotencyKey: string },
): Promise<LedgerResult<'reverse'>> {
  const result = await withTransactionRetry(() =>
    callLedger(deps.database.db, 'kc_estornar', 'reverse', {
      movimentacao_id: r.movementId,
      ator: r.actor,
      motivo: r.reason,
      chave: r.idempotencyKey,
      request_hash: JSON.stringify(['reverse', r.movementId]),
    }),
  );
  if (result.ok && !result.replayed) deps.events.publish(result.usuarios, result.movimentacao_id);
  return result;
}

export type AdjustRequest = {
  userId: string;
  amountCentis: number;
  reason: string;
  actor: string;
  correctsId?: string;
  idempotencyKey: string;
};

/**
 * Corrects one user's balance (positive credits, negative debits) with a reason and its actor,
 * inside the caller's transaction: the back office's approval writes the proposal's decision and
 * its audit row in the same transaction, so a posted adjustment and its approval cannot disagree.
 * Nothing is retried or published here: the caller retries its whole transaction and, once it
 * has committed, publishes the result (`deps.events.publish(result.usuarios, …)`).
 */
function adjustWithin(trx: Transaction<DB>, r: AdjustRequest): Promise<LedgerResult<'adjust'>> {
  return callLedger(trx, 'kc_ajustar', 'adjust', {
    user_id: r.userId,
    quantidade_centis: r.amountCentis,
    motivo: r.reason,
    ator: r.actor,
    referente_a: r.correctsId ?? null,
    chave: r.idempotencyKey,
    request_hash: requestHashOf('adjust', [r.userId, r.amountCentis, r.reason, r.correctsId ?? null]),
  });
}

/** The same correction in its own transaction, retried when PostgreSQL asks, then published. */
async function adjust(deps: LedgerDeps, r: AdjustRequest): Promise<LedgerResult<'adjust'>> {
  const result = await withTransactionRetry(() =>
    deps.database.db.transaction().execute((trx) => adjustWithin(trx, r)),
  );
  if (result.ok && !result.replayed) deps.events.publish(result.usuarios, result.movimentacao_id);
  return result;
}

/** The operator's fee account (tipo 'taxas', migration 0001; kc_conta_taxas in sql/accounts.sql). */
export const FEE_ACCOUNT_ID = '00000000-0000-4000-8000-000000000002';

/** One leg of a movement: an amount from one ledger account to another. */
export type MovementLeg = { debitAccountId: string; creditAccountId: string; amountCentis: number };

/**
 * A movement of several legs posted at once (a payment, its fee, an agent's commission), all
 * written in one transaction under every leg's account lock. Leg 1 is the payment its people see
 * on their statements; the others are the payer's fee on the movement's detail.
 */
export type LegsRequest = {
  movementKind: HeldMovementKind;
  legs: MovementLeg[];
  note: string | null;
  /** Run once per key of leg 1's paying person, answered again after (replayed: true). */
  idempotency?: { key: string; requestHash: string };
};

async function postLegs(deps: LedgerDeps, r: LegsRequest): Promise<LedgerResult<'postLegs'>> {
  const result = await withTransactionRetry(() =>
    callLedger(deps.database.db, 'kc_movimento_pernas', 'postLegs', {
      tipo: r.movementKind,
      observacoes: r.note,
      limites: deps.config.levelLimits,
      pernas: r.legs.map((leg) => ({
        conta_debito: leg.debitAccountId,
        conta_credito: leg.creditAccountId,
        quantidade_centis: leg.amountCentis,
      })),
      chave: r.idempotency?.key ?? null,
      request_hash: r.idempotency?.requestHash ?? null,
    }),
  );
  if (result.ok && !result.replayed) deps.events.publish(result.usuarios, result.movimentacao_id);
  return result;
}

// Each operation that takes deps tells its observer how it ended. issue, expire and adjustWithin run
// inside someone else's transaction or the sweeper, outside any request: they are not counted.
type Operation<R> = (deps: LedgerDeps, r: R) => Promise<{ ok: boolean }>;

function observed<F extends Operation<never>>(
  name: (r: Parameters<F>[1]) => LedgerOperation,
  operation: F,
): F {
  const run = operation as unknown as Operation<Parameters<F>[1]>;
  return (async (deps: LedgerDeps, r: Parameters<F>[1]) => {
    let result: { ok: boolean };
    try {
      result = await run(deps, r);
    } catch (error) {
      tell(deps, name(r), 'error');
      throw error;
    }
    tell(deps, name(r), result.ok ? 'ok' : (result as unknown as LedgerRefusal).error);
    return result;
  }) as unknown as F;
}

function tell(deps: LedgerDeps, operation: LedgerOperation, outcome: string): void {
  try {
    deps.ledgerObserver?.(operation, outcome);
  } catch {
    // A metrics fault never turns a money operation's answer into an error.
  }
}

export const ledger = {
  issue,
  hold: observed((r: HoldRequest) => `hold_${r.kind}`, hold),
  post: observed((r: PostRequest) => `post_${r.kind}`, post),
  void: observed((r: VoidRequest) => `void_${r.kind}`, voidHold),
  expire,
  resendCode: observed(() => 'resend_code', resendCode),
  reverse: observed(() => 'reverse', reverse),
  adjust: observed(() => 'adjust', adjust),
  adjustWithin,
  postLegs: observed(() => 'post_legs', postLegs),
};

// Disputes of a movement (a "wrong person" report among them): open, decide, expire, and their reads.
export { disputes, presentReport, type ReportRow } from './disputes.ts';
export { watchLedgerBatches } from './phase-batches.ts';
export {
  type HoldPolicy,
  heldCreatedSince,
  type PartyHoldPolicy,
  PURCHASE_HOLD_POLICY,
  requestHashOf,
  TRANSFER_HOLD_POLICY,
} from './policy.ts';
export type { LedgerRefusal } from './results.ts';
// The rest of the facade: codes whose subject is not a movement (the phone change), the request
// hash of an Idempotency-Key, and the refusal type.
export type { CodeConfig, CodeSubjectPurpose } from './verification-codes.ts';
export { findCode, issueCode, verifyCode } from './verification-codes.ts';

/** The AppError of a refusal; its extra fields (attempts left, status…) become details. */
export function refusalError(
  refusal: LedgerRefusal,
  messages: Partial<Record<ErrorCode, string>> = {},
): AppError {
  const { ok: _ok, error, ...details } = refusal;
  const code = error as ErrorCode;
  return new AppError(code, {
    message: messages[code] ?? code,
    ...(Object.keys(details).length > 0 ? { details } : {}),
  });
}

/** Narrows a result to its success, throwing the refusal's AppError otherwise. */
export function okOrThrow<R extends { ok: boolean }>(
  result: R,
  messages: Partial<Record<ErrorCode, string>> = {},
): Extract<R, { ok: true }> {
  if (result.ok) return result as Extract<R, { ok: true }>;
  throw refusalError(result as unknown as LedgerRefusal, messages);
}
