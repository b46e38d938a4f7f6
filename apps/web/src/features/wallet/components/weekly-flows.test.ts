import type { Transaction } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import { weeklyFlows, weekStarts } from './weekly-flows';

function movement(overrides: Partial<Transaction>): Transaction {
  return {
    id: 'id',
    type: 'received',
    status: 'concluida',
    quantidade_centis: 100,
    quantidade_kreyolcash: 1,
    criado_em: '2025-06-11T15:00:00.000Z',
    criado_em_haiti: '2025-06-11T11:00:00',
    remetente_nome: null,
    remetente_email: null,
    destinatario_nome: null,
    destinatario_email: null,
    observacoes: null,
    tipo: 'transferencia',
    expirada: false,
    estornada: false,
    compra: null,
    ...overrides,
  };
}

// Wednesday 11 June 2025, 11:00 in Port-au-Prince (UTC−4).
const now = new Date('2025-06-11T15:00:00.000Z');

describe('weekly flows', () => {
  it('starts 8 weeks on Mondays, the last one holding today', () => {
    expect(weekStarts(now)).toEqual([
      '2025-04-21',
      '2025-04-28',
      '2025-05-05',
      '2025-05-12',
      '2025-05-19',
      '2025-05-26',
      '2025-06-02',
      '2025-06-09',
    ]);
  });

  it('reads the week in Haiti: Sunday 23:30 there is still the week before, though Monday in UTC', () => {
    expect(weekStarts(new Date('2025-06-09T03:30:00.000Z')).at(-1)).toBe('2025-06-02');
  });

  it('adds money in (received, bonus, signup) and out (sent) per week, completed movements only', () => {
    const flows = weeklyFlows(
      [
        movement({ type: 'received', quantidade_centis: 1250 }),
        movement({ type: 'signup', quantidade_centis: 10_000, criado_em: '2025-04-21T12:00:00.000Z' }),
        movement({ type: 'bonus', quantidade_centis: 1000, criado_em: '2025-06-09T04:30:00.000Z' }),
        movement({ type: 'sent', quantidade_centis: 500, criado_em: '2025-06-02T12:00:00.000Z' }),
        movement({ type: 'sent', quantidade_centis: 700, status: 'cancelada' }),
        movement({ type: 'sent', quantidade_centis: 900, status: 'pendente' }),
        movement({ type: 'adjustment', quantidade_centis: 300 }),
        movement({ type: 'received', quantidade_centis: 99, criado_em: '2025-04-20T12:00:00.000Z' }),
      ],
      now,
    );
    expect(flows[0]).toEqual({ startIsoDate: '2025-04-21', inCentis: 10_000, outCentis: 0 });
    expect(flows[6]).toEqual({ startIsoDate: '2025-06-02', inCentis: 0, outCentis: 500 });
    expect(flows[7]).toEqual({ startIsoDate: '2025-06-09', inCentis: 2250, outCentis: 0 });
    const total = flows.reduce((sum, week) => sum + week.inCentis + week.outCentis, 0);
    expect(total).toBe(12_750);
  });
});
