import { sql } from 'kysely';
import { settleReferralOnConfirmation } from '../features/referrals/referral-bonus.ts';
import { newPerson, postSignup, signupForm } from './accounts.ts';
import type { LedgerHost } from './ledger-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** The invitation code a user shares. */
export async function referralCodeOf(t: Pick<LedgerHost, 'database'>, user: { id: string }): Promise<string> {
  const row = await t.database.db
    .selectFrom('usuarios')
    .select('codigo_indicacao')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return row.codigo_indicacao;
}

/** A sign-up through the API (fields of `newPerson`, with overrides), answering the person and id. */
export async function signUpPerson(t: TestApp, overrides: Record<string, string> = {}) {
  const person = newPerson(overrides);
  const res = await postSignup(t, await signupForm(person));
  if (res.statusCode !== 201) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
  return { ...person, id: res.json().user.id as string };
}

/**
 * What proving the phone does for the referral, written straight to the database: the
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
