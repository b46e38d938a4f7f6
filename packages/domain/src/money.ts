import { CENTIS_PER_KREYOL, CURRENCY_SYMBOL } from './constants.ts';

// Money is integer centis held in safe integers (Number.isSafeInteger). Nothing here turns an
// amount into a float except centisToUnits, which exists only for display and for the
// `quantidade_kreyolcash` field; every other conversion works on the decimal digits.

// A named result instead of a thrown error: a typo in an amount field is expected, not exceptional.
export type AmountResult = { ok: true; centis: number } | { ok: false; error: 'invalid_amount' };

// The sign written in front of an amount: '+' money in, '-' money out, '' neither (adjustments).
export type AmountSign = '+' | '-' | '';

// Beyond 2^46 units two different 2-decimal amounts can share one float, so a JS number can no
// longer carry an exact amount of units (≈ ₭70 trillion, far above any real balance).
export const MAX_EXACT_UNITS = 2 ** 46;

const INVALID: AmountResult = { ok: false, error: 'invalid_amount' };

export function isSafeCentis(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function assertSafeCentis(value: unknown): asserts value is number {
  if (!isSafeCentis(value)) throw new RangeError(`centis must be a safe integer, got ${String(value)}`);
}

// Units for display: the float nearest to centis / 100, which is exactly what JavaScript would
// read from the decimal text (10050 → 100.5).
export function centisToUnits(centis: number): number {
  assertSafeCentis(centis);
  return centis / CENTIS_PER_KREYOL;
}

// The exact inverse of centisToUnits. It reads the number's own shortest decimal text, so
// 0.1 + 0.2 (0.30000000000000004) is rejected instead of being silently rounded.
export function unitsToCentis(units: number): AmountResult {
  if (!Number.isFinite(units) || Math.abs(units) > MAX_EXACT_UNITS) return INVALID;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(units));
  if (!match) return INVALID;
  const [, minus, whole = '', fraction = ''] = match;
  const magnitude = Number(whole + fraction.padEnd(2, '0'));
  // Avoid returning -0 for "-0".
  return { ok: true, centis: minus && magnitude !== 0 ? -magnitude : magnitude };
}

// Adds amounts and refuses a total that leaves the safe range instead of losing precision.
export function addCentis(...amounts: number[]): AmountResult {
  let total = 0;
  for (const amount of amounts) {
    if (!isSafeCentis(amount)) return INVALID;
    total += amount;
    if (!Number.isSafeInteger(total)) return INVALID;
  }
  return { ok: true, centis: total };
}

// The total of a purchase line; the server prices it, the web shows the same number.
export function multiplyCentis(unitCentis: number, quantity: number): AmountResult {
  if (!isSafeCentis(unitCentis) || !Number.isSafeInteger(quantity)) return INVALID;
  const total = unitCentis * quantity;
  return Number.isSafeInteger(total) ? { ok: true, centis: total } : INVALID;
}

// `1.234,56` for 123456 and `-1.234,56` for -123456: pt-BR digits built from the integer's own
// decimal text, never through a float, so every safe integer formats exactly.
export function formatCentis(centis: number): string {
  assertSafeCentis(centis);
  const digits = String(Math.abs(centis)).padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, '.');
  const fraction = digits.slice(-2);
  return `${centis < 0 ? '-' : ''}${whole},${fraction}`;
}

// `₭ 1.234,56`; a negative amount puts the minus before the symbol (`-₭ 1.234,56`), as pt-BR
// does for its own currency. The space is a plain space so texts stay easy to search and test.
export function formatKreyol(centis: number): string {
  assertSafeCentis(centis);
  const sign = centis < 0 ? '-' : '';
  return `${sign}${CURRENCY_SYMBOL} ${formatCentis(Math.abs(centis))}`;
}

// For lists and the transaction detail, where the sign comes from the movement's direction and
// the stored amount is always positive: `+₭ 10,00`, `-₭ 10,00`, or `₭ 10,00`.
export function formatSignedKreyol(centis: number, sign: AmountSign): string {
  assertSafeCentis(centis);
  return `${sign}${CURRENCY_SYMBOL} ${formatCentis(Math.abs(centis))}`;
}
