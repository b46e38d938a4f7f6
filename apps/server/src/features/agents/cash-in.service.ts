import {
  AppError,
  CASH_IN_CODE_EXPIRY_MS,
  type CashInRequest,
  type startedCashInSchema,
} from '@kreyolcash/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { profilePhotoUrl } from '../../identity/user-presenter.ts';
import { findPayee, ledger, type PartyHoldPolicy, refusalError, requestHashOf } from '../../ledger/ledger.ts';
import { findAgentPerson, findHeld, listHeldCashIns } from './cash.repository.ts';
import { AGENT_CODES_PER_WINDOW, codeRefusal } from './cash-codes.ts';

type StartedCashIn = z.input<typeof startedCashInSchema>;

// An agent's cash-in (docs/agents.md): the customer hands over cash, the agent's float pays them
// the same amount in ₭. The float's money is held at once, and the agent sees who they are paying
// (name and photo) before confirming with the code sent to their own WhatsApp. It counts toward
// the customer's maximum balance (checked when it posts), never toward anyone's sending limits.

/** Holds the amount from the agent's float for the customer and sends the agent their code. */
export async function startCashIn(
  deps: AppDeps,
  agentUserId: string,
  body: CashInRequest,
): Promise<StartedCashIn> {
  const { db } = deps.database;
  const agent = await findAgentPerson(db, agentUserId);
  if (!agent) throw new AppError('agent_not_found');
  const customer = await findPayee(db, { phone: body.telefone });
  if (customer?.id === agentUserId) throw new AppError('self_transfer');
  if (!customer?.canReceive) throw new AppError('user_not_found');

  const policy: PartyHoldPolicy = {
    confirmation: { by: 'party', partyId: agentUserId },
    countsInLimits: false,
    expiry: { afterMs: CASH_IN_CODE_EXPIRY_MS, action: 'void' },
  };
  const held = await ledger.hold(deps, {
    kind: 'movement',
    movementKind: 'deposito',
    debitAccountId: agent.conta_id,
    creditAccountId: customer.accountId,
    amountCentis: body.quantidade_centis,
    note: null,
    idempotencyKey: null,
    requestHash: requestHashOf('cash_in', [customer.id, body.quantidade_centis]),
    policy,
    sendsPartyCode: {
      purpose: 'deposito',
      phone: agent.telefone,
      perWindow: AGENT_CODES_PER_WINDOW,
      message: {
        template: 'cash_in_code',
        purpose: 'cash_in_code',
        language: agent.idioma,
        params: {
          valor_centis: body.quantidade_centis,
          cliente: customer.nome_completo,
          validade_min: CASH_IN_CODE_EXPIRY_MS / 60_000,
        },
      },
    },
  });
  if (!held.ok) throw refusalError(held);
  return {
    movimentacao_id: held.movimentacao_id,
    cliente: {
      nome_completo: customer.nome_completo,
      profile_photo_url: profilePhotoUrl(customer.profile_photo_key),
    },
    quantidade_centis: body.quantidade_centis,
    expira_em: new Date(held.expira_em),
  };
}

/**
 * The agent's code posts the cash-in: the code is spent and the money moves in one transaction. A
 * wrong code costs an attempt; a post the ledger refuses (the customer's maximum balance) voids
 * the cash-in, and the float's money is free again.
 */
export async function confirmCashIn(
  deps: AppDeps,
  p: { agentUserId: string; movementId: string; code: string },
): Promise<void> {
  const { db } = deps.database;
  const agent = await findAgentPerson(db, p.agentUserId);
  if (!agent) throw new AppError('agent_not_found');
  const movement = await findHeld(db, 'deposito', p.movementId, { partyId: p.agentUserId });
  if (!movement) throw new AppError('transaction_not_found');
  if (movement.status !== 'pendente')
    throw new AppError('transaction_not_pending', { details: { status: movement.status } });
  const posted = await ledger.post(deps, {
    kind: 'party',
    movementId: p.movementId,
    partyId: p.agentUserId,
    code: { purpose: 'deposito', binding: agent.telefone, code: p.code },
  });
  if (!posted.ok) throw codeRefusal(posted);
}

/** The agent gives up a cash-in before confirming it: the float's money is free again. */
export async function cancelCashIn(
  deps: AppDeps,
  p: { agentUserId: string; movementId: string },
): Promise<void> {
  const movement = await findHeld(deps.database.db, 'deposito', p.movementId, { partyId: p.agentUserId });
  if (!movement) throw new AppError('transaction_not_found');
  const voided = await ledger.void(deps, {
    kind: 'movement',
    movementId: p.movementId,
    payerId: p.agentUserId,
  });
  if (!voided.ok) throw refusalError(voided);
}

/** The agent's cash-ins still waiting for their code, to confirm or give up after a reload. */
export function listAgentCashIns(deps: AppDeps, agentUserId: string): Promise<StartedCashIn[]> {
  return listHeldCashIns(deps.database.db, agentUserId, CASH_IN_CODE_EXPIRY_MS);
}
