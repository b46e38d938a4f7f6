import { AMOUNT_CEILING_CENTIS } from './constants.ts';

// Published fees (docs/agents.md, "Fees"). Each operation has a table of bands of amount; a band
// charges a fixed fee plus a percentage of the amount, and gives the agent a share of that fee as
// commission, the operator keeping the rest.
//
// The rounding rule, the same everywhere (server, screens, tests), in integer arithmetic only:
//   fee        = fixa_centis + ⌊(amount × percentual_bp + 5 000) / 10 000⌋
//                (the percentage of the amount rounded half up to a whole centi: 0.5 centi → 1)
//   commission = ⌊fee × comissao_bp / 10 000⌋   (rounded down: the agent never gets a part of a centi)
//   operator   = fee − commission                (so the two parts add up to the fee exactly)
// Products are computed in BigInt: amount × basis points reaches 10^19, past Number's exact range.
//
// On a cash-out the fee is added on top: the customer's wallet is held amount + fee, and the agent
// hands over the amount in cash. What the customer asked for is what they receive. A transfer's
// fee is on top too (the payee receives the amount) and goes whole to the operator: no agent takes
// part in it. A cash-in is not charged in this release, so its table stays empty.

export const FEE_OPERATIONS = ['saque', 'deposito', 'transferencia'] as const;
export type FeeOperation = (typeof FEE_OPERATIONS)[number];

export function isFeeOperation(value: unknown): value is FeeOperation {
  return (FEE_OPERATIONS as readonly unknown[]).includes(value);
}

/** 100 % in basis points: the most a percentage or a commission share can be. */
export const BASIS_POINTS = 10_000;
/** The most bands one operation's table may have: a table a person can read on one screen. */
export const FEE_BANDS_MAX = 30;

/** One band of amount, both ends included. */
export type FeeBand = {
  de_centis: number;
  ate_centis: number;
  fixa_centis: number;
  percentual_bp: number;
  comissao_bp: number;
};

export type FeeQuote = {
  tarifa_centis: number;
  comissao_centis: number;
  operador_centis: number;
};

/**
 * Why the back office cannot publish a table: more than FEE_BANDS_MAX bands; a band ending before
 * it starts or with ends that are not whole centis; bands not starting at 1 centi, overlapping, or
 * leaving a gap; a band past AMOUNT_CEILING_CENTIS; a fixed fee, a percentage or a commission share
 * that is not a whole number within its range; any band for an operation not charged in this
 * release (the cash-in), or an agent's share on an operation without an agent (the transfer). Each
 * is a 422 of its own (error-codes.ts).
 */
export const FEE_TABLE_REFUSALS = [
  'fee_bands_too_many',
  'fee_band_invalid',
  'fee_bands_not_from_one',
  'fee_bands_overlap',
  'fee_bands_gap',
  'fee_band_above_ceiling',
  'fee_fixed_invalid',
  'fee_percentage_invalid',
  'fee_share_invalid',
  'fee_not_charged',
  'fee_share_without_agent',
] as const;

export type FeeTableProblem = { code: (typeof FEE_TABLE_REFUSALS)[number]; faixa: number };

const isWhole = (value: number, max: number) => Number.isSafeInteger(value) && value >= 0 && value <= max;

/**
 * The first reason a table cannot be published, with the index of its band, or null. An empty
 * table is a free operation. Otherwise the bands run from 1 centi upwards, each starting right
 * after the previous one ends, the last ending at most at AMOUNT_CEILING_CENTIS; an amount above
 * the last band is not taken (amount_above_fee_bands).
 */
export function feeTableProblem(bands: readonly FeeBand[], operacao: FeeOperation): FeeTableProblem | null {
  if (bands.length > FEE_BANDS_MAX) return { code: 'fee_bands_too_many', faixa: FEE_BANDS_MAX };
  // The "Frè" screen lists every table: a fee nobody pays would be a lie there.
  if (operacao === 'deposito' && bands.length > 0) return { code: 'fee_not_charged', faixa: 0 };
  let previousEnd = 0;
  for (const [faixa, band] of bands.entries()) {
    if (!Number.isSafeInteger(band.de_centis) || !Number.isSafeInteger(band.ate_centis)) {
      return { code: 'fee_band_invalid', faixa };
    }
    if (faixa === 0 && band.de_centis !== 1) return { code: 'fee_bands_not_from_one', faixa };
    if (band.de_centis <= previousEnd) return { code: 'fee_bands_overlap', faixa };
    if (band.de_centis > previousEnd + 1) return { code: 'fee_bands_gap', faixa };
    if (band.ate_centis < band.de_centis) return { code: 'fee_band_invalid', faixa };
    if (band.ate_centis > AMOUNT_CEILING_CENTIS) return { code: 'fee_band_above_ceiling', faixa };
    if (!isWhole(band.fixa_centis, AMOUNT_CEILING_CENTIS)) return { code: 'fee_fixed_invalid', faixa };
    if (!isWhole(band.percentual_bp, BASIS_POINTS)) return { code: 'fee_percentage_invalid', faixa };
    if (!isWhole(band.comissao_bp, BASIS_POINTS)) return { code: 'fee_share_invalid', faixa };
    if (operacao === 'transferencia' && band.comissao_bp > 0)
      return { code: 'fee_share_without_agent', faixa };
    previousEnd = band.ate_centis;
  }
  return null;
}

/** The band an amount falls in; undefined above the last one (or for an empty table). */
export function feeBandFor(bands: readonly FeeBand[], amountCentis: number): FeeBand | undefined {
  return bands.find((band) => band.de_centis <= amountCentis && amountCentis <= band.ate_centis);
}

/** The fee of one band for an amount, split into the agent's commission and the operator's part. */
export function feeOfBand(band: FeeBand, amountCentis: number): FeeQuote {
  const percentage = (BigInt(amountCentis) * BigInt(band.percentual_bp) + 5_000n) / 10_000n;
  const fee = BigInt(band.fixa_centis) + percentage;
  const commission = (fee * BigInt(band.comissao_bp)) / 10_000n;
  return {
    tarifa_centis: Number(fee),
    comissao_centis: Number(commission),
    operador_centis: Number(fee - commission),
  };
}

const FREE: FeeQuote = { tarifa_centis: 0, comissao_centis: 0, operador_centis: 0 };

/**
 * The fee for an amount under a table: free when the table is empty, null when the amount lies
 * above the last band (the operation does not take it).
 */
export function feeFor(bands: readonly FeeBand[], amountCentis: number): FeeQuote | null {
  if (bands.length === 0) return FREE;
  const band = feeBandFor(bands, amountCentis);
  return band ? feeOfBand(band, amountCentis) : null;
}
