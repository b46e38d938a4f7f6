import type { OperatorDay } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import { circulationSum } from './circulation';
import { reconciliationTexts } from './texts';

// A later day of the server's route test (reconciliation-days.test.ts), as the screen sums it.
const secondDay: OperatorDay = {
  emitido_centis: 0,
  resgatado_centis: 3_000,
  bonus_centis: 100_000,
  ajustes_centis: 1_550,
  taxas_centis: 250,
  saldos_em: 'fim_do_dia',
  saldo_inicio_pessoas_centis: 98_500,
  saldo_inicio_floats_centis: 130_750,
  saldo_pessoas_centis: 189_550,
  saldo_floats_centis: 138_000,
};

describe('the operator’s day as a sum', () => {
  it('counts what came in as plus and what went out as minus, from the start to the end', () => {
    const sum = circulationSum(secondDay);
    expect(sum.startTotal).toBe(229_250);
    expect(sum.flows).toEqual([
      { key: 'issued', centis: 0, sign: '+' },
      { key: 'redeemed', centis: -3_000, sign: '−' },
      { key: 'bonuses', centis: 100_000, sign: '+' },
      { key: 'adjustments', centis: 1_550, sign: '+' },
      { key: 'fees', centis: -250, sign: '−' },
    ]);
    expect(sum.startTotal + sum.flows.reduce((total, line) => total + line.centis, 0)).toBe(sum.endTotal);
    expect(sum.endTotal).toBe(327_550);
  });

  it('signs a flow by its direction: nothing redeemed is still taken away, a debit adjustment too', () => {
    const sum = circulationSum({ ...secondDay, resgatado_centis: 0, taxas_centis: 0, ajustes_centis: -500 });
    const signs = Object.fromEntries(sum.flows.map((line) => [line.key, line.sign]));
    expect(signs).toEqual({ issued: '+', redeemed: '−', bonuses: '+', adjustments: '−', fees: '−' });
  });

  it('names every line in Creole and French', () => {
    const sum = circulationSum(secondDay);
    for (const { key } of [...sum.start, ...sum.flows, ...sum.end]) {
      for (const locale of ['ht', 'fr'] as const) {
        expect(reconciliationTexts[locale][`totals.${key}`], `${key} in ${locale}`).toBeTruthy();
      }
    }
  });
});
