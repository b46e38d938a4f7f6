import { describe, expect, it } from 'vitest';
import { AMOUNT_CEILING_CENTIS } from '../constants.ts';
import {
  adjustmentCentisField,
  priceCentisField,
  priceTextField,
  transferAmountTextField,
  transferAmountTextUpTo,
  transferRequestCentisField,
} from './amounts.ts';
import { keysOf, parsed } from './test-helpers.ts';

describe('amount fields of the forms', () => {
  it('reads a typed transfer amount into centis', () => {
    expect(parsed(transferAmountTextField, '₭ 12,50')).toBe(1_250);
    expect(parsed(transferAmountTextField, '100')).toBe(10_000);
  });

  it('rejects a typed amount above ₭100 with max_amount_error', () => {
    expect(keysOf(transferAmountTextField, '100,01')).toEqual({ form: 'max_amount_error' });
  });

  it('takes a level’s own limit and key (level 2: transfer_limit_exceeded above ₭1.000)', () => {
    const level2 = transferAmountTextUpTo(100_000, 'transfer_limit_exceeded');
    expect(parsed(level2, '1.000')).toBe(100_000);
    expect(keysOf(level2, '1.000,01')).toEqual({ form: 'transfer_limit_exceeded' });
  });

  it('rejects unreadable text or zero with invalid_amount', () => {
    expect(keysOf(transferAmountTextField, '1,234')).toEqual({ form: 'invalid_amount' });
    expect(keysOf(transferAmountTextField, '0')).toEqual({ form: 'invalid_amount' });
    expect(keysOf(transferAmountTextField, '')).toEqual({ form: 'invalid_amount' });
  });

  it('reads a price of at least ₭0,01, else price_must_be_positive', () => {
    expect(parsed(priceTextField, '0,01')).toBe(1);
    expect(parsed(priceTextField, '1.500')).toBe(150_000);
    expect(keysOf(priceTextField, '0,00')).toEqual({ form: 'price_must_be_positive' });
    expect(keysOf(priceTextField, 'abc')).toEqual({ form: 'price_must_be_positive' });
  });
});

describe('the ceiling of every amount', () => {
  it('keeps every figure a safe integer, even the sum of two', () => {
    expect(AMOUNT_CEILING_CENTIS).toBe(1_000_000_000_000_000);
    expect(Number.isSafeInteger(2 * AMOUNT_CEILING_CENTIS)).toBe(true);
  });

  it.each([
    ['a transfer', transferRequestCentisField],
    ['a price', priceCentisField],
    ['an adjustment', adjustmentCentisField],
  ])(
    'takes %s of exactly the ceiling and refuses one centi more, or 2^53 − 1, with amount_too_large',
    (_name, field) => {
      expect(parsed(field, AMOUNT_CEILING_CENTIS)).toBe(AMOUNT_CEILING_CENTIS);
      expect(keysOf(field, AMOUNT_CEILING_CENTIS + 1)).toEqual({ form: 'amount_too_large' });
      expect(keysOf(field, Number.MAX_SAFE_INTEGER)).toEqual({ form: 'amount_too_large' });
    },
  );

  it.each([
    [1e21, 'invalid_amount', 'price_must_be_positive', 'validation_error'],
    [2 ** 53, 'invalid_amount', 'price_must_be_positive', 'validation_error'],
    [1.5, 'invalid_amount', 'price_must_be_positive', 'validation_error'],
    [0, 'invalid_amount', 'price_must_be_positive', 'invalid_amount'],
    ['100', 'invalid_amount', 'price_must_be_positive', 'validation_error'],
  ])(
    'gives %j its own key, not amount_too_large: transfer %s, price %s, adjustment %s',
    (value, transfer, price, adjustment) => {
      expect(keysOf(transferRequestCentisField, value)).toEqual({ form: transfer });
      expect(keysOf(priceCentisField, value)).toEqual({ form: price });
      expect(keysOf(adjustmentCentisField, value)).toEqual({ form: adjustment });
    },
  );

  it('takes a debit adjustment down to minus the ceiling', () => {
    expect(parsed(adjustmentCentisField, -AMOUNT_CEILING_CENTIS)).toBe(-AMOUNT_CEILING_CENTIS);
    expect(keysOf(adjustmentCentisField, -AMOUNT_CEILING_CENTIS - 1)).toEqual({ form: 'amount_too_large' });
    expect(keysOf(transferRequestCentisField, -1)).toEqual({ form: 'invalid_amount' });
    expect(keysOf(priceCentisField, -1)).toEqual({ form: 'price_must_be_positive' });
  });

  it('refuses a typed price above the ceiling with amount_too_large', () => {
    expect(keysOf(priceTextField, '10.000.000.000.000,01')).toEqual({ form: 'amount_too_large' });
    expect(parsed(priceTextField, '10.000.000.000.000')).toBe(AMOUNT_CEILING_CENTIS);
  });
});
