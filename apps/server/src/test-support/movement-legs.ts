import { randomUUID } from 'node:crypto';
import { FEE_ACCOUNT_ID, type MovementLeg } from '../ledger/ledger.ts';
import type { LedgerHost, SeededUser } from './ledger-fixtures.ts';

/** An agent's float account (tipo 'agente', empty) for the user, written straight to the database. */
export async function seedAgentAccount(t: LedgerHost, user: SeededUser): Promise<string> {
  const id = randomUUID();
  await t.database.db
    .insertInto('kreyolcash_contas')
    .values({ id, tipo: 'agente', user_id: user.id })
    .execute();
  return id;
}

/** A payment of `amount` with a fee of `fee` to the operator and `commission` to the agent: three legs. */
export function feePayment(
  payer: string,
  payee: string,
  agent: string,
  amount: number,
  fee: number,
  commission: number,
): MovementLeg[] {
  return [
    { debitAccountId: payer, creditAccountId: payee, amountCentis: amount },
    { debitAccountId: payer, creditAccountId: FEE_ACCOUNT_ID, amountCentis: fee },
    { debitAccountId: payer, creditAccountId: agent, amountCentis: commission },
  ];
}
