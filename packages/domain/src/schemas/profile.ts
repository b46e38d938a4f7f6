import { z } from 'zod';
import { localeField, optionalField, phoneField, requiredText } from './fields.ts';

// The settings' name form (the name is required there).
export const profileUpdateSchema = z.object({ nome_completo: requiredText('name_required') });
export type ProfileUpdateBody = z.output<typeof profileUpdateSchema>;

// PATCH /api/me: the name, the language, or both; a field left out is left as it is, and every
// other key is dropped.
export const meUpdateSchema = z.object({
  nome_completo: requiredText('name_required').optional(),
  idioma: localeField.optional(),
});
export type MeUpdateInput = z.input<typeof meUpdateSchema>;
export type MeUpdateBody = z.output<typeof meUpdateSchema>;

// POST /api/me/phone-change. Whether it differs from the current phone (phone_same_as_current)
// and is free (phone_already_exists) needs the account, so the server checks it (isSamePhone).
export const phoneChangeSchema = z.object({ novo_telefone: phoneField('new_phone_required') });
export type PhoneChangeBody = z.output<typeof phoneChangeSchema>;

// POST /api/referrals: both fields filled (fill_all_fields), and a phone WhatsApp can reach.
export const referralSchema = z.object({
  nome: requiredText('fill_all_fields'),
  telefone: phoneField('fill_all_fields'),
});
export type ReferralInput = z.input<typeof referralSchema>;
export type ReferralBody = z.output<typeof referralSchema>;

// POST /api/me/phone-proof: a code to the sign-up phone, or first a corrected number (a mistyped
// one can be fixed until the phone is proven). Left out or empty: the number on the account.
export const phoneProofSchema = z.object({ telefone: optionalField(phoneField()) });
export type PhoneProofInput = z.input<typeof phoneProofSchema>;
export type PhoneProofBody = z.output<typeof phoneProofSchema>;
