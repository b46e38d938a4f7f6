import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';

describe('constants', () => {
  it('hold the values of spec §9', () => {
    expect(constants).toMatchObject({
      CENTIS_PER_KREYOL: 100,
      SIGNUP_BONUS_CENTIS: 10_000,
      REFERRAL_BONUS_CENTIS: 1_000,
      REFERRAL_BONUSES_PER_MONTH: 20,
      MAX_TRANSFER_CENTIS: 10_000,
      VERIFICATION_CODE_LENGTH: 6,
      TRANSFER_CODE_EXPIRY_MS: 900_000,
      PURCHASE_CODE_EXPIRY_MS: 600_000,
      PHONE_CODE_EXPIRY_MS: 600_000,
      MAX_CODE_ATTEMPTS: 3,
      PASSWORD_MIN_LENGTH: 6,
      REGISTRATION_STEPS: 9,
      NIF_DIGITS: 10,
      DOCUMENT_MAX_LENGTH: 14,
      COUNTRY: 'HAITI',
      DOCUMENT_TYPE: 'NIF',
      IMAGE_UPLOAD_MAX_BYTES: 5_242_880,
      MIN_SERVICE_PRICE_CENTIS: 1,
      DEFAULT_MAX_PURCHASE_QUANTITY: 999,
      HISTORY_DEFAULT_LIMIT: 50,
      HISTORY_HOME_LIMIT: 3,
      HISTORY_DETAIL_LIMIT: 100,
      HISTORY_STATEMENT_LIMIT: 50,
      BATCH_CHECK_DELAY_MS: 2_000,
      SELLER_NOTIFIED_TOAST_DELAY_MS: 1_000,
      RESET_REDIRECT_DELAY_MS: 3_000,
      CAROUSEL_INTERVAL_MS: 5_000,
      AUTH_REFRESH_TICK_MS: 30_000,
      REALTIME_HEARTBEAT_MS: 25_000,
      REALTIME_TIMEOUT_MS: 10_000,
      SUPPORT_ANSWER_HOURS: 48,
      ACCESS_TOKEN_EXPIRY_MS: 900_000,
      EMAIL_CONFIRMATION_EXPIRY_MS: 86_400_000,
      PASSWORD_RESET_LINK_EXPIRY_MS: 3_600_000,
    });
    expect(constants.REALTIME_RECONNECT_BACKOFF_MS).toEqual([1_000, 2_000, 5_000, 10_000]);
  });

  it('treat only gateway errors as retryable', () => {
    expect([500, 502, 503, 504].map(constants.isRetryableStatus)).toEqual([false, true, true, true]);
  });
});
