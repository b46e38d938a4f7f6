import type { AdminReport } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import { decisionsFor, heldCentisOf, paymentStateOf, refundCentisOf, refundedCentisOf } from './decisions';

type Shape = Pick<
  AdminReport,
  | 'status'
  | 'movimentacao_status'
  | 'quantidade_centis'
  | 'retido_centis'
  | 'reembolso_centis'
  | 'agente'
  | 'pago_centis'
>;
const open = (movimentacao_status: AdminReport['movimentacao_status'], retido_centis = 0): Shape => ({
  status: 'aberta',
  movimentacao_status,
  quantidade_centis: 2500,
  retido_centis,
  reembolso_centis: null,
  agente: null,
  pago_centis: null,
});

describe('the decisions a dispute offers', () => {
  it('offers a posted payment’s reversal, partial refund and rejection', () => {
    expect(paymentStateOf(open('concluida'))).toBe('posted');
    expect(decisionsFor(open('concluida', 2500))).toEqual(['reverse', 'refund', 'reject']);
  });

  it('offers a cash complaint’s refund from the float and its rejection, nothing else', () => {
    const cash = {
      ...open('concluida'),
      agente: { numero: 10001, nome_comercial: 'Boutik', disponivel_centis: 0 },
    };
    expect(decisionsFor({ ...cash, pago_centis: 3000 })).toEqual(['refund', 'reject']);
  });

  it('offers a held payment’s release, whole refund and rejection', () => {
    expect(paymentStateOf(open('pendente'))).toBe('held');
    expect(decisionsFor(open('pendente'))).toEqual(['release', 'refund', 'reject']);
  });

  it('offers nothing once decided, or for a payment neither posted nor held', () => {
    expect(decisionsFor({ ...open('concluida'), status: 'reembolsada' })).toEqual([]);
    expect(decisionsFor({ ...open('pendente'), status: 'rejeitada' })).toEqual([]);
    expect(decisionsFor(open('cancelada'))).toEqual([]);
    expect(paymentStateOf(open('expirada'))).toBeNull();
  });

  it('counts a held payment whole as what an open dispute keeps from the payee', () => {
    expect(heldCentisOf(open('pendente'))).toBe(2500);
    expect(heldCentisOf(open('concluida', 2500))).toBe(2500);
    expect(heldCentisOf(open('concluida', 0))).toBe(0);
    expect(heldCentisOf({ ...open('pendente'), status: 'rejeitada' })).toBe(0);
  });
});

describe('the part of a posted payment to refund', () => {
  it('reads amounts as people type them, up to the payment’s amount', () => {
    expect(refundCentisOf('10', 2500)).toBe(1000);
    expect(refundCentisOf(' 12,50 ', 2500)).toBe(1250);
    expect(refundCentisOf('₭ 0,01', 2500)).toBe(1);
    expect(refundCentisOf('25.00', 2500)).toBe(2500);
  });

  it('refuses nothing, zero, more than the payment, and what is not an amount', () => {
    for (const text of ['', '0', '0,00', '25,01', '-5', 'abc', '1,234', '10,']) {
      expect(refundCentisOf(text, 2500), text).toBeNull();
    }
  });
});

describe('what went back to the payer', () => {
  it('is a refund’s amount, a reversal’s whole amount, and nothing otherwise', () => {
    expect(refundedCentisOf({ ...open('concluida'), status: 'reembolsada', reembolso_centis: 1000 })).toBe(
      1000,
    );
    expect(refundedCentisOf({ ...open('concluida'), status: 'estornada' })).toBe(2500);
    expect(refundedCentisOf({ ...open('concluida'), status: 'liberada' })).toBeNull();
    expect(refundedCentisOf({ ...open('concluida'), status: 'rejeitada' })).toBeNull();
  });
});
