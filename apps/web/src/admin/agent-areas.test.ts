import {
  ADJUSTMENT_STATUSES,
  adminFloatOperationSchema,
  FEE_OPERATIONS,
  FEE_TABLE_REFUSALS,
  isErrorCode,
  operatorDaySchema,
  WEEKDAYS,
} from '@kreyolcash/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentsTexts } from './agents/texts';
import { feesTexts } from './fees/texts';
import { floatsTexts } from './floats/texts';
import type { AdminLocale, AdminTexts } from './i18n';
import { reconciliationTexts } from './reconciliation/texts';
import { sectionsFor } from './sections';
import { shellTexts } from './shell-texts';

// The agents' areas of the back office: shown only with the agents' setting, and in words, never
// a stored value or an error code, in both languages.
const LOCALES: AdminLocale[] = ['ht', 'fr'];
const AREAS: [string, AdminTexts][] = [
  ['agents', agentsTexts],
  ['fees', feesTexts],
  ['floats', floatsTexts],
  ['reconciliation', reconciliationTexts],
];

function expectWords(texts: AdminTexts, key: string, value: string) {
  for (const locale of LOCALES) {
    const words = texts[locale][key] ?? shellTexts[locale][key];
    expect(words, `${key} in ${locale}`).toBeTruthy();
    expect(words, `${key} in ${locale}`).not.toContain(value);
  }
}

describe('the agents’ areas of the back office', () => {
  // The page's mark, as the server sets it on <html> (the tests run without a DOM).
  const page = (agents?: 'on') => vi.stubGlobal('document', { documentElement: { dataset: { agents } } });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are offered only when the server runs agents, to the roles its routes allow', () => {
    const keys = (role: Parameters<typeof sectionsFor>[0]) => sectionsFor(role).map((s) => s.key);
    page();
    for (const role of ['support', 'compliance', 'finance', 'admin'] as const) {
      expect(keys(role)).not.toContain('agents');
      expect(keys(role)).not.toContain('reconciliation');
    }
    page('on');
    expect(keys('support')).toEqual(expect.arrayContaining(['agents', 'reconciliation']));
    expect(keys('support')).not.toContain('floats');
    expect(keys('support')).not.toContain('fees');
    expect(keys('finance')).toEqual(expect.arrayContaining(['fees', 'floats', 'reconciliation']));
    expect(keys('finance')).not.toContain('agents');
    expect(keys('compliance').filter((k) => AREAS.some(([area]) => area === k))).toEqual([]);
    expect(keys('admin')).toEqual(expect.arrayContaining(['agents', 'fees', 'floats', 'reconciliation']));
  });

  it('have the same texts in Creole and French, a menu entry each', () => {
    for (const [area, texts] of AREAS) {
      expect(Object.keys(texts.fr).sort(), area).toEqual(Object.keys(texts.ht).sort());
      for (const locale of LOCALES) expect(shellTexts[locale][`nav.${area}`]).toBeTruthy();
    }
  });

  it('name only real error codes, each in words', () => {
    for (const [area, texts] of AREAS) {
      for (const key of Object.keys(texts.ht).filter((k) => k.startsWith('error.') && k !== 'error.band')) {
        const code = key.slice('error.'.length);
        expect(isErrorCode(code), `${area}: ${code}`).toBe(true);
        expectWords(texts, key, code);
      }
    }
  });

  it('say every float operation, its status, every fee refusal, operation and weekday in words', () => {
    for (const tipo of adminFloatOperationSchema.shape.tipo.options)
      expectWords(floatsTexts, `tipo.${tipo}`, tipo);
    for (const status of ADJUSTMENT_STATUSES) expectWords(floatsTexts, `status.${status}`, status);
    for (const code of FEE_TABLE_REFUSALS) expectWords(feesTexts, `error.${code}`, code);
    for (const operation of FEE_OPERATIONS) expectWords(feesTexts, `op.${operation}`, operation);
    for (const day of WEEKDAYS) expectWords(agentsTexts, `day.${day}`, day);
    for (const at of operatorDaySchema.shape.saldos_em.options) {
      expectWords(reconciliationTexts, `totals.${at}`, at);
      expectWords(reconciliationTexts, `totals.end.${at}`, at);
    }
    for (const code of [
      'own_float_approval',
      'float_operation_not_pending',
      'deposit_reference_taken',
      'deposit_date_in_future',
      'insufficient_balance',
    ]) {
      expectWords(floatsTexts, `error.${code}`, code);
    }
  });
});
