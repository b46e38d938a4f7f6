import { describe, expect, it } from 'vitest';
import {
  genderSchema,
  historyFilterSchema,
  movementKindSchema,
  saleStatusSchema,
} from './schemas/statuses.ts';
import {
  amountSignOf,
  INITIAL_COMPANY_STATUS,
  INITIAL_PRODUCT_STATUS,
  INITIAL_SALE_STATUS,
  INITIAL_USER_STATUS,
  isHistoryFilter,
  matchesHistoryFilter,
  TRANSACTION_TYPES,
} from './statuses.ts';

describe('amountSignOf', () => {
  it('adds for money in, subtracts for money out and leaves adjustments unsigned', () => {
    expect(TRANSACTION_TYPES.map(amountSignOf)).toEqual(['-', '+', '+', '+', '']);
  });
});

describe('matchesHistoryFilter', () => {
  it('shows everything under all', () => {
    expect(TRANSACTION_TYPES.every((type) => matchesHistoryFilter(type, 'all'))).toBe(true);
  });

  it('shows only received transfers under received and only sent ones under sent', () => {
    expect(TRANSACTION_TYPES.filter((type) => matchesHistoryFilter(type, 'received'))).toEqual(['received']);
    expect(TRANSACTION_TYPES.filter((type) => matchesHistoryFilter(type, 'sent'))).toEqual(['sent']);
  });
});

describe('statuses', () => {
  it('starts users, companies, products and sales in the spec states', () => {
    expect([
      INITIAL_USER_STATUS,
      INITIAL_COMPANY_STATUS,
      INITIAL_PRODUCT_STATUS,
      INITIAL_SALE_STATUS,
    ]).toEqual(['ATIVO', 'ATIVA', 'ATIVO', 'PENDENTE']);
  });

  it('validates enum values with zod', () => {
    expect(genderSchema.safeParse('OUTRO').success).toBe(true);
    expect(genderSchema.safeParse('X').success).toBe(false);
    expect(saleStatusSchema.safeParse('CONCLUIDA').success).toBe(true);
    expect(movementKindSchema.safeParse('ajuste').success).toBe(true);
  });

  it('recognises exactly the statement tabs its zod enum accepts', () => {
    for (const value of ['all', 'received', 'sent', 'bonus', '', null, undefined]) {
      expect(isHistoryFilter(value), String(value)).toBe(historyFilterSchema.safeParse(value).success);
    }
  });
});
