import { FREEZE_ACTORS } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import { auditActionLabels } from '../labels';
import { supportTexts } from '../support/texts';
import { freezeTexts } from '../users/freeze-texts';
import { AUDIT_FIELD_VALUES, changeLines, colonOf, fieldWords, shortId } from './change-words';

// What an operator reads under "Wè" in the audit trail: the stored before and after in words.

const LOCALES = ['ht', 'fr'] as const;
const ID = '0f6c2a1e-4b7d-4c1a-9e2f-3a5b6c7d8e9f';
const read = (value: unknown, locale: 'ht' | 'fr' = 'ht', action?: string) =>
  changeLines(value, locale, action).map((line) =>
    line.field ? `${line.field}${colonOf(locale)}${line.value}`.replace('\u00a0', ' ') : line.value,
  );

describe('an audit row’s change in the operator’s words', () => {
  it('names an adjustment’s decision without its stored codes', () => {
    expect(read({ status: 'proposto' }, 'ht', 'adjustment.propose')).toEqual(['Eta: Ap tann']);
    expect(read({ status: 'aprovado', movimentacao_id: ID }, 'ht', 'adjustment.approve')).toEqual([
      'Eta: Apwouve',
      'Mouvman: 0f6c2a1e…',
    ]);
    expect(read({ status: 'aprovado', movimentacao_id: ID }, 'fr', 'adjustment.approve')).toEqual([
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

  it('writes a calendar day as operators write it, not as stored', () => {
    expect(read({ data_deposito: '2026-11-28' })).toEqual(['Dat depo labank lan: 28/11/2026']);
  });

  it('keeps what people typed, and shows a field or code it does not know readably', () => {
    expect(read({ referencia: 'BNC_42', nova_coisa: 'valor_novo' })).toEqual([
      'Referans: BNC_42',
      'Nova coisa: Valor novo',
    ]);
  });

  it('names a sign-in’s IP address as one, and an agent’s street address as an address', () => {
    expect(read({ endereco: '203.0.113.7' }, 'ht', 'operator.sign_in')).toEqual(['Adrès IP: 203.0.113.7']);
    expect(read({ endereco: '203.0.113.7' }, 'fr', 'operator.sign_in')).toEqual(['Adresse IP : 203.0.113.7']);
    expect(read({ endereco: 'Ri Lamè' }, 'ht', 'agent.create')).toEqual(['Adrès: Ri Lamè']);
    expect(read({ endereco: 'Ri Lamè' }, 'fr', 'agent.create')).toEqual(['Adresse : Ri Lamè']);
  });

  it('says who froze an account, in both languages', () => {
    expect(read({ congelado: true, congelado_por: 'usuario' }, 'ht', 'account.freeze')).toEqual([
      'Jele: Wi',
      'Jele pa: Itilizatè a li menm',
    ]);
    expect(read({ congelado_por: 'operador' }, 'ht', 'account.freeze')).toEqual(['Jele pa: Operatè']);
    expect(read({ congelado_por: 'usuario' }, 'fr', 'account.unfreeze')).toEqual([
      'Gelé par : L’utilisateur lui-même',
    ]);
    expect(read({ congelado_por: 'operador' }, 'fr', 'account.freeze')).toEqual(['Gelé par : Opérateur']);
  });

  it('reads a value by its field: "outro" as a help subject is not a freeze category', () => {
    for (const locale of LOCALES) {
      expect(read({ assunto: 'outro' }, locale, 'help_request.open')[0]).toContain(
        supportTexts[locale]['subject.outro'],
      );
      expect(read({ congelado_categoria: 'outro' }, locale, 'account.freeze')[0]).toContain(
        freezeTexts[locale]['freeze.category.outro'],
      );
    }
    expect(read({ assunto: 'outro' })).toEqual(['Sijè: Lòt bagay']);
    expect(read({ assunto: 'outro' }, 'fr')).toEqual(['Sujet : Autre chose']);
  });

  it('names a status by its area: a rejected document and a rejected dispute', () => {
    expect(read({ status: 'rejeitada' }, 'fr', 'kyc.reject')).toEqual(['État : Refusée']);
    expect(read({ status: 'rejeitada' }, 'fr', 'report.reject')).toEqual(['État : Rejeté']);
  });

  it('shows the audit actions an export was filtered by in words', () => {
    expect(read({ acao: 'account.freeze', usuario: 'ana@example.ht' }, 'ht', 'audit.export')).toEqual([
      `Aksyon: ${auditActionLabels.ht['account.freeze']}`,
      'Itilizatè: ana@example.ht',
    ]);
    // Under whatever key a filter keeps them, action codes are never ambiguous.
    expect(read({ filtro: ['account.freeze', 'account.unfreeze'] }, 'fr', 'audit.export')[0]).toBe(
      'Filtro : Gel du compte; Dégel du compte',
    );
  });

  it('has words for every stored value and field in every language, never the code itself', () => {
    const actors = AUDIT_FIELD_VALUES.filter(([field]) => field === 'congelado_por');
    expect(actors.map(([, , values]) => values)).toContainEqual(FREEZE_ACTORS);
    for (const locale of LOCALES) {
      for (const [field, action, values] of AUDIT_FIELD_VALUES) {
        for (const value of values) {
          const [line] = read({ [field]: value }, locale, action);
          expect(line, `${field} ${value} in ${locale}`).not.toContain(value);
          // Not the code's underscores turned to spaces either: real words from the area's list.
          expect(line?.toLowerCase(), `${field} ${value} in ${locale}`).not.toContain(
            value.replace(/_/g, ' ').toLowerCase(),
          );
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
