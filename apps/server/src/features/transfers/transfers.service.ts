import type { ErrorCode, pendingTransferSchema, TransferInitiateBody } from '@kreyolcash/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import {
  heldCreatedSince,
  ledger,
  okOrThrow,
  type PayeeIdentity,
  requestHashOf,
  type StatementEntry,
  TRANSFER_HOLD_POLICY,
} from '../../ledger/ledger.ts';

export type InitiatedTransfer = {
  movimentacao_id: string;
  status: 'pendente';
  expira_em: Date;
  tarifa_centis: number;
};
/** A transfer waiting for its code (PendingTransfer), its instants as Dates. */
export type PendingTransferRecord = z.input<typeof pendingTransferSchema>;

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  insufficient_balance: 'Saldo insuficiente para realizar esta transferência',
  max_amount_error: 'The maximum per transfer is ₭100.00',
  user_not_found: 'No user with this e-mail',
  self_transfer: 'You cannot send to yourself',
  idempotency_key_reused: 'This Idempotency-Key was used with another request',
  rate_limited: 'Too many codes sent; try again in a few minutes',
};

/** Holds the payer's money and sends the code to the payer's WhatsApp. */
export async function initiateTransfer(
  deps: AppDeps,
  p: { payerId: string; body: TransferInitiateBody; idempotencyKey: string | undefined },
): Promise<InitiatedTransfer & { replayed: boolean }> {
  const held = okOrThrow(
    await ledger.hold(deps, {
      kind: 'transfer',
      payerId: p.payerId,
      payee: payeeIdentityOf(p.body),
      amountCentis: p.body.quantidade_centis,
      feeCentis: p.body.tarifa_centis ?? 0,
      note: p.body.observacoes ?? null,
      idempotencyKey: p.idempotencyKey ?? null,
      requestHash: transferHashOf(p.body),
      policy: TRANSFER_HOLD_POLICY,
    }),
    MESSAGES,
  );
  return {
    movimentacao_id: held.movimentacao_id,
    status: 'pendente',
    expira_em: new Date(held.expira_em),
    tarifa_centis: held.tarifa_centis,
    replayed: held.replayed === true,
  };
}

/** Posts the transfer with its code; answers the payer's statement row of it, read inside the post. */
export async function verifyTransfer(
  deps: AppDeps,
  p: { payerId: string; movementId: string; code: string },
): Promise<StatementEntry | undefined> {
  const posted = okOrThrow(
    await ledger.post(deps, { kind: 'transfer', ...p, withStatementRow: true }),
    MESSAGES,
  );
  return posted.linha ?? undefined;
}

/** A new code for a pending transfer; the attempts already used and the expiry stay as they were. */
export async function resendTransferCode(
  deps: AppDeps,
  p: { payerId: string; movementId: string },
): Promise<{ tentativas_restantes: number }> {
  const resent = okOrThrow(await ledger.resendCode(deps, { kind: 'transfer', ...p }), MESSAGES);
  return { tentativas_restantes: resent.tentativas_restantes };
}

export async function cancelTransfer(
  deps: AppDeps,
  p: { payerId: string; movementId: string },
): Promise<void> {
  okOrThrow(await ledger.void(deps, { kind: 'transfer', ...p }), MESSAGES);
}

// Exactly one of the three is present (transferInitiateSchema).
function payeeIdentityOf(body: TransferInitiateBody): PayeeIdentity {
  if (body.destinatario_email !== undefined) return { email: body.destinatario_email.trim() };
  if (body.destinatario_telefone) return { phone: body.destinatario_telefone };
  return { id: body.destinatario_id ?? '' };
}

// Normalised so that " A@x.ht " and "a@x.ht" (or two spellings of one phone) are the same
// request; an e-mail hashes as it did before pay by phone, so older keys still replay. The fee
// the payer saw is part of the request (absent and 0 are one, and hash as before fees).
function transferHashOf(body: TransferInitiateBody): string {
  const payee =
    body.destinatario_email?.trim().toLowerCase() ??
    (body.destinatario_telefone ? `tel:${body.destinatario_telefone}` : `id:${body.destinatario_id}`);
  const fee = body.tarifa_centis ? [body.tarifa_centis] : [];
  return requestHashOf('transfer', [payee, body.quantidade_centis, body.observacoes ?? null, ...fee]);
}

/** The payer's transfers still waiting for their code, newest first: to whom, how much, until when. */
export function listPendingTransfers(deps: AppDeps, payerId: string): Promise<PendingTransferRecord[]> {
  return deps.database.db
    .selectFrom('kreyolcash_movimentacoes as m')
    .innerJoin('usuarios as d', 'd.id', 'm.destinatario_id')
    .leftJoin('kreyolcash_retencoes as r', 'r.movimentacao_id', 'm.id')
    .select([
      'm.id as movimentacao_id',
      'm.quantidade_centis',
      // The fee is what the hold holds beyond the amount (its second leg).
      sql<number>`coalesce(r.quantidade_centis - m.quantidade_centis, 0)`.as('tarifa_centis'),
      'd.nome_completo as destinatario_nome',
      'd.email as destinatario_email',
      'm.observacoes',
      'm.criado_em',
      'm.expira_em',
    ])
    .where('m.remetente_id', '=', payerId)
    .where('m.tipo', '=', 'transferencia')
    .where('m.status', '=', 'pendente')
    .where('m.criado_em', '>', heldCreatedSince(TRANSFER_HOLD_POLICY.expiry.afterMs))
    .orderBy('m.criado_em', 'desc')
    .limit(50)
    .execute();
}
