import { createHmac } from 'node:crypto';
import {
  type ErrorCode,
  MAX_CODE_ATTEMPTS,
  MAX_TRANSFER_CENTIS,
  TRANSFER_CODE_EXPIRY_MS,
  type TransferInitiateBody,
} from '@kreyolcash/domain';
import type { AppDeps } from '../../app.ts';
import {
  assertLedgerOk,
  cancelTransferCall,
  requestHashOf,
  resendTransferCodeCall,
} from '../../ledger/ledger-calls.ts';
import { transferBatchers } from '../../ledger/transfer-batches.ts';
import { randomSixDigitCode } from '../../lib/secure-tokens.ts';
import { withTransactionRetry } from '../../lib/transaction-retry.ts';
import { transferCodeMessage, transferReceivedMessage, transferSentMessage } from '../messaging/templates.ts';

// New transfers and purchases (each sends a WhatsApp code) per payer per window.
export const CODES_PER_WINDOW = 10;
export const CODE_WINDOW_MS = 15 * 60_000;

export type InitiatedTransfer = { movimentacao_id: string; status: 'pendente'; expira_em: string };

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  insufficient_balance: 'Saldo insuficiente para realizar esta transferência',
  max_amount_error: 'The maximum per transfer is ₭100.00',
  user_not_found: 'No user with this e-mail',
  self_transfer: 'You cannot send to yourself',
  idempotency_key_reused: 'This Idempotency-Key was used with another request',
  rate_limited: 'Too many codes sent; try again in a few minutes',
};

/** The key for code hashes, derived from the server secret (never stored in the database). */
export function codePepper(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('kreyolcash verification codes').digest('hex');
}

export async function initiateTransfer(
  deps: AppDeps,
  p: { payerId: string; body: TransferInitiateBody; idempotencyKey: string | undefined },
): Promise<InitiatedTransfer & { replayed: boolean }> {
  const code = randomSixDigitCode();
  const message = transferCodeMessage({
    code,
    amount: '{{valor}}',
    payeeName: '{{recebedor}}',
    expiresInMinutes: TRANSFER_CODE_EXPIRY_MS / 60_000,
  }).text;
  const answer = await withTransactionRetry(() =>
    transferBatchers(deps.database.db).initiate.run({
      payerId: p.payerId,
      payeeEmail: p.body.destinatario_email,
      amountCentis: p.body.quantidade_centis,
      observacoes: p.body.observacoes ?? null,
      maxCentis: MAX_TRANSFER_CENTIS,
      code,
      pepper: codePepper(deps.config.jwtSecret),
      validityMs: TRANSFER_CODE_EXPIRY_MS,
      message,
      idempotencyKey: p.idempotencyKey ?? null,
      requestHash: transferHashOf(p.body),
      codeLimit: {
        max: Math.ceil(CODES_PER_WINDOW * deps.config.rateLimitMultiplier),
        windowMs: CODE_WINDOW_MS,
      },
    }),
  );
  assertLedgerOk(answer, MESSAGES);
  if (answer.replayed !== true) deps.events.publish([p.payerId], String(answer.movimentacao_id));
  return {
    movimentacao_id: String(answer.movimentacao_id),
    status: 'pendente',
    expira_em: new Date(String(answer.expira_em)).toISOString(),
    replayed: answer.replayed === true,
  };
}

export async function verifyTransfer(
  deps: AppDeps,
  p: { payerId: string; movementId: string; code: string },
): Promise<void> {
  const answer = await withTransactionRetry(() =>
    transferBatchers(deps.database.db).verify.run({
      movementId: p.movementId,
      payerId: p.payerId,
      code: p.code,
      pepper: codePepper(deps.config.jwtSecret),
      maxAttempts: MAX_CODE_ATTEMPTS,
      payerMessage: transferSentMessage({ amount: '{{valor}}', payeeName: '{{recebedor}}' }).text,
      payeeMessage: transferReceivedMessage({ amount: '{{valor}}', payerName: '{{pagador}}' }).text,
    }),
  );
  assertLedgerOk(answer, MESSAGES);
  deps.events.publish([p.payerId, String(answer.recebedor_id)], p.movementId);
}

/** A new code for a pending transfer; the attempts already used and the expiry stay as they were. */
export async function resendTransferCode(
  deps: AppDeps,
  p: { payerId: string; movementId: string },
): Promise<{ tentativas_restantes: number }> {
  const code = randomSixDigitCode();
  const answer = await withTransactionRetry(() =>
    resendTransferCodeCall(deps.database.db, {
      ...p,
      code,
      pepper: codePepper(deps.config.jwtSecret),
      message: transferCodeMessage({
        code,
        amount: '{{valor}}',
        payeeName: '{{recebedor}}',
        expiresInMinutes: TRANSFER_CODE_EXPIRY_MS / 60_000,
      }).text,
      maxAttempts: MAX_CODE_ATTEMPTS,
      perPhone: {
        max: Math.ceil(CODES_PER_WINDOW * deps.config.rateLimitMultiplier),
        windowMs: CODE_WINDOW_MS,
      },
    }),
  );
  assertLedgerOk(answer, MESSAGES);
  return { tentativas_restantes: Number(answer.tentativas_restantes) };
}

export async function cancelTransfer(
  deps: AppDeps,
  p: { payerId: string; movementId: string },
): Promise<void> {
  assertLedgerOk(await withTransactionRetry(() => cancelTransferCall(deps.database.db, p)), MESSAGES);
}

// Normalised so that " A@x.ht " and "a@x.ht" are the same request.
function transferHashOf(body: TransferInitiateBody): string {
  return requestHashOf('transfer', [
    body.destinatario_email.trim().toLowerCase(),
    body.quantidade_centis,
    body.observacoes ?? null,
  ]);
}
