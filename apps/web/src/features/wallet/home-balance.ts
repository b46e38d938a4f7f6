// What the home's balance and the page's early script (src/features/wallet/early/home-early.ts) agree on.

/** The element that shows the balance's figure on the home. */
export const BALANCE_ELEMENT_ID = 'home-balance';
/** Remembered on this device only: it is a display choice, not a secret. '1' is hidden. */
export const BALANCE_HIDDEN_KEY = 'kreyolcash.balanceHidden';
