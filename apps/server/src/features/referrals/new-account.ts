import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { UserRow } from '../../identity/users.repository.ts';
import { identitiesOf, recordIdentities } from './identities.repository.ts';
import { findUserByReferralCode, setReferredBy } from './referrals.repository.ts';

/**
 * Sign-up's part of referrals, inside the sign-up transaction: remember the new account's NIF,
 * e-mail and phone (the first account to have one keeps it), and who referred the person when
 * the form carried a known referral code. An unknown code is ignored: it must not cost anyone
 * their account.
 */
export async function recordNewAccount(
  trx: Transaction<DB>,
  p: { user: UserRow; referralCode: string | undefined },
): Promise<void> {
  await recordIdentities(trx, { userId: p.user.id, identities: identitiesOf(p.user) });
  if (!p.referralCode) return;
  const inviter = await findUserByReferralCode(trx, p.referralCode);
  if (inviter && inviter.id !== p.user.id)
    await setReferredBy(trx, { userId: p.user.id, inviterId: inviter.id });
}
