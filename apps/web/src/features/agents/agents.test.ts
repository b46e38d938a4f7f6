import { AppError, type ErrorCode, HAITI_COMMUNES } from '@kreyolcash/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, languages, withNamespaces } from '@/lib/i18n';
import { changedFeeOf } from '@/lib/published-fees';
import { cashOutErrorText, nextAfterConfirmRefusal } from './cash-out-refusals';
import { COMMUNES_BY_DEPARTMENT } from './communes';
import { formatBasisPoints, formatIntervals, formatPercent, isWholeDay } from './figures';

// What the cash-out routes declare they may answer (apps/server/src/features/agents/cash.routes.ts
// and agents.routes.ts), and what their body schemas refuse with.
const CASH_OUT_FAILURES: ErrorCode[] = [
  'agent_not_found',
  'self_transfer',
  'phone_not_verified',
  'insufficient_balance',
  'amount_above_fee_bands',
  'rate_limited',
  'invalid_amount',
  'amount_too_large',
  'transaction_not_pending',
  'fee_changed',
  'account_frozen',
  'daily_limit_reached',
  'monthly_limit_reached',
  'invalid_codes',
  'code_expired',
  'code_attempts_exceeded',
  'invalid_verification_code',
  'transaction_not_found',
  'transaction_in_dispute',
  'commune_invalid',
];

describe('the communes picker', () => {
  it('holds every commune once, under its department', () => {
    expect(COMMUNES_BY_DEPARTMENT).toHaveLength(10);
    const listed = COMMUNES_BY_DEPARTMENT.flatMap((department) => department.communes);
    expect(listed.map((c) => c.codigo).sort()).toEqual(HAITI_COMMUNES.map((c) => c.codigo).sort());
    const ouest = COMMUNES_BY_DEPARTMENT.find((department) => department.codigo === 'ouest');
    expect(ouest?.communes.map((c) => c.codigo)).toContain('delmas');
  });
});

describe('the figures of the fees and hours', () => {
  it('writes basis points as a decimal with a comma, without trailing zeros', () => {
    expect(formatBasisPoints(10_000)).toBe('1');
    expect(formatBasisPoints(12_550)).toBe('1,255');
    expect(formatBasisPoints(5)).toBe('0,0005');
    expect(formatBasisPoints(1_234_500)).toBe('123,45');
  });

  it('writes a percentage of basis points (100 = 1 %)', () => {
    expect(formatPercent(100)).toBe('1 %');
    expect(formatPercent(150)).toBe('1,5 %');
    expect(formatPercent(1)).toBe('0,01 %');
  });

  it('tells a whole day from intervals, and writes intervals', () => {
    expect(isWholeDay([{ abre: '00:00', fecha: '24:00' }])).toBe(true);
    expect(isWholeDay([{ abre: '00:00', fecha: '23:59' }])).toBe(false);
    expect(isWholeDay([])).toBe(false);
    const split = [
      { abre: '08:00', fecha: '12:00' },
      { abre: '13:00', fecha: '17:00' },
    ];
    expect(formatIntervals(split)).toBe('08:00–12:00, 13:00–17:00');
  });
});

describe('where a refused confirmation leads', () => {
  it('asks again with the new fee, starts again, or stays on the code', () => {
    expect(nextAfterConfirmRefusal(new AppError('fee_changed'))).toBe('new-fee');
    expect(nextAfterConfirmRefusal(new AppError('code_expired'))).toBe('start-again');
    expect(nextAfterConfirmRefusal(new AppError('code_attempts_exceeded'))).toBe('start-again');
    expect(nextAfterConfirmRefusal(new AppError('agent_not_found'))).toBe('choose-agent');
    expect(nextAfterConfirmRefusal(new AppError('transaction_not_pending'))).toBe('check-pending');
    for (const code of ['invalid_codes', 'insufficient_balance', 'daily_limit_reached'] as const)
      expect(nextAfterConfirmRefusal(new AppError(code))).toBe('stay');
    expect(changedFeeOf(new AppError('fee_changed', { details: { tarifa_centis: 1500 } }))).toBe(1500);
  });
});

describe.each(languages)('the cash-out failures in %s', (language) => {
  beforeAll(async () => {
    await withNamespaces(Promise.resolve(), ['screens', 'agents']);
    await changeLanguage(language);
  });

  it('each has a sentence of its own, every placeholder filled', () => {
    const generic = i18n.t('screens:errors.unexpected_error');
    for (const code of CASH_OUT_FAILURES) {
      const details = { limite_centis: 1_000_000, usado_centis: 250_000, tarifa_centis: 1_500 };
      const text = cashOutErrorText(new AppError(code, { details }));
      expect(text, code).not.toBe(generic);
      expect(text, code).not.toMatch(/\{\{|errors\./);
    }
  });

  it('names the new fee, the limit and the attempts left', () => {
    const changed = new AppError('fee_changed', { details: { tarifa_centis: 1_500 } });
    expect(cashOutErrorText(changed)).toContain('₭ 15,00');
    const above = new AppError('amount_above_fee_bands', { details: { limite_centis: 7_500_000 } });
    expect(cashOutErrorText(above)).toContain('₭ 75.000,00');
    const wrong = new AppError('invalid_codes', { details: { tentativas_restantes: 2 } });
    expect(cashOutErrorText(wrong)).toContain('2');
  });
});
