// Business constants and limits of spec §9 and DESIGN.md, in one place so the server, the web app
// and the tests cannot drift apart. The unit goes last in every name (`_CENTIS`, `_MS`, `_BYTES`).

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

// Money. Amounts are integer centis; only the display divides by CENTIS_PER_KREYOL.
export const CENTIS_PER_KREYOL = 100;
export const CURRENCY_SYMBOL = '₭';
export const CURRENCY_CODE = 'KC';
export const SIGNUP_BONUS_CENTIS = 10_000;
export const REFERRAL_BONUS_CENTIS = 1_000;
// Referral bonuses one inviter can earn per calendar month, counted in Haiti's time zone
// (HAITI_TIME_ZONE): enough for a real circle of friends, not for a farm of invented identities.
export const REFERRAL_BONUSES_PER_MONTH = 20;
export const MIN_TRANSFER_CENTIS = 1;
export const MAX_TRANSFER_CENTIS = 10_000;
export const MIN_SERVICE_PRICE_CENTIS = 1;
export const MIN_PURCHASE_QUANTITY = 1;
export const DEFAULT_MAX_PURCHASE_QUANTITY = 999;

// The ceiling of every figure of money (₭10 000 000 000 000): each balance, hold, amount, price,
// sale total and daily total stays within ±AMOUNT_CEILING_CENTIS, checked by the database and
// refused at the API with amount_too_large. The issuer's balance (minus all money ever issued)
// is held to it too, so any sum of people's balances is within it; and a + b of two figures is
// at most 2 × 10^15 < 2^53, still a safe integer, so a JavaScript number never rounds money.
export const AMOUNT_CEILING_CENTIS = 10 ** 15;

// Verification codes: 6 digits drawn from 100000–999999 (no leading zero, spec §7).
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_MIN = 100_000;
export const VERIFICATION_CODE_MAX = 999_999;
export const TRANSFER_CODE_EXPIRY_MS = 15 * MINUTE_MS;
export const PURCHASE_CODE_EXPIRY_MS = 10 * MINUTE_MS;
export const PHONE_CODE_EXPIRY_MS = 10 * MINUTE_MS;
// An agent's code for a cash-in, and a customer's for a cash-out: both are typed at the counter.
export const CASH_IN_CODE_EXPIRY_MS = 10 * MINUTE_MS;
export const CASH_OUT_CODE_EXPIRY_MS = 10 * MINUTE_MS;
// How long a confirmed cash-out waits for its agent to hand the cash over before it is voided and
// the customer's money released: time to walk to the shop and queue.
export const CASH_OUT_TAKE_MS = 60 * MINUTE_MS;
export const MAX_CODE_ATTEMPTS = 3;

// Accounts and identity.
export const PASSWORD_MIN_LENGTH = 6;
// Not in the spec: an upper bound keeps a hostile body from making argon2 hash megabytes.
export const PASSWORD_MAX_LENGTH = 128;
export const REGISTRATION_STEPS = 9;
export const COUNTRY = 'HAITI';
export const DOCUMENT_TYPE = 'NIF';
export const NIF_DIGITS = 10;
// The input's maxLength (spec §5). A masked NIF is 13 characters, so the mask never reaches it.
export const DOCUMENT_MAX_LENGTH = 14;
export const HAITI_COUNTRY_CALLING_CODE = '+509';
export const EMAIL_MAX_LENGTH = 254;

// Free-text lengths (not in the spec; bounds so one request cannot store megabytes).
export const NAME_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 1_000;
export const OBSERVATIONS_MAX_LENGTH = 280;
export const REFERRAL_CODE_MAX_LENGTH = 64;
export const ID_MAX_LENGTH = 100;

// Uploads: JPG and PNG up to 5 MB.
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

// History list sizes (spec §7): the detail page once fetched 100 and picked one on the client.
export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_HOME_LIMIT = 3;
export const HISTORY_DETAIL_LIMIT = 100;
export const HISTORY_STATEMENT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 100;

// Marketplace lists (companies, products, sales): newest first, a page at a time.
export const PAGE_DEFAULT_LIMIT = 50;
export const PAGE_MAX_LIMIT = 100;

// The largest stock a service may count. Not in the spec: the database keeps stock in a 32-bit
// integer column, and a larger number must be a validation error, not a failed insert.
export const MAX_STOCK_QUANTITY = 2_147_483_647;

// Delays of the user interface.
export const BATCH_CHECK_DELAY_MS = 2 * SECOND_MS;
export const SELLER_NOTIFIED_TOAST_DELAY_MS = 1 * SECOND_MS;
export const RESET_REDIRECT_DELAY_MS = 3 * SECOND_MS;
export const CAROUSEL_INTERVAL_MS = 5 * SECOND_MS;

// Sessions: the client checks every tick and refreshes 3 ticks before expiry.
export const ACCESS_TOKEN_EXPIRY_MS = 15 * MINUTE_MS;
export const EMAIL_CONFIRMATION_EXPIRY_MS = 24 * HOUR_MS;
export const PASSWORD_RESET_LINK_EXPIRY_MS = 1 * HOUR_MS;
export const AUTH_REFRESH_TICK_MS = 30 * SECOND_MS;
export const AUTH_REFRESH_THRESHOLD_TICKS = 3;
export const AUTH_REFRESH_RETRY_BASE_MS = 200;

// Realtime connection.
export const REALTIME_HEARTBEAT_MS = 25 * SECOND_MS;
export const REALTIME_TIMEOUT_MS = 10 * SECOND_MS;
export const REALTIME_RECONNECT_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000] as const;

// Storage defaults.
export const STORAGE_LIST_DEFAULT_LIMIT = 100;
export const STORAGE_CACHE_CONTROL_SECONDS = 3_600;

// HTTP: a network failure surfaces as status 0; gateway errors are worth retrying.
export const NETWORK_FAILURE_STATUS = 0;
export const RETRYABLE_HTTP_STATUSES = [502, 503, 504] as const;

// Support promise on the privacy page.
export const SUPPORT_ANSWER_HOURS = 48;

// Numbers and dates are shown in pt-BR; times in Haiti's own zone, whatever the device says.
export const NUMBER_LOCALE = 'pt-BR';
export const HAITI_TIME_ZONE = 'America/Port-au-Prince';

export function isRetryableStatus(status: number): boolean {
  return (RETRYABLE_HTTP_STATUSES as readonly number[]).includes(status);
}
