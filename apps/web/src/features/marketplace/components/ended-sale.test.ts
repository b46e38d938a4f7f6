import { describe, expect, it } from 'vitest';
import { endedSaleOf } from './ended-sale';

const now = Date.parse('2025-03-01T12:00:00Z');

describe('a sale that is no longer waiting for its code', () => {
  it('is paid when confirmed or completed, whatever its code said', () => {
    expect(endedSaleOf({ status: 'CONFIRMADA', expira_em: '2025-03-01T11:00:00Z' }, now)).toBe('paid');
    expect(endedSaleOf({ status: 'CONCLUIDA', expira_em: null }, now)).toBe('paid');
  });

  it('is expired when voided after its code ran out, else cancelled', () => {
    expect(endedSaleOf({ status: 'CANCELADA', expira_em: '2025-03-01T11:59:59Z' }, now)).toBe('expired');
    expect(endedSaleOf({ status: 'CANCELADA', expira_em: '2025-03-01T12:05:00Z' }, now)).toBe('cancelled');
    expect(endedSaleOf({ status: 'CANCELADA', expira_em: null }, now)).toBe('cancelled');
  });

  it('is still pending when the server holds it again', () => {
    expect(endedSaleOf({ status: 'PENDENTE', expira_em: '2025-03-01T12:05:00Z' }, now)).toBe('pending');
  });
});
