import type { IdentityHooks } from '../../identity/hooks.ts';
import { recordIdentities } from './identities.repository.ts';
import { recordNewAccount } from './new-account.ts';
import { settleReferralOnConfirmation } from './referral-bonus.ts';

/**
 * Referrals' part in an identity's moments: a new account's NIF, e-mail and phone are remembered
 * (and its referral code applied), a changed phone is remembered too, and a proof may settle the
 * referral's bonus, all in the moment's own transaction.
 */
export const referralIdentityHooks: IdentityHooks = {
  accountCreated: (trx, account) => recordNewAccount(trx, account),
  phoneChanged: (trx, { userId, phone }) =>
    recordIdentities(trx, { userId, identities: [{ tipo: 'telefone', valor: phone }] }),
  identityProven: (trx, { userId }) => settleReferralOnConfirmation(trx, userId),
};
