import { ERROR_CODES } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import walletEn from './wallet/en.json';
import walletFr from './wallet/fr.json';
import walletHt from './wallet/ht.json';
import walletPtBr from './wallet/pt-BR.json';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf as "path → placeholders", e.g. "transfer.amount.to → name". */
function shape(value: Json, path = ''): string[] {
  if (typeof value === 'string') {
    const placeholders = [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    return [`${path} → ${placeholders.join(',')}`];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => shape(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => shape(item, path ? `${path}.${key}` : key));
  }
  return [`${path} → (not a string)`];
}

const others = { 'pt-BR': walletPtBr, fr: walletFr, en: walletEn };

describe('wallet texts', () => {
  it.each(Object.entries(others))('%s has the same keys and placeholders as Creole', (_language, bundle) => {
    expect(shape(bundle)).toEqual(shape(walletHt));
  });

  it('has no empty text', () => {
    for (const [name, bundle] of Object.entries({ ht: walletHt, ...others })) {
      expect(JSON.stringify(bundle), name).not.toContain('""');
    }
  });

  it('names only real error codes (besides the wrong-code sentence with the attempts left)', () => {
    const known: readonly string[] = ERROR_CODES;
    const keys = Object.keys(walletHt.errors).filter((key) => key !== 'invalid_codes_remaining');
    expect(keys.filter((key) => !known.includes(key))).toEqual([]);
  });

  it('has a text for every error of the home, transfer and statement screens (spec §8) and the transfer API', () => {
    const shown = [
      'invalid_email',
      'user_not_found',
      'user_not_found_message',
      'search_user_error',
      'invalid_amount',
      'max_amount_error',
      'insufficient_balance',
      'transfer_processing_error',
      'invalid_verification_code',
      'invalid_codes',
      'verification_code_error',
      'error_loading_transactions',
      'transaction_not_found',
      'self_transfer',
      'idempotency_key_reused',
      'code_expired',
      'code_attempts_exceeded',
      'transaction_not_pending',
    ];
    expect(shown.filter((code) => !(code in walletHt.errors))).toEqual([]);
  });

  it('keeps the spec’s Portuguese sentence for a balance too low (spec §5)', () => {
    expect(walletHt.errors.insufficient_balance).toBe('Saldo insuficiente para realizar esta transferência');
    expect(walletPtBr.errors.insufficient_balance).toBe(
      'Saldo insuficiente para realizar esta transferência',
    );
  });

  it('tells the payer in Creole to check WhatsApp and that the code lasts 15 minutes', () => {
    expect(walletHt.transfer.codeSent.title).toContain('WhatsApp');
    expect(walletHt.transfer.codeSent.body.replace('{{minutes}}', '15')).toContain('15 minit');
  });
});
