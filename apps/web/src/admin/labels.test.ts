import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  adminReportSchema,
  DISPUTE_KINDS,
  LOCALES,
  MOVEMENT_KINDS,
  MOVEMENT_STATUSES,
  REPORT_STATUSES,
  SALE_STATUSES,
  SESSION_END_REASONS,
  USER_STATUSES,
} from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import type { AdminLocale } from './i18n';
import {
  auditActionLabels,
  auditTargetLabels,
  labelOf,
  languageLabels,
  saleStatusLabels,
  sessionEndLabels,
  userStatusLabels,
} from './labels';
import { reportsTexts } from './reports/texts';
import { shellTexts } from './shell-texts';
import { usersTexts } from './users/texts';

// No stored value reaches an operator's screen as it is stored: each has words in each language of
// the back office, and words that are not the value itself.
const ADMIN_LOCALES: AdminLocale[] = ['ht', 'fr'];

const lists: [string, Record<AdminLocale, Record<string, string>>, readonly string[]][] = [
  ['audit action', auditActionLabels, AUDIT_ACTIONS],
  ['audit target', auditTargetLabels, AUDIT_TARGET_TYPES],
  ['account status', userStatusLabels, USER_STATUSES],
  ['language', languageLabels, LOCALES],
  ['session end', sessionEndLabels, SESSION_END_REASONS],
  ['sale status', saleStatusLabels, SALE_STATUSES],
];

describe('the back office’s words for stored values', () => {
  for (const [name, labels, values] of lists) {
    it(`names every ${name} in Creole and French`, () => {
      for (const locale of ADMIN_LOCALES) {
        for (const value of values) {
          const words = labelOf(labels, locale, value);
          expect(words, `${name} ${value} in ${locale}`).not.toBe(value);
          expect(words.trim().length, `${name} ${value} in ${locale}`).toBeGreaterThan(1);
        }
      }
    });
  }

  it('names every movement kind and status, and every role', () => {
    for (const locale of ADMIN_LOCALES) {
      for (const kind of MOVEMENT_KINDS) expect(usersTexts[locale][`kind.${kind}`]).toBeTruthy();
      for (const status of MOVEMENT_STATUSES) expect(usersTexts[locale][`status.${status}`]).toBeTruthy();
      for (const status of REPORT_STATUSES) expect(usersTexts[locale][`report.${status}`]).toBeTruthy();
      for (const role of ['support', 'compliance', 'finance', 'admin'])
        expect(shellTexts[locale][`role.${role}`]).toBeTruthy();
    }
  });

  it('names every dispute kind, dispute status and state of the disputed payment, in words', () => {
    const payment = adminReportSchema.shape.movimentacao_status.options;
    for (const locale of ADMIN_LOCALES) {
      const texts = reportsTexts[locale];
      for (const [prefix, values] of [
        ['kind', DISPUTE_KINDS],
        ['status', REPORT_STATUSES],
        ['tab', REPORT_STATUSES],
        ['payment', payment],
      ] as const) {
        for (const value of values) {
          const words = texts[`${prefix}.${value}`];
          expect(words, `${prefix}.${value} in ${locale}`).toBeTruthy();
          expect(words, `${prefix}.${value} in ${locale}`).not.toBe(value);
        }
      }
      // The wrong-person kind keeps its own words among the disputes.
      expect(texts['kind.pessoa_errada']).toMatch(locale === 'ht' ? /move moun/ : /mauvaise personne/);
    }
  });

  it('says in words each refusal a dispute’s decision can meet', () => {
    const refusals = [
      'report_not_open',
      'dispute_decision_not_applicable',
      'invalid_amount',
      'amount_too_large',
      'transaction_in_dispute',
      'transaction_already_reversed',
      'insufficient_balance',
      'balance_limit_reached',
      'account_frozen',
    ];
    for (const locale of ADMIN_LOCALES) {
      for (const code of [...refusals, 'reason_required', 'forbidden', 'not_found']) {
        const words = reportsTexts[locale][`error.${code}`] ?? shellTexts[locale][`error.${code}`];
        expect(words, `error.${code} in ${locale}`).toBeTruthy();
        expect(words).not.toContain(code);
      }
    }
  });

  it('shows a value older than the lists as it is stored rather than hiding it', () => {
    expect(labelOf(auditActionLabels, 'ht', 'legacy.action')).toBe('legacy.action');
    expect(labelOf(userStatusLabels, 'fr', 'ATIVO')).toBe('Actif');
    expect(labelOf(languageLabels, 'ht', 'en')).toBe('Anglè');
  });
});
