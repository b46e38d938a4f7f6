import type { Transaction } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import { amountSignFor, readingOf, rowStateOf } from './transaction-looks';

type Shape = Pick<Transaction, 'type' | 'tipo' | 'status' | 'expirada' | 'estornada' | 'em_verificacao'>;
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
    expect(readingOf(movement({ tipo: 'desconhecido', type: 'adjustment' }))).toBe('adjustment');
  });

  it('reads the movements at an agent as cash-in, cash-out and a refund from a float', () => {
    expect(readingOf(movement({ tipo: 'deposito', type: 'received' }))).toBe('cashIn');
    expect(readingOf(movement({ tipo: 'saque', type: 'sent' }))).toBe('cashOut');
    expect(readingOf(movement({ tipo: 'reembolso', type: 'received' }))).toBe('agentRefund');
  });

  it('labels every row that is not a plain completed payment', () => {
    expect(rowStateOf(movement({}))).toBeNull();
    expect(rowStateOf(movement({ status: 'pendente' }))).toBe('pendente');
    expect(rowStateOf(movement({ status: 'cancelada' }))).toBe('cancelada');
    expect(rowStateOf(movement({ status: 'cancelada', expirada: true }))).toBe('expirada');
    expect(rowStateOf(movement({ estornada: true }))).toBe('estornada');
    // A report being checked says so, not "pending" like a transfer waiting for its code.
    expect(rowStateOf(movement({ em_verificacao: true }))).toBe('verificacao');
    expect(rowStateOf(movement({ em_verificacao: false }))).toBeNull();
    expect(rowStateOf(movement({ type: 'adjustment', tipo: 'ajuste' }))).toBe('adjustment');
    expect(rowStateOf(movement({ status: 'em_revisao' as Transaction['status'] }))).toBe('unknown');
  });

  it('signs a posted adjustment by its direction, and leaves an unknown kind unsigned', () => {
    const sign = (over: Partial<Transaction>) =>
      amountSignFor({
        type: 'adjustment',
        tipo: 'ajuste',
        remetente_nome: null,
        destinatario_nome: null,
        ...over,
      });
    expect(sign({ destinatario_nome: 'Marie Jean' })).toBe('+');
    expect(sign({ remetente_nome: 'Marie Jean' })).toBe('-');
    expect(sign({ tipo: 'saque', destinatario_nome: 'Marie Jean' })).toBe('');
    expect(
      amountSignFor({ type: 'sent', tipo: 'transferencia', remetente_nome: 'A', destinatario_nome: 'B' }),
    ).toBe('-');
  });
});
