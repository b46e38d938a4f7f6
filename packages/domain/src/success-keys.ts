// Keys of the success toasts and notices (spec §8); like error codes, the web translates them.
export const SUCCESS_KEYS = [
  'login_success',
  'account_created_bonus',
  'email_confirmed',
  'reset_email_sent',
  'password_reset_success',
  'code_sent',
  'check_whatsapp_code',
  'transfer_success',
  'purchase_success',
  'seller_notified',
  'company_created',
  'service_created',
  'referral_sent_success',
  'photo_updated',
  'name_updated',
  'phone_code_sent',
  'phone_code_sent_new',
  'phone_updated',
] as const;
export type SuccessKey = (typeof SUCCESS_KEYS)[number];
