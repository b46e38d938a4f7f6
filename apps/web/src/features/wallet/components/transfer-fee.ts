import { type FeeBand, feeFor } from '@kreyolcash/domain';

/**
 * What the amount step says about a transfer's fee:
 * - `unknown`: the tables are not read yet (or could not be), or no amount is typed; nothing is
 *   shown and no fee is sent, so the server answers fee_changed if there is one to agree to;
 * - `free`: the table is empty (or the fee rounds to nothing): the screens look as they did
 *   before transfers had a fee;
 * - `fee`: the fee and the total that leaves the wallet;
 * - `above`: the amount lies past the last band, which names the most a transfer may be.
 */
export type TransferFee =
  | { kind: 'unknown' }
  | { kind: 'free' }
  | { kind: 'fee'; feeCentis: number; totalCentis: number }
  | { kind: 'above'; limitCentis: number };

/** A fee the server named (fee_changed) for one amount: it wins over the table read before it. */
export type AgreedFee = { amountCentis: number; feeCentis: number };

export function transferFeeOf(
  bands: readonly FeeBand[] | undefined,
  amountCentis: number | null,
  agreed?: AgreedFee | null,
): TransferFee {
  if (amountCentis === null) return { kind: 'unknown' };
  if (agreed && agreed.amountCentis === amountCentis) return feeShown(amountCentis, agreed.feeCentis);
  if (!bands) return { kind: 'unknown' };
  const quote = feeFor(bands, amountCentis);
  if (!quote) return { kind: 'above', limitCentis: bands.at(-1)?.ate_centis ?? 0 };
  return feeShown(amountCentis, quote.tarifa_centis);
}

function feeShown(amountCentis: number, feeCentis: number): TransferFee {
  return feeCentis > 0 ? { kind: 'fee', feeCentis, totalCentis: amountCentis + feeCentis } : { kind: 'free' };
}

/** The fee the payer saw, as the request sends it (tarifa_centis; 0 is the same as none). */
export function feeCentisOf(fee: TransferFee): number {
  return fee.kind === 'fee' ? fee.feeCentis : 0;
}

/** What leaves the wallet for an amount: the amount and the fee shown with it. */
export function totalCentisOf(amountCentis: number, fee: TransferFee): number {
  return amountCentis + feeCentisOf(fee);
}
