import { FEE_TABLE_REFUSALS } from './fees.ts';

// Every failure the product can report, by its spec key (spec §5, §8) plus the server's own.
// Clients switch on the code and translate it; they never read the message. Codes are listed
// under their default HTTP status so that each code gets exactly one, decided here.
const CODES_BY_STATUS = {
  // The request never reached the server.
  0: ['network_error'],
  400: ['bad_request', 'invalid_reset_link', 'invalid_confirmation_link'],
  401: ['unauthorized', 'invalid_credentials', 'session_expired'],
  403: [
    'forbidden',
    'email_not_confirmed',
    'account_blocked',
    'own_company_purchase',
    // The sign-up phone is not proven yet: no sending, buying or inviting until it is.
    'phone_not_verified',
    // The account is frozen (by its owner or an operator): no money leaves it.
    'account_frozen',
    // The proposer of an adjustment cannot approve it: two people, always.
    'own_adjustment_approval',
    // The proposer of a float issuance or redemption cannot approve or reject it either.
    'own_float_approval',
    // A held movement waits for one named party's action (the seller, the buyer, an agent): anyone
    // else's is refused, and so is any action on a hold that waits for a code.
    'not_confirming_party',
  ],
  404: [
    'not_found',
    'user_not_found',
    // The spec pairs the user_not_found title with this description key.
    'user_not_found_message',
    'user_phone_not_found',
    'transaction_not_found',
    'company_not_found',
    'product_not_found',
    'sale_not_found',
    // A help request that does not exist, or is not the caller's.
    'help_request_not_found',
    // No agent by that id or number, a paused one by its number, or the caller is no agent.
    'agent_not_found',
  ],
  409: [
    'nif_already_exists',
    'email_already_exists',
    'phone_already_exists',
    'company_already_exists',
    'transaction_not_pending',
    'request_in_progress',
    // No phone change is waiting for this step's code (none started, cancelled, spent or dead).
    'phone_change_not_pending',
    // No code waits to prove the phone (none sent, or spent): ask for a new one.
    'phone_proof_not_pending',
    // The phone is proven already: nothing left to prove.
    'phone_already_verified',
    // The invited friend's phone already belongs to an account: no bonus could ever come of it.
    'referral_already_registered',
    // A movement is reversed at most once.
    'transaction_already_reversed',
    // A held movement under an open dispute: only the dispute's decision ends it.
    'transaction_in_dispute',
    // A cash-out's fee changed between the quote the customer saw and their confirmation: nothing
    // is held; they see the new fee and confirm again.
    'fee_changed',
    // A product's price changed between the page the buyer saw and their purchase: nothing is
    // held; they see the new price and buy again.
    'price_changed',
    // Back office: the thing acted on is no longer in the state the action needs.
    'report_already_exists',
    'report_not_open',
    // A dispute's decision that does not fit its movement: a posted one is reversed, refunded or
    // left standing; a held one is released, refunded or left held.
    'dispute_decision_not_applicable',
    'review_not_pending',
    'adjustment_not_pending',
    // A float issuance or redemption decided already.
    'float_operation_not_pending',
    // A bank deposit's reference that backs an issuance already: one deposit, one issuance.
    'deposit_reference_taken',
    'account_already_frozen',
    'account_not_frozen',
    // A new document photo for an account whose document is approved already (level 2 stays).
    'document_already_approved',
    // Support cannot answer or close a help request that is closed already.
    'help_request_closed',
    // The user is an agent already: one agent profile (and one float) per person.
    'already_an_agent',
  ],
  413: ['payload_too_large', 'image_too_large'],
  422: [
    'validation_error',
    // Sign-in, sign-up and profile fields (spec §5).
    'email_required',
    'email_invalid',
    'password_required',
    'password_min_length',
    'password_max_length',
    // A new password that is on the list of the most common ones (common-passwords.ts).
    'password_too_common',
    'confirm_password_required',
    'passwords_dont_match',
    'name_required',
    'document_required',
    'document_invalid',
    'document_photo_required',
    'profile_photo_required',
    'phone_required',
    'phone_invalid',
    'new_phone_required',
    'phone_same_as_current',
    'birth_date_required',
    'birth_date_invalid',
    'gender_required',
    'gender_invalid',
    'referral_code_invalid',
    'image_invalid_type',
    'value_too_long',
    // Transfers and codes.
    'invalid_email',
    'invalid_amount',
    'max_amount_error',
    'self_transfer',
    // The transfer's first field (phone or e-mail) left blank.
    'payee_required',
    'insufficient_balance',
    // A refund from an agent's float (a complaint about a cash-in or cash-out) that the float
    // does not have free: refused rather than taking it below zero.
    'agent_float_insufficient',
    'invalid_verification_code',
    'invalid_codes',
    'code_expired',
    'code_attempts_exceeded',
    'idempotency_key_reused',
    // A POST that starts a transfer or a purchase came without its Idempotency-Key.
    'idempotency_key_required',
    // Marketplace and referrals.
    'company_name_required',
    'service_name_required',
    'description_required',
    'category_required',
    'category_invalid',
    'price_must_be_positive',
    'stock_invalid',
    'invalid_quantity',
    'insufficient_stock',
    'fill_all_fields',
    // An invitation to the inviter's own phone.
    'referral_self',
    // Only a posted transfer or purchase can be reversed.
    'transaction_not_reversible',
    // An adjustment says why it is made.
    'adjustment_reason_required',
    // A figure of money above AMOUNT_CEILING_CENTIS: an amount, a price, a purchase's total, or
    // a balance a credit would take past it.
    'amount_too_large',
    // An adjustment above the configured most one may move (ADJUSTMENT_MAX_CENTIS).
    'adjustment_too_large',
    // A language that is not one of LOCALES (PATCH /api/me, sign-up).
    'invalid_language',
    // Limits by verification level: per transfer, per day, per month, and the most a
    // payee may hold.
    'transfer_limit_exceeded',
    'daily_limit_reached',
    'monthly_limit_reached',
    'balance_limit_reached',
    // Disputes ("wrong person" reports among them): only of one's own movement, a posted one within
    // its window, 3 open at most.
    'transaction_not_reportable',
    'report_window_closed',
    'report_limit_reached',
    // An operator's action says why it is made.
    'reason_required',
    // Help requests: a subject of HELP_SUBJECTS, a text, at most HELP_REQUESTS_OPEN_MAX waiting.
    'help_subject_invalid',
    'help_text_required',
    'help_requests_open_limit',
    // Support's answer to a help request says something.
    'answer_required',
    // An operator's freeze or unfreeze names its category from the closed list.
    'freeze_category_required',
    // A fee table the back office cannot publish (fees.ts).
    ...FEE_TABLE_REFUSALS,
    // An amount above the last band of its operation's fee table: the operation does not take it.
    'amount_above_fee_bands',
    // Making an agent: only a level-2 user (document approved, phone proven); a commune of
    // HAITI_COMMUNES; hours that isValidAgentHours takes (HH:MM, opening before closing, in order).
    'agent_level_required',
    'commune_invalid',
    'agent_hours_invalid',
    // Float issuance: the bank deposit's reference is 1–60 characters (also a redemption's), its
    // date a real YYYY-MM-DD that is not after today in Haiti.
    'float_reference_invalid',
    'deposit_date_invalid',
    'deposit_date_in_future',
    // A reconciliation's day (dia): a real YYYY-MM-DD, and not after today in Haiti.
    'reconciliation_day_invalid',
    'reconciliation_day_in_future',
  ],
  429: [
    'rate_limited',
    // More distinct payees looked up than PAYEE_LOOKUP_DAILY_DISTINCT_LIMIT in 24 hours.
    'lookup_limit_reached',
  ],
  // Failures of an operation as a whole (spec §8): the client shows them when a call fails
  // without a more precise code; the server uses internal_error.
  500: [
    'internal_error',
    'unexpected_error',
    'login_error',
    'registration_error',
    'data_save_error',
    'user_data_error',
    'account_data_error',
    'error_loading_profile',
    'search_user_error',
    'transfer_processing_error',
    'verification_code_error',
    'code_generation_error',
    'code_send_error',
    'error_loading_transactions',
    'balance_check_error',
    'error_loading_companies',
    'error_loading_company',
    'company_creation_error',
    'service_creation_error',
    'error_loading_product',
    'purchase_error',
    'referral_send_error',
    'reset_email_send_error',
    'password_reset_error',
    'photo_upload_error',
    'photo_update_error',
    'image_processing_error',
    'name_update_error',
    'phone_check_error',
    'phone_update_error',
  ],
  503: ['service_unavailable'],
} as const;

type CodesByStatus = typeof CODES_BY_STATUS;
export type ErrorCode = CodesByStatus[keyof CodesByStatus][number];

export const ERROR_CODES = Object.values(CODES_BY_STATUS).flat() as [ErrorCode, ...ErrorCode[]];

export const ERROR_HTTP_STATUS = Object.fromEntries(
  Object.entries(CODES_BY_STATUS).flatMap(([status, codes]) => codes.map((code) => [code, Number(status)])),
) as Record<ErrorCode, number>;

// A plain set lookup, not a zod enum: the web app's API client checks codes with it, and zod
// (~25 KB gzipped) must not load with the client. The zod schema is in schemas/errors.ts.
const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODE_SET.has(value);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_HTTP_STATUS[code];
}

// The code for a failure that came without one (a proxy's error page, a dropped connection).
export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 0) return 'network_error';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 422) return 'validation_error';
  if (status === 429) return 'rate_limited';
  // A gateway error means the API is down or restarting: worth a retry, not a bug report.
  if (status === 502 || status === 503 || status === 504) return 'service_unavailable';
  if (status >= 500) return 'internal_error';
  return 'bad_request';
}
