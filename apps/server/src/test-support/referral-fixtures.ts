import { sql } from 'kysely';
import { settleReferralOnConfirmation } from '../features/referrals/referral-bonus.ts';
import type { LedgerHost } from './ledger-fixtures.ts';

/**
 * What proving the phone does for the referral (issue 15), written straight to the database: the
 * phone is marked proven and the referral settled in the same transaction, as the phone proof
 * does. The code itself has its own tests.
 */
export async function provePhone(t: Pick<LedgerHost, 'database'>, userId: string): Promise<void> {
  await t.database.db.transaction().execute(async (trx) => {
    const proven = await trx
      .updateTable('usuarios')
      .set({ telefone_verificado_em: sql<Date>`now()` })
      .where('id', '=', userId)
      .where('telefone_verificado_em', 'is', null)
      .executeTakeFirst();
    if (proven.numUpdatedRows > 0n) await settleReferralOnConfirmation(trx, userId);
  });
}
