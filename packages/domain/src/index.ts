// The public API of @kreyolcash/domain: rules shared by the server and the web app, with no I/O.
// This is the package's one barrel; everything public is re-exported here by name.

export * from './app-error.ts';
export * from './common-passwords.ts';
export * from './company-categories.ts';
export * from './constants.ts';
export * from './dates.ts';
export * from './error-codes.ts';
export * from './images.ts';
export * from './levels.ts';
export * from './locales.ts';
export * from './money.ts';
export * from './nif.ts';
export * from './parse-amount.ts';
export * from './payees.ts';
export * from './phone.ts';
export * from './phone-display.ts';
export * from './product-categories.ts';
export * from './purchase-quantity.ts';
export * from './referral-code.ts';
export * from './registration-steps.ts';
export * from './schemas/amounts.ts';
export * from './schemas/auth.ts';
export * from './schemas/enums.ts';
export * from './schemas/errors.ts';
export * from './schemas/field-errors.ts';
export * from './schemas/fields.ts';
export * from './schemas/marketplace.ts';
export * from './schemas/profile.ts';
export * from './schemas/signup.ts';
export * from './schemas/statuses.ts';
export * from './schemas/wallet.ts';
export * from './statuses.ts';
export * from './success-keys.ts';
export * from './support.ts';
export * from './verification-codes.ts';
export * from './visible-text.ts';
