import { AppError, type FeeBand } from '@kreyolcash/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, languages, withNamespaces } from '@/lib/i18n';
import { changedFeeOf } from '@/lib/published-fees';
import { feeCentisOf, totalCentisOf, transferFeeOf } from './transfer-fee';
import { walletRefusalOf } from './wallet-errors';

const band = (de: number, ate: number, fixa: number, percentual = 0): FeeBand => ({
  de_centis: de,
  ate_centis: ate,
  fixa_centis: fixa,
  percentual_bp: percentual,
  comissao_bp: 0,
});
// ₭0,01–₭100: ₭1 flat; ₭100,01–₭1 000: 1 % rounded half up; nothing above ₭1 000.
const TABLE = [band(1, 10_000, 100), band(10_001, 100_000, 0, 100)];

describe('the fee the amount step shows for a transfer', () => {
  it('is the band’s fee, with the total that leaves the wallet', () => {
    expect(transferFeeOf(TABLE, 5_000)).toEqual({ kind: 'fee', feeCentis: 100, totalCentis: 5_100 });
    // 1 % of ₭100,50 is 100,5 centis: half a centi rounds up.
    expect(transferFeeOf(TABLE, 10_050)).toEqual({ kind: 'fee', feeCentis: 101, totalCentis: 10_151 });
  });

  it('is free with an empty table, and with a band that charges nothing', () => {
    expect(transferFeeOf([], 5_000)).toEqual({ kind: 'free' });
    expect(transferFeeOf([band(1, 10_000, 0)], 5_000)).toEqual({ kind: 'free' });
  });

  it('names the most a transfer may be past the last band', () => {
    expect(transferFeeOf(TABLE, 100_001)).toEqual({ kind: 'above', limitCentis: 100_000 });
  });

  it('is unknown before the tables are read or an amount is typed', () => {
    expect(transferFeeOf(undefined, 5_000)).toEqual({ kind: 'unknown' });
    expect(transferFeeOf(TABLE, null)).toEqual({ kind: 'unknown' });
  });

  it('takes the fee the server named for that amount over the table read before', () => {
    const agreed = { amountCentis: 5_000, feeCentis: 250 };
    expect(transferFeeOf(TABLE, 5_000, agreed)).toEqual({ kind: 'fee', feeCentis: 250, totalCentis: 5_250 });
    expect(transferFeeOf(undefined, 5_000, agreed)).toEqual({
      kind: 'fee',
      feeCentis: 250,
      totalCentis: 5_250,
    });
    // Another amount is the table's again.
    expect(transferFeeOf(TABLE, 6_000, agreed)).toEqual({ kind: 'fee', feeCentis: 100, totalCentis: 6_100 });
    // A table emptied since: the server says free.
    expect(transferFeeOf(TABLE, 5_000, { amountCentis: 5_000, feeCentis: 0 })).toEqual({ kind: 'free' });
  });

  it('sends the fee shown, and counts it in what the balance must cover', () => {
    const fee = transferFeeOf(TABLE, 5_000);
    expect(feeCentisOf(fee)).toBe(100);
    expect(totalCentisOf(5_000, fee)).toBe(5_100);
    for (const none of [transferFeeOf([], 5_000), transferFeeOf(undefined, 5_000)]) {
      expect(feeCentisOf(none)).toBe(0);
      expect(totalCentisOf(5_000, none)).toBe(5_000);
    }
  });

  it('reads the new fee of a fee_changed refusal only', () => {
    expect(changedFeeOf(new AppError('fee_changed', { details: { tarifa_centis: 250 } }))).toBe(250);
    expect(changedFeeOf(new AppError('fee_changed'))).toBeUndefined();
    expect(
      changedFeeOf(new AppError('insufficient_balance', { details: { tarifa_centis: 250 } })),
    ).toBeUndefined();
  });
});

describe.each(languages)('the transfer fee refusals in %s', (language) => {
  beforeAll(async () => {
    await withNamespaces(Promise.resolve(), ['screens', 'wallet']);
    await changeLanguage(language);
  });

  it('name the new fee and the most a transfer may be, every placeholder filled', () => {
    const changed = walletRefusalOf(
      new AppError('fee_changed', { details: { tarifa_centis: 1_500 } }),
      'transfer_processing_error',
    );
    expect(changed?.text).toContain('₭ 15,00');
    const above = walletRefusalOf(
      new AppError('amount_above_fee_bands', { details: { limite_centis: 7_500_000 } }),
      'transfer_processing_error',
    );
    expect(above?.text).toContain('₭ 75.000,00');
    for (const text of [changed?.text, above?.text]) expect(text).not.toMatch(/\{\{|errors\./);
  });
});
