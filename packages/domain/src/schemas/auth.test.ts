import { describe, expect, it } from 'vitest';
import {
  confirmEmailSchema,
  forgotPasswordSchema,
  loginSchema,
  nifAvailableQuerySchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from './auth.ts';
import { keysOf, parsed } from './test-helpers.ts';

describe('loginSchema', () => {
  it('accepts an e-mail and a password, trimming and lower-casing the e-mail', () => {
    expect(parsed(loginSchema, { email: '  Ana@Example.HT ', password: 'secret' })).toEqual({
      email: 'ana@example.ht',
      password: 'secret',
    });
  });

  it('requires the e-mail and the password with email_required and password_required', () => {
    expect(keysOf(loginSchema, {})).toEqual({ email: 'email_required', password: 'password_required' });
    expect(keysOf(loginSchema, { email: '  ', password: '' })).toEqual({
      email: 'email_required',
      password: 'password_required',
    });
  });

  it('rejects an e-mail not shaped x@y.z with email_invalid', () => {
    for (const email of ['ana', 'ana@example', 'ana@@example.ht', 'a na@example.ht'])
      expect(keysOf(loginSchema, { email, password: 'secret' })).toEqual({ email: 'email_invalid' });
  });

  it('rejects a password under 6 characters with password_min_length', () => {
    expect(keysOf(loginSchema, { email: 'a@b.ht', password: '12345' })).toEqual({
      password: 'password_min_length',
    });
  });

  it('rejects a password over 128 characters with password_max_length', () => {
    expect(keysOf(loginSchema, { email: 'a@b.ht', password: 'x'.repeat(129) })).toEqual({
      password: 'password_max_length',
    });
  });

  it('keeps spaces inside a password', () => {
    expect(parsed(loginSchema, { email: 'a@b.ht', password: ' pass word ' }).password).toBe(' pass word ');
  });

  it('accepts a common password, so accounts made before the rule can still log in', () => {
    expect(parsed(loginSchema, { email: 'a@b.ht', password: 'password' }).password).toBe('password');
  });
});

describe('forgotPasswordSchema', () => {
  it('requires a well-formed e-mail', () => {
    expect(keysOf(forgotPasswordSchema, { email: '' })).toEqual({ email: 'email_required' });
    expect(keysOf(forgotPasswordSchema, { email: 'x@y' })).toEqual({ email: 'email_invalid' });
    expect(parsed(forgotPasswordSchema, { email: 'x@y.z' })).toEqual({ email: 'x@y.z' });
  });
});

describe('reset password', () => {
  it('requires both tokens of the link with invalid_reset_link', () => {
    expect(keysOf(resetPasswordSchema, { password: 'Lakay-2024!' })).toEqual({
      access_token: 'invalid_reset_link',
      refresh_token: 'invalid_reset_link',
    });
  });

  it('applies the password rules to the new password', () => {
    expect(keysOf(resetPasswordSchema, { access_token: 'a', refresh_token: 'r', password: '123' })).toEqual({
      password: 'password_min_length',
    });
  });

  it('refuses a common new password with password_too_common, on the API and in the form', () => {
    expect(
      keysOf(resetPasswordSchema, { access_token: 'a', refresh_token: 'r', password: 'Haiti123' }),
    ).toEqual({ password: 'password_too_common' });
    expect(keysOf(resetPasswordFormSchema, { password: 'azerty', confirmPassword: 'azerty' })).toEqual({
      password: 'password_too_common',
    });
  });

  it('rejects a confirmation that differs with passwords_dont_match on the confirmation', () => {
    expect(keysOf(resetPasswordFormSchema, { password: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'passwords_dont_match',
    });
    expect(parsed(resetPasswordFormSchema, { password: 'secret1', confirmPassword: 'secret1' })).toBeTruthy();
  });

  it('requires the confirmation with confirm_password_required', () => {
    expect(keysOf(resetPasswordFormSchema, { password: 'secret1', confirmPassword: '' })).toEqual({
      confirmPassword: 'confirm_password_required',
    });
  });
});

describe('confirmEmailSchema', () => {
  it('requires a token with invalid_confirmation_link', () => {
    expect(keysOf(confirmEmailSchema, { token: '' })).toEqual({ token: 'invalid_confirmation_link' });
  });
});

describe('nifAvailableQuerySchema', () => {
  it('yields the digits of a valid NIF', () => {
    expect(parsed(nifAvailableQuerySchema, { documento: '123-456-789-0' })).toEqual({
      documento: '1234567890',
    });
  });

  it('rejects an incomplete NIF with document_invalid', () => {
    expect(keysOf(nifAvailableQuerySchema, { documento: '123-456' })).toEqual({
      documento: 'document_invalid',
    });
  });
});
