import { AMOUNT_CEILING_CENTIS, type FeeBand, feeFor, feeTableProblem } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceFeeBands } from '../test-support/fee-tables.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../test-support/test-database.ts';

// The fee rule is written twice: in TypeScript (packages/domain, what every screen quotes as the
// payer types) and in SQL (sql/fees.sql, what a hold charges, and the agent's commission of it).
// They must never differ.

// A fixed seed: the same tables on every run, and a failure names the table and the amount.
function seededRandom(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((state / 2_147_483_648) * below);
  };
}

function randomTable(random: (below: number) => number, withCommission: boolean): FeeBand[] {
  const bands: FeeBand[] = [];
  let from = 1;
  const count = random(5);
  for (let i = 0; i < count; i++) {
    const width = [1, 99, 25_000, 7_500_000, AMOUNT_CEILING_CENTIS / 10][random(5)] as number;
    const to = Math.min(
      from + random(width) + (i === count - 1 && random(2) ? AMOUNT_CEILING_CENTIS : 0),
      AMOUNT_CEILING_CENTIS,
    );
    bands.push({
      de_centis: from,
      ate_centis: to,
      fixa_centis: [0, 1, 500, 5_000, 999_999][random(5)] as number,
      percentual_bp: [0, 1, 50, 100, 333, 10_000][random(6)] as number,
      comissao_bp: withCommission ? ([0, 1, 2_500, 5_000, 9_999, 10_000][random(6)] as number) : 0,
    });
    if (to === AMOUNT_CEILING_CENTIS) break;
    from = to + 1;
  }
  return bands;
}

// Each band's first and last centi, the centi after the last band, and amounts in between.
function amountsFor(bands: readonly FeeBand[], random: (below: number) => number): number[] {
  const amounts = [1, 2, 49, 50, 51, 99, 100, 101, 9_999, 10_001, AMOUNT_CEILING_CENTIS];
  for (const band of bands) {
    amounts.push(band.de_centis, band.ate_centis, band.ate_centis + 1);
    amounts.push(band.de_centis + random(Math.max(band.ate_centis - band.de_centis, 1)));
  }
  return amounts.filter((amount) => amount >= 1 && amount <= AMOUNT_CEILING_CENTIS);
}

describe(`the fee of a hold (kc_tarifa) on ${testDatabaseKind}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it.each([
    ['transferencia', false, 20_261_128],
    ['saque', true, 20_261_129],
  ] as const)(
    "is the domain's %s fee and commission for every amount of 40 tables, and refuses what is above the last band",
    async (operacao, withCommission, seed) => {
      const random = seededRandom(seed);
      let compared = 0;
      for (let table = 0; table < 40; table++) {
        const bands = randomTable(random, withCommission);
        expect(feeTableProblem(bands, operacao), JSON.stringify(bands)).toBeNull();
        await replaceFeeBands(database.db, operacao, bands);
        for (const amount of amountsFor(bands, random)) {
          const { rows } = await sql<{ answer: Record<string, unknown> }>`
          select kc_tarifa(${operacao}, ${amount}::bigint) as answer`.execute(database.db);
          const quote = feeFor(bands, amount);
          const expected = quote
            ? { tarifa_centis: quote.tarifa_centis, comissao_centis: quote.comissao_centis }
            : { ok: false, error: 'amount_above_fee_bands', limite_centis: bands.at(-1)?.ate_centis };
          expect(rows[0]?.answer, `${JSON.stringify(bands)} for ${amount}`).toEqual(expected);
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(400);
    },
  );
});
