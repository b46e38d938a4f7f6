import { describe, expect, it } from 'vitest';
import { AUDIT_VALUE_LISTS, changeLines, colonOf, fieldWords, shortId, valueWords } from './change-words';

// What an operator reads under "Wè" in the audit trail: the stored before and after in words.

const LOCALES = ['ht', 'fr'] as const;
const ID = '0f6c2a1e-4b7d-4c1a-9e2f-3a5b6c7d8e9f';
const read = (value: unknown, locale: 'ht' | 'fr' = 'ht') =>
  changeLines(value, locale).map((line) =>
    line.field ? `${line.field}${colonOf(locale)}${line.value}`.replace('\u00a0', ' ') : line.value,
  );

describe('an audit row’s change in the operator’s words', () => {
  it('names an adjustment’s decision without its stored codes', () => {
    expect(read({ status: 'proposto' })).toEqual(['Eta: Pwopoze']);
    expect(read({ status: 'aprovado', movimentacao_id: ID })).toEqual(['Eta: Apwouve', 'Mouvman: 0f6c2a1e…']);
    expect(read({ status: 'aprovado', movimentacao_id: ID }, 'fr')).toEqual([
      'État : Approuvé',
      'Mouvement : 0f6c2a1e…',
    ]);
  });

  it('says what a ledger check found, in both languages', () => {
    expect(read({ ok: true, problemas: 0 })).toEqual(['Tout bon: Wi', 'Pwoblèm: 0']);
    expect(read({ ok: false, problemas: 2 }, 'fr')).toEqual(['Tout va bien : Non', 'Problèmes : 2']);
  });

  it('shows amounts, percentages and a fee table’s bands as people read them', () => {
    expect(read({ status: 'estornada', liberado_centis: 2500 })).toEqual([
      'Eta: Anile, lajan tounen',
      'Lage: ₭25,00',
    ]);
    expect(
      read([{ de_centis: 1, ate_centis: 25_000, fixa_centis: 500, percentual_bp: 150, comissao_bp: 5000 }]),
    ).toEqual([
      'Tranch 1: Depi: ₭0,01 · Rive: ₭250,00 · Frè fiks: ₭5,00 · Pousantaj: 1,5 % · Pati ajan an: 50 %',
    ]);
  });

  it('keeps what people typed, and shows a field or code it does not know readably', () => {
    expect(read({ referencia: 'BNC_42', nova_coisa: 'valor_novo' })).toEqual([
      'Referans: BNC_42',
      'Nova coisa: Valor novo',
    ]);
  });

  it('has words for every stored value and field in every language, never the code itself', () => {
    for (const locale of LOCALES) {
      for (const list of AUDIT_VALUE_LISTS) {
        for (const value of list) {
          expect(valueWords[locale][value], `${value} in ${locale}`).toBeTruthy();
          expect(read({ x: value }, locale)[0]).not.toContain(value);
        }
      }
      expect(Object.keys(fieldWords[locale]).sort()).toEqual(Object.keys(fieldWords.ht).sort());
    }
  });

  it('shortens a bare id, and leaves anything else whole', () => {
    expect(shortId(ID)).toBe('0f6c2a1e…');
    expect(shortId('ledger')).toBe('ledger');
  });
});
