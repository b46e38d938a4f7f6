import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { UserRow } from './users.repository.ts';

/**
 * Moments of an account's identity that other features take part in. Each runs inside the
 * transaction of the moment itself, so what a hook records commits or rolls back with the
 * account, the proof or the change: a referral bonus is paid in the same transaction as the
 * proof that earns it. app.ts fills them; identity does not know who listens.
 */
export type IdentityHooks = {
  /** A new account, before its sign-up commits; `referralCode` as the form carried it. */
  accountCreated(
    trx: Transaction<DB>,
    account: { user: UserRow; referralCode: string | undefined },
  ): Promise<void>;
  /** The account's phone became this number (the sign-up number corrected, or a change proven). */
  phoneChanged(trx: Transaction<DB>, change: { userId: string; phone: string }): Promise<void>;
  /** The account proved a contact it holds: its e-mail by the link, its phone by the code. */
  identityProven(trx: Transaction<DB>, proof: { userId: string; contact: 'email' | 'phone' }): Promise<void>;
};

/** Nobody listening: identity works on its own. */
export const noIdentityHooks: IdentityHooks = {
  accountCreated: async () => {},
  phoneChanged: async () => {},
  identityProven: async () => {},
};
