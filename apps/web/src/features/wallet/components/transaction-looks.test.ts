import type { Transaction } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import { readingOf, rowStateOf } from './transaction-looks';

type Shape = Pick<Transaction, 'type' | 'tipo' | 'status' | 'expirada' | 'estornada'>;
const movement = (overrides: Partial<Shape>): Shape => ({
  type: 'sent',
  tipo: 'transferencia',
  status: 'concluida',
  expirada: false,
  estornada: false,
  ...overrides,
});

describe('how a movement reads', () => {
  it('reads a purchase as a purchase to its buyer and as a sale to its seller', () => {
    expect(readingOf(movement({ tipo: 'compra', type: 'sent' }))).toBe('purchase');
    expect(readingOf(movement({ tipo: 'compra', type: 'received' }))).toBe('sale');
    expect(readingOf(movement({ tipo: 'estorno', type: 'received' }))).toBe('reversal');
    expect(readingOf(movement({ tipo: 'transferencia', type: 'received' }))).toBe('received');
    expect(readingOf(movement({ tipo: 'ajuste', type: 'adjustment' }))).toBe('adjustment');
    // A kind this build does not know still reads by its type.
    expect(readingOf(movement({ tipo: 'saque', type: 'adjustment' }))).toBe('adjustment');
  });

  it('labels every row that is not a plain completed payment', () => {
    expect(rowStateOf(movement({}))).toBeNull();
    expect(rowStateOf(movement({ status: 'pendente' }))).toBe('pendente');
    expect(rowStateOf(movement({ status: 'cancelada' }))).toBe('cancelada');
    expect(rowStateOf(movement({ status: 'cancelada', expirada: true }))).toBe('expirada');
    expect(rowStateOf(movement({ estornada: true }))).toBe('estornada');
    expect(rowStateOf(movement({ type: 'adjustment', tipo: 'ajuste' }))).toBe('adjustment');
    expect(rowStateOf(movement({ status: 'em_revisao' as Transaction['status'] }))).toBe('unknown');
  });
});
