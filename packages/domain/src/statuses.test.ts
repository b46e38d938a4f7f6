import { describe, expect, it } from 'vitest';
import {
  genderSchema,
  historyFilterSchema,
  movementKindSchema,
  saleStatusSchema,
} from './schemas/statuses.ts';
import {
  amountSignOf,
  displayTypeOf,
  INITIAL_COMPANY_STATUS,
  INITIAL_PRODUCT_STATUS,
  INITIAL_SALE_STATUS,
  INITIAL_USER_STATUS,
  isHistoryFilter,
  MOVEMENT_STATUSES,
  matchesHistoryFilter,
  TRANSACTION_TYPES,
  transactionStatusOf,
} from './statuses.ts';

const sender = 'user-a';
const receiver = 'user-b';

describe('displayTypeOf', () => {
  it('reads a transfer as sent by its sender', () => {
    expect(
      displayTypeOf({ tipo: 'transferencia', remetenteId: sender, destinatarioId: receiver }, sender),
    ).toBe('sent');
  });

  it('reads a transfer as received by its recipient', () => {
    expect(
      displayTypeOf({ tipo: 'transferencia', remetenteId: sender, destinatarioId: receiver }, receiver),
    ).toBe('received');
  });

  it('reads the signup batch as signup and a bonus as bonus', () => {
    expect(displayTypeOf({ tipo: 'cadastro', remetenteId: null, destinatarioId: receiver }, receiver)).toBe(
      'signup',
    );
    expect(displayTypeOf({ tipo: 'bonus', remetenteId: null, destinatarioId: receiver }, receiver)).toBe(
      'bonus',
    );
  });

  it('reads an adjustment or any unknown kind as adjustment', () => {
    expect(displayTypeOf({ tipo: 'ajuste', remetenteId: null, destinatarioId: receiver }, receiver)).toBe(
      'adjustment',
    );
    expect(
      displayTypeOf({ tipo: 'desconhecido', remetenteId: sender, destinatarioId: receiver }, sender),
    ).toBe('adjustment');
  });

  it('reads a purchase and a reversal like a transfer: sent by who paid, received by who got it', () => {
    for (const tipo of ['compra', 'estorno']) {
      expect(displayTypeOf({ tipo, remetenteId: sender, destinatarioId: receiver }, sender)).toBe('sent');
      expect(displayTypeOf({ tipo, remetenteId: sender, destinatarioId: receiver }, receiver)).toBe(
        'received',
      );
    }
  });
});

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
  it('shows a movement waiting for its code as pending, and an expired one as cancelled', () => {
    expect(MOVEMENT_STATUSES.map(transactionStatusOf)).toEqual([
      'pendente',
      'concluida',
      'cancelada',
      'cancelada',
    ]);
  });

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
