import { describe, expect, it } from 'vitest';
import { meUpdateSchema, phoneChangeSchema, profileUpdateSchema, referralSchema } from './profile.ts';
import { keysOf, parsed } from './test-helpers.ts';

describe('profileUpdateSchema', () => {
  it('accepts a trimmed name and rejects a blank one with name_required', () => {
    expect(parsed(profileUpdateSchema, { nome_completo: ' Ana ' })).toEqual({ nome_completo: 'Ana' });
    expect(keysOf(profileUpdateSchema, { nome_completo: ' ' })).toEqual({ nome_completo: 'name_required' });
  });
});

describe('meUpdateSchema', () => {
  it('takes the name, the language or both, and drops every other key', () => {
    expect(parsed(meUpdateSchema, { idioma: 'pt-BR' })).toEqual({ idioma: 'pt-BR' });
    expect(parsed(meUpdateSchema, { nome_completo: ' Ana ', idioma: 'fr', status: 'ATIVO' })).toEqual({
      nome_completo: 'Ana',
      idioma: 'fr',
    });
  });

  it('refuses a language outside LOCALES with invalid_language, and a blank name with name_required', () => {
    for (const idioma of ['pt', 'es', 'HT', '', 7, null]) {
      expect(keysOf(meUpdateSchema, { idioma })).toEqual({ idioma: 'invalid_language' });
    }
    expect(keysOf(meUpdateSchema, { nome_completo: ' ' })).toEqual({ nome_completo: 'name_required' });
  });
});

describe('phoneChangeSchema', () => {
  it('yields the new phone in E.164', () => {
    expect(parsed(phoneChangeSchema, { novo_telefone: '3712-3456' })).toEqual({
      novo_telefone: '+50937123456',
    });
  });

  it('rejects a blank phone with new_phone_required and a bad one with phone_invalid', () => {
    expect(keysOf(phoneChangeSchema, { novo_telefone: '' })).toEqual({ novo_telefone: 'new_phone_required' });
    expect(keysOf(phoneChangeSchema, { novo_telefone: '123' })).toEqual({ novo_telefone: 'phone_invalid' });
  });
});

describe('referralSchema', () => {
  it('accepts a friend name and phone', () => {
    expect(parsed(referralSchema, { nome: ' Pierre ', telefone: '3712 3456' })).toEqual({
      nome: 'Pierre',
      telefone: '+50937123456',
    });
  });

  it('rejects a blank name or phone with fill_all_fields', () => {
    expect(keysOf(referralSchema, { nome: '  ', telefone: ' ' })).toEqual({
      nome: 'fill_all_fields',
      telefone: 'fill_all_fields',
    });
  });

  it('rejects a phone WhatsApp cannot reach with phone_invalid', () => {
    expect(keysOf(referralSchema, { nome: 'Pierre', telefone: '12' })).toEqual({ telefone: 'phone_invalid' });
  });
});
