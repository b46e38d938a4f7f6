import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_CEILING_CENTIS } from './constants.ts';
import { type FeeBand, feeFor, feeOfBand, feeTableProblem } from './fees.ts';

const band = (de: number, ate: number, fixa: number, percentual = 0, comissao = 0): FeeBand => ({
  de_centis: de,
  ate_centis: ate,
  fixa_centis: fixa,
  percentual_bp: percentual,
  comissao_bp: comissao,
});

// ≤ ₭250: ₭5; ≤ ₭1 000: ₭15 + 1 %; above, up to ₭75 000: ₭50 + 0,5 %; the agent gets 40 %.
const TABLE = [
  band(1, 25_000, 500, 0, 4_000),
  band(25_001, 100_000, 1_500, 100, 4_000),
  band(100_001, 7_500_000, 5_000, 50, 4_000),
];

describe('fee tables', () => {
  it('charges each band from its first centi to its last, and takes nothing above the last band', () => {
    expect(feeFor(TABLE, 1)).toEqual({ tarifa_centis: 500, comissao_centis: 200, operador_centis: 300 });
    expect(feeFor(TABLE, 25_000)).toEqual({ tarifa_centis: 500, comissao_centis: 200, operador_centis: 300 });
    // 1 % of ₭250,01 is 250,01 centis → 250.
    expect(feeFor(TABLE, 25_001)).toEqual({
      tarifa_centis: 1_750,
      comissao_centis: 700,
      operador_centis: 1_050,
    });
    expect(feeFor(TABLE, 100_000)).toEqual({
      tarifa_centis: 2_500,
      comissao_centis: 1_000,
      operador_centis: 1_500,
    });
    // 0,5 % of ₭1 000,01 is 500,005 centis → 500.
    expect(feeFor(TABLE, 100_001)).toEqual({
      tarifa_centis: 5_500,
      comissao_centis: 2_200,
      operador_centis: 3_300,
    });
    expect(feeFor(TABLE, 7_500_000)).toEqual({
      tarifa_centis: 42_500,
      comissao_centis: 17_000,
      operador_centis: 25_500,
    });
    expect(feeFor(TABLE, 7_500_001)).toBeNull();
  });

  it('is free under an empty table, for any amount', () => {
    for (const amount of [1, 25_000, AMOUNT_CEILING_CENTIS]) {
      expect(feeFor([], amount)).toEqual({ tarifa_centis: 0, comissao_centis: 0, operador_centis: 0 });
    }
  });

  it('rounds the percentage half up to a whole centi, and the commission down', () => {
    const onePercent = band(1, AMOUNT_CEILING_CENTIS, 0, 100, 5_000);
    expect(feeOfBand(onePercent, 149).tarifa_centis).toBe(1); // 1.49 → 1
    expect(feeOfBand(onePercent, 150).tarifa_centis).toBe(2); // 1.5 → 2
    expect(feeOfBand(onePercent, 249).tarifa_centis).toBe(2); // 2.49 → 2
    expect(feeOfBand(onePercent, 250).tarifa_centis).toBe(3); // 2.5 → 3
    expect(feeOfBand(onePercent, 49).tarifa_centis).toBe(0); // 0.49 → 0
    expect(feeOfBand(onePercent, 50).tarifa_centis).toBe(1); // 0.5 → 1
    // A fee of 3 centis, half to the agent: 1 (1.5 rounded down), the operator 2.
    expect(feeOfBand(onePercent, 250)).toEqual({ tarifa_centis: 3, comissao_centis: 1, operador_centis: 2 });
    // 0,05 % (5 bp) of 1 000 000 centis is 500 exactly; of 1 000 001 it is 500.0005 → 500;
    // of 999 000 it is 499.5 → 500; of 998 999 it is 499.4995 → 499.
    const fiveBp = band(1, AMOUNT_CEILING_CENTIS, 0, 5);
    expect(feeOfBand(fiveBp, 1_000_000).tarifa_centis).toBe(500);
    expect(feeOfBand(fiveBp, 1_000_001).tarifa_centis).toBe(500);
    expect(feeOfBand(fiveBp, 999_000).tarifa_centis).toBe(500);
    expect(feeOfBand(fiveBp, 998_999).tarifa_centis).toBe(499);
  });

  it('stays exact at the ceiling, where amount × basis points is past 2^53', () => {
    const all = band(1, AMOUNT_CEILING_CENTIS, AMOUNT_CEILING_CENTIS, 10_000, 3_333);
    const quote = feeOfBand(all, AMOUNT_CEILING_CENTIS - 1);
    expect(quote.tarifa_centis).toBe(2 * AMOUNT_CEILING_CENTIS - 1);
    expect(quote.comissao_centis).toBe(Number(((2n * 10n ** 15n - 1n) * 3_333n) / 10_000n));
    expect(quote.comissao_centis + quote.operador_centis).toBe(quote.tarifa_centis);
  });

  it('adds the commission and the operator’s part up to the fee, and never lowers the fee inside a band', () => {
    const arbitraryBand = fc.record({
      fixa: fc.integer({ min: 0, max: AMOUNT_CEILING_CENTIS }),
      percentual: fc.integer({ min: 0, max: 10_000 }),
      comissao: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(
        arbitraryBand,
        fc.integer({ min: 1, max: AMOUNT_CEILING_CENTIS }),
        fc.integer({ min: 1, max: AMOUNT_CEILING_CENTIS }),
        ({ fixa, percentual, comissao }, a, b) => {
          const one = band(1, AMOUNT_CEILING_CENTIS, fixa, percentual, comissao);
          const [low, high] = a <= b ? [a, b] : [b, a];
          const atLow = feeOfBand(one, low);
          const atHigh = feeOfBand(one, high);
          for (const quote of [atLow, atHigh]) {
            expect(Number.isSafeInteger(quote.tarifa_centis)).toBe(true);
            expect(quote.comissao_centis + quote.operador_centis).toBe(quote.tarifa_centis);
            expect(quote.comissao_centis).toBeGreaterThanOrEqual(0);
            expect(quote.operador_centis).toBeGreaterThanOrEqual(0);
          }
          expect(atHigh.tarifa_centis).toBeGreaterThanOrEqual(atLow.tarifa_centis);
          expect(atHigh.comissao_centis).toBeGreaterThanOrEqual(atLow.comissao_centis);
        },
      ),
    );
  });

  it('gives each amount of a band the fee computed exactly, amount by amount, near the boundaries', () => {
    for (const b of TABLE) {
      let previous = -1;
      for (let amount = b.de_centis; amount <= Math.min(b.de_centis + 2_000, b.ate_centis); amount++) {
        const fee = feeFor(TABLE, amount)?.tarifa_centis ?? Number.NaN;
        // The rule written in decimals: fixed + round half up of amount × bp / 10 000.
        const exact = b.fixa_centis + Math.floor((amount * b.percentual_bp) / 10_000 + 0.5);
        expect(fee).toBe(exact);
        expect(fee).toBeGreaterThanOrEqual(previous);
        previous = fee;
      }
    }
  });
});

describe('what a fee table may be', () => {
  it('takes contiguous bands from 1 centi up to the ceiling, and an empty table', () => {
    expect(feeTableProblem(TABLE, 'saque')).toBeNull();
    for (const operacao of ['saque', 'deposito', 'transferencia'] as const) {
      expect(feeTableProblem([], operacao)).toBeNull();
    }
    expect(feeTableProblem([band(1, AMOUNT_CEILING_CENTIS, 0, 10_000, 10_000)], 'saque')).toBeNull();
    expect(feeTableProblem([band(1, AMOUNT_CEILING_CENTIS, 100, 10_000, 0)], 'transferencia')).toBeNull();
  });

  it('names each refusal and the band it is about', () => {
    const cases: [FeeBand[], string, number][] = [
      [[band(2, 10, 0)], 'fee_bands_not_from_one', 0],
      [[band(0, 10, 0)], 'fee_bands_not_from_one', 0],
      [[band(1, 10, 0), band(12, 20, 0)], 'fee_bands_gap', 1],
      [[band(1, 10, 0), band(10, 20, 0)], 'fee_bands_overlap', 1],
      [[band(1, 10, 0), band(5, 20, 0)], 'fee_bands_overlap', 1],
      [[band(1, 10, 0), band(11, 10, 0)], 'fee_band_invalid', 1],
      [[band(1, 10.5, 0)], 'fee_band_invalid', 0],
      [[band(1, AMOUNT_CEILING_CENTIS + 1, 0)], 'fee_band_above_ceiling', 0],
      [[band(1, 10, -1)], 'fee_fixed_invalid', 0],
      [[band(1, 10, 0.5)], 'fee_fixed_invalid', 0],
      [[band(1, 10, AMOUNT_CEILING_CENTIS + 1)], 'fee_fixed_invalid', 0],
      [[band(1, 10, 0, 10_001)], 'fee_percentage_invalid', 0],
      [[band(1, 10, 0, -1)], 'fee_percentage_invalid', 0],
      [[band(1, 10, 0, 0, 10_001)], 'fee_share_invalid', 0],
      [[band(1, 10, 0, 0, 1.5)], 'fee_share_invalid', 0],
      [Array.from({ length: 31 }, (_, i) => band(i + 1, i + 1, 0)), 'fee_bands_too_many', 30],
    ];
    for (const [bands, code, faixa] of cases)
      expect(feeTableProblem(bands, 'saque')).toEqual({ code, faixa });
  });

  it('refuses any band on the cash-in, which is not charged in this release', () => {
    expect(feeTableProblem([band(1, 10, 0)], 'deposito')).toEqual({ code: 'fee_not_charged', faixa: 0 });
    expect(feeTableProblem(TABLE, 'deposito')).toEqual({ code: 'fee_not_charged', faixa: 0 });
  });

  it("refuses an agent's share on a transfer, which no agent takes part in", () => {
    const transfer = [band(1, 10, 5), band(11, 20, 5, 0, 1)];
    expect(feeTableProblem(transfer, 'transferencia')).toEqual({ code: 'fee_share_without_agent', faixa: 1 });
    expect(feeTableProblem(transfer, 'saque')).toBeNull();
    // A band's own problems are named before the share.
    expect(feeTableProblem([band(1, 10, -1, 0, 100)], 'transferencia')).toEqual({
      code: 'fee_fixed_invalid',
      faixa: 0,
    });
  });
});
