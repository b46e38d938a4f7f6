import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_HTTP_STATUS,
  errorCodeForStatus,
  httpStatusOf,
  isErrorCode,
} from './error-codes.ts';
import { errorCodeSchema } from './schemas/errors.ts';
import { SUCCESS_KEYS } from './success-keys.ts';

// Keys of spec §5 and §8, and those the server needs for its own failures.
const SPEC_KEYS = [
  'invalid_credentials',
  'email_not_confirmed',
  'login_error',
  'unexpected_error',
  'registration_error',
  'data_save_error',
  'user_data_error',
  'account_data_error',
  'invalid_email',
  'user_not_found',
  'user_not_found_message',
  'search_user_error',
  'invalid_amount',
  'max_amount_error',
  'transfer_processing_error',
  'invalid_verification_code',
  'invalid_codes',
  'verification_code_error',
  'error_loading_transactions',
  'transaction_not_found',
  'company_not_found',
  'error_loading_company',
  'company_creation_error',
  'purchase_error',
  'product_not_found',
  'error_loading_product',
  'fill_all_fields',
  'referral_send_error',
  'email_required',
  'email_invalid',
  'password_required',
  'password_min_length',
  'name_required',
  'document_required',
  'document_invalid',
  'document_photo_required',
  'phone_required',
  'birth_date_required',
  'gender_required',
  'profile_photo_required',
  'passwords_dont_match',
];
const SERVER_KEYS = [
  'not_found',
  'unauthorized',
  'forbidden',
  'validation_error',
  'bad_request',
  'payload_too_large',
  'rate_limited',
  'internal_error',
  'nif_already_exists',
  'email_already_exists',
  'phone_already_exists',
  'company_already_exists',
  'insufficient_balance',
  'idempotency_key_reused',
  'code_expired',
];

describe('error codes', () => {
  it('include every key of the spec and of the server', () => {
    for (const code of [...SPEC_KEYS, ...SERVER_KEYS]) expect(ERROR_CODES).toContain(code);
  });

  it('are unique snake_case keys', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(?:_[a-z0-9]+)*$/);
  });

  it('do not mix with success keys', () => {
    for (const key of SUCCESS_KEYS) expect(isErrorCode(key)).toBe(false);
    expect(SUCCESS_KEYS).toContain('account_created_bonus');
    expect(SUCCESS_KEYS).toContain('referral_sent_success');
  });

  it('each have exactly one HTTP status', () => {
    expect(Object.keys(ERROR_HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each([
    ['invalid_credentials', 401],
    ['email_not_confirmed', 403],
    ['nif_already_exists', 409],
    ['email_already_exists', 409],
    ['phone_already_exists', 409],
    ['company_already_exists', 409],
    ['phone_change_not_pending', 409],
    ['phone_not_verified', 403],
    ['phone_proof_not_pending', 409],
    ['phone_already_verified', 409],
    ['referral_already_registered', 409],
    ['referral_self', 422],
    ['invalid_language', 422],
    ['validation_error', 422],
    ['max_amount_error', 422],
    ['invalid_codes', 422],
    ['rate_limited', 429],
    ['user_not_found', 404],
    ['transaction_not_found', 404],
    ['company_not_found', 404],
    ['product_not_found', 404],
    ['payload_too_large', 413],
    ['internal_error', 500],
    ['network_error', 0],
  ] as const)('gives %s the status %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it('gives every *_not_found code the status 404', () => {
    for (const code of ERROR_CODES.filter((c) => c.endsWith('_not_found')))
      expect(httpStatusOf(code)).toBe(404);
  });

  it('recognises only known codes', () => {
    expect(isErrorCode('max_amount_error')).toBe(true);
    expect(isErrorCode('hasOwnProperty')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    expect(errorCodeSchema.safeParse('invalid_codes').success).toBe(true);
  });

  it.each([
    [0, 'network_error'],
    [400, 'bad_request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [413, 'payload_too_large'],
    [422, 'validation_error'],
    [429, 'rate_limited'],
    [500, 'internal_error'],
    [502, 'service_unavailable'],
    [503, 'service_unavailable'],
    [504, 'service_unavailable'],
  ])('names a bare status %i as %s', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });
});
