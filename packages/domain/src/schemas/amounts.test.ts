import { describe, expect, it } from 'vitest';
import { priceTextField, transferAmountTextField, transferAmountTextUpTo } from './amounts.ts';
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
