import { randomUUID } from 'node:crypto';
import {
  AppError,
  CASH_OUT_CODE_EXPIRY_MS,
  CASH_OUT_TAKE_MS,
  type CashOutConfirmation,
  type CashOutRequest,
  type heldCashOutSchema,
  type startedCashOutSchema,
} from '@kreyolcash/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { accountFrozen, isFrozen } from '../../identity/freeze.ts';
import { findUserById } from '../../identity/users.repository.ts';
import {
  findBalance,
  issueCode,
  ledger,
  type PartyHoldPolicy,
  quoteFee,
  refusalError,
  requestHashOf,
} from '../../ledger/ledger.ts';
import { withTransactionRetry } from '../../lib/transaction-retry.ts';
import { findListedAgentAccount, listingOf } from './agents.repository.ts';
import { findHeld, listHeldCashOuts } from './cash.repository.ts';
import { codeRefusal } from './cash-codes.ts';

type StartedCashOut = z.input<typeof startedCashOutSchema>;
type HeldCashOut = z.input<typeof heldCashOutSchema>;

// A customer's cash-out at an agent (docs/agents.md). The customer names the agent and the amount
// of cash, sees the fee and what is held before anything is, and confirms with the code sent to
// their WhatsApp: the code is bound to those terms. Only then are the amount and the fee held, as
// one movement whose legs are the amount to the agent's float and the fee split between the
// agent's commission (to the float) and the operator's fee account. The agent hands the cash over
// and marks it: only then does it post. Not taken in time, it is voided and the money released.
// It counts in the customer's sending limits, as any money they send.

/** The cash-out's terms (agent, fee) and its code to the customer; nothing is held yet. */
export async function startCashOut(
  deps: AppDeps,
  customerId: string,
  body: CashOutRequest,
): Promise<StartedCashOut> {
  const { db } = deps.database;
  const [customer, agent] = await Promise.all([
    findUserById(db, customerId),
    findListedAgentAccount(db, body.agente_numero),
  ]);
  if (!customer) throw new AppError('unauthorized');
  // Its hold would be refused at the code: a frozen account is told before a code is sent.
  if (isFrozen(customer)) throw accountFrozen();
  if (!agent) throw new AppError('agent_not_found');
  if (agent.usuario_id === customerId) throw new AppError('self_transfer');
  if (customer.telefone_verificado_em === null) throw new AppError('phone_not_verified');
  const quote = await quoteFee(db, 'saque', body.quantidade_centis);
  // Said before a code is sent; the hold checks it again under its lock.
  const balance = await findBalance(db, customerId);
  if ((balance?.disponivel_centis ?? 0) < quote.total_centis) throw new AppError('insufficient_balance');

  const requestId = randomUUID();
  const issued = await withTransactionRetry(() =>
    issueCode(db, deps.config, {
      subjectId: requestId,
      purpose: 'saque',
      userId: customerId,
      phone: customer.telefone,
      validityMs: CASH_OUT_CODE_EXPIRY_MS,
      binding: termsOf(customer.telefone, body.agente_numero, body.quantidade_centis, quote.tarifa_centis),
      message: {
        template: 'cash_out_code',
        purpose: 'cash_out_code',
        language: customer.idioma,
        params: {
          valor_centis: body.quantidade_centis,
          taxa_centis: quote.tarifa_centis,
          agente: agent.nome_comercial,
          numero: agent.numero,
          validade_min: CASH_OUT_CODE_EXPIRY_MS / 60_000,
        },
      },
    }),
  );
  if (!issued.ok) throw refusalError(issued);
  return {
    pedido_id: requestId,
    agente: listingOf(agent, new Date()),
    cotacao: quote,
    codigo_expira_em: issued.expiresAt,
  };
}

/**
 * The customer's code holds the cash-out, in one transaction: the code is spent, the fee is read
 * again with its table locked (a fee that changed is refused, never charged), and the amount and
 * fee are held for the agent. A refused hold leaves the code unspent.
 */
export async function confirmCashOut(
  deps: AppDeps,
  p: { customerId: string; requestId: string; body: CashOutConfirmation },
): Promise<HeldCashOut> {
  const { db } = deps.database;
  const { body } = p;
  const [customer, agent] = await Promise.all([
    findUserById(db, p.customerId),
    findListedAgentAccount(db, body.agente_numero),
  ]);
  if (!customer) throw new AppError('unauthorized');
  // Its hold would be refused at the code: a frozen account is told before a code is sent.
  if (isFrozen(customer)) throw accountFrozen();
  if (!agent) throw new AppError('agent_not_found');
  const policy: PartyHoldPolicy = {
    confirmation: { by: 'party', partyId: agent.usuario_id },
    countsInLimits: true,
    expiry: { afterMs: CASH_OUT_TAKE_MS, action: 'void' },
  };
  const terms = termsOf(customer.telefone, body.agente_numero, body.quantidade_centis, body.tarifa_centis);
  const outcome = await ledger.hold(deps, {
    kind: 'movement',
    movementKind: 'saque',
    debitAccountId: p.customerId,
    creditAccountId: agent.conta_id,
    amountCentis: body.quantidade_centis,
    note: null,
    idempotencyKey: p.requestId,
    requestHash: requestHashOf('cash_out', [body.agente_numero, body.quantidade_centis, body.tarifa_centis]),
    policy,
    payerCode: { subjectId: p.requestId, purpose: 'saque', binding: terms, code: body.codigo },
    fee: { operation: 'saque', seenCentis: body.tarifa_centis },
  });
  if (!outcome.ok) throw codeRefusal(outcome);
  const [listed] = await listHeldCashOuts(
    db,
    { customerId: p.customerId, movementId: outcome.movimentacao_id },
    CASH_OUT_TAKE_MS,
  );
  if (!listed) throw new AppError('transaction_not_pending');
  return listed;
}

/** The customer's cash-outs still waiting for their agent. */
export function listCustomerCashOuts(deps: AppDeps, customerId: string): Promise<HeldCashOut[]> {
  return listHeldCashOuts(deps.database.db, { customerId }, CASH_OUT_TAKE_MS);
}

/** The cash-outs waiting for this agent to hand the cash over. */
export function listAgentCashOuts(deps: AppDeps, agentUserId: string): Promise<HeldCashOut[]> {
  return listHeldCashOuts(deps.database.db, { agentUserId }, CASH_OUT_TAKE_MS);
}

/** The customer gives up a cash-out before the cash is handed over: the money is free again. */
export async function cancelCashOut(
  deps: AppDeps,
  p: { customerId: string; movementId: string },
): Promise<void> {
  const movement = await findHeld(deps.database.db, 'saque', p.movementId, { payerId: p.customerId });
  if (!movement) throw new AppError('transaction_not_found');
  const voided = await ledger.void(deps, {
    kind: 'movement',
    movementId: p.movementId,
    payerId: p.customerId,
  });
  if (!voided.ok) throw refusalError(voided);
}

/**
 * The agent marks the cash handed over: the cash-out posts, amount and commission to the float and
 * the operator's part to the fee account. Another agent's cash-out is not found.
 */
export async function handOverCashOut(
  deps: AppDeps,
  p: { agentUserId: string; movementId: string },
): Promise<void> {
  const movement = await findHeld(deps.database.db, 'saque', p.movementId, { partyId: p.agentUserId });
  if (!movement) throw new AppError('transaction_not_found');
  const posted = await ledger.post(deps, { kind: 'party', movementId: p.movementId, partyId: p.agentUserId });
  if (!posted.ok) throw refusalError(posted);
}

// What the customer's code confirms: their phone, the agent, the amount and the fee they saw.
function termsOf(phone: string, agentNumber: number, amountCentis: number, feeCentis: number): string {
  return `${phone}|saque|${agentNumber}|${amountCentis}|${feeCentis}`;
}
