import { describe, expect, it } from 'vitest';
import { isWallet } from './is-wallet';

describe('isWallet', () => {
  it('accepts the wallet the server sends', () => {
    expect(isWallet({ saldo_centis: 10_000, reservado_centis: 1250, disponivel_centis: 8750 })).toBe(true);
  });

  it('refuses anything else: a missing part, a fraction, text, null', () => {
    expect(isWallet({ saldo_centis: 10_000, reservado_centis: 0 })).toBe(false);
    expect(isWallet({ saldo_centis: 100.5, reservado_centis: 0, disponivel_centis: 100.5 })).toBe(false);
    expect(isWallet({ saldo_centis: 'lots', reservado_centis: 0, disponivel_centis: 0 })).toBe(false);
    expect(isWallet(null)).toBe(false);
    expect(isWallet('10000')).toBe(false);
  });
});
