import {
  CASH_IN_CODE_EXPIRY_MS,
  CASH_OUT_CODE_EXPIRY_MS,
  PHONE_CODE_EXPIRY_MS,
  PURCHASE_CODE_EXPIRY_MS,
  TRANSFER_CODE_EXPIRY_MS,
  VERIFICATION_CODE_LENGTH,
} from './constants.ts';

// A code is bound to what it confirms, so a code sent for one purpose never confirms another.
export const CODE_PURPOSES = [
  'transfer',
  'purchase',
  'phone_change_current',
  'phone_change_new',
  // The proof of the sign-up phone.
  'telefone_cadastro',
  // An agent's cash-in (to the agent) and a customer's cash-out (to the customer).
  'deposito',
  'saque',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const CODE_EXPIRY_MS_BY_PURPOSE: Record<CodePurpose, number> = {
  transfer: TRANSFER_CODE_EXPIRY_MS,
  purchase: PURCHASE_CODE_EXPIRY_MS,
  phone_change_current: PHONE_CODE_EXPIRY_MS,
  phone_change_new: PHONE_CODE_EXPIRY_MS,
  telefone_cadastro: PHONE_CODE_EXPIRY_MS,
  deposito: CASH_IN_CODE_EXPIRY_MS,
  saque: CASH_OUT_CODE_EXPIRY_MS,
};

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

// The shape only (6 ASCII digits); whether it is the right code is the server's business.
export function isVerificationCodeFormat(input: string): boolean {
  return CODE_PATTERN.test(input);
}
