import { z } from 'zod';
import { emailField, errorKey, newPasswordField, nifField, passwordField } from './fields.ts';

// POST /api/auth/login
export const loginSchema = z.object({ email: emailField(), password: passwordField });
export type LoginBody = z.output<typeof loginSchema>;

// POST /api/auth/forgot-password and POST /api/auth/resend-confirmation
export const emailOnlySchema = z.object({ email: emailField() });
export const forgotPasswordSchema = emailOnlySchema;
export const resendConfirmationSchema = emailOnlySchema;
export type EmailOnlyBody = z.output<typeof emailOnlySchema>;

// POST /api/auth/confirm-email
export const confirmEmailSchema = z.object({
  token: z.string(errorKey('invalid_confirmation_link')).min(1, errorKey('invalid_confirmation_link')),
});
export type ConfirmEmailBody = z.output<typeof confirmEmailSchema>;

// POST /api/auth/reset-password: the tokens come from the link's URL fragment.
export const resetPasswordSchema = z.object({
  access_token: z.string(errorKey('invalid_reset_link')).min(1, errorKey('invalid_reset_link')),
  refresh_token: z.string(errorKey('invalid_reset_link')).min(1, errorKey('invalid_reset_link')),
  password: newPasswordField,
});
export type ResetPasswordBody = z.output<typeof resetPasswordSchema>;

// The confirmation must match; the key goes on the confirmation field, where the form shows it.
export function passwordsMatch(form: { password: string; confirmPassword: string }): boolean {
  return form.password === form.confirmPassword;
}

export const confirmPasswordField = z
  .string(errorKey('confirm_password_required'))
  .min(1, errorKey('confirm_password_required'));

// The reset-password page's form.
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField, confirmPassword: confirmPasswordField })
  .refine(passwordsMatch, { ...errorKey('passwords_dont_match'), path: ['confirmPassword'] });
export type ResetPasswordForm = z.output<typeof resetPasswordFormSchema>;

// GET /api/auth/nif-available?documento=
export const nifAvailableQuerySchema = z.object({ documento: nifField });
export type NifAvailableQuery = z.output<typeof nifAvailableQuerySchema>;
