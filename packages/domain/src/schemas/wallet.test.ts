import { describe, expect, it } from 'vitest';
import { transactionSchema } from './responses/wallet.ts';
import { keysOf, parsed } from './test-helpers.ts';
import {
  historyQuerySchema,
  payeeSearchSchema,
  transferInitiateSchema,
  userLookupQuerySchema,
  verifyCodeSchema,
} from './wallet.ts';

const transfer = { destinatario_email: 'Marie@Example.ht', quantidade_centis: 2_500 };

describe('transferInitiateSchema', () => {
  it('takes the payee by phone, in E.164, or by id, and exactly one of them', () => {
    const byPhone = { destinatario_telefone: '3712-3456', quantidade_centis: 100 };
    expect(parsed(transferInitiateSchema, byPhone).destinatario_telefone).toBe('+50937123456');
    const id = '0b8f3c1e-2f4a-4c7b-9a1d-3e5f6a7b8c9d';
    expect(
      parsed(transferInitiateSchema, { destinatario_id: id, quantidade_centis: 100 }).destinatario_id,
    ).toBe(id);
    expect(keysOf(transferInitiateSchema, { quantidade_centis: 100 })).toEqual({
      destinatario_email: 'invalid_email',
    });
    expect(keysOf(transferInitiateSchema, { ...transfer, destinatario_telefone: '37123456' })).toEqual({
      destinatario_telefone: 'validation_error',
    });
    expect(keysOf(transferInitiateSchema, { ...byPhone, destinatario_telefone: '123' })).toEqual({
      destinatario_telefone: 'phone_invalid',
    });
  });

  it('accepts a recipient and an amount in centis', () => {
    expect(parsed(transferInitiateSchema, transfer)).toEqual({
      destinatario_email: 'marie@example.ht',
      quantidade_centis: 2_500,
    });
  });

  it('accepts exactly ₭100.00 and 1 centi', () => {
    expect(parsed(transferInitiateSchema, { ...transfer, quantidade_centis: 10_000 })).toBeTruthy();
    expect(parsed(transferInitiateSchema, { ...transfer, quantidade_centis: 1 })).toBeTruthy();
  });

  it('leaves a transfer above ₭100 to the ledger, which applies the payer’s level’s limit', () => {
    expect(parsed(transferInitiateSchema, { ...transfer, quantidade_centis: 10_001 }).quantidade_centis).toBe(
      10_001,
    );
  });

  it.each([0, -100, 10.5, Number.NaN, 2 ** 60, '100', null])(
    'rejects the amount %s with invalid_amount',
    (amount) => {
      expect(keysOf(transferInitiateSchema, { ...transfer, quantidade_centis: amount })).toEqual({
        quantidade_centis: 'invalid_amount',
      });
    },
  );

  it('rejects a blank or malformed recipient e-mail with invalid_email', () => {
    expect(keysOf(transferInitiateSchema, { ...transfer, destinatario_email: ' ' })).toEqual({
      destinatario_email: 'invalid_email',
    });
    expect(keysOf(transferInitiateSchema, { ...transfer, destinatario_email: 'marie' })).toEqual({
      destinatario_email: 'invalid_email',
    });
  });

  it('keeps trimmed notes up to 280 characters and drops blank ones', () => {
    expect(parsed(transferInitiateSchema, { ...transfer, observacoes: ' lunch ' }).observacoes).toBe('lunch');
    expect(parsed(transferInitiateSchema, { ...transfer, observacoes: '   ' }).observacoes).toBeUndefined();
    expect(parsed(transferInitiateSchema, { ...transfer, observacoes: null }).observacoes).toBeUndefined();
    expect(keysOf(transferInitiateSchema, { ...transfer, observacoes: 'x'.repeat(281) })).toEqual({
      observacoes: 'value_too_long',
    });
  });
});

describe('verifyCodeSchema', () => {
  it('accepts exactly 6 digits', () => {
    expect(parsed(verifyCodeSchema, { codigo: ' 123456 ' })).toEqual({ codigo: '123456' });
  });

  it.each(['12345', '1234567', '12345a', '', undefined])(
    'rejects %s with invalid_verification_code',
    (codigo) => {
      expect(keysOf(verifyCodeSchema, { codigo })).toEqual({ codigo: 'invalid_verification_code' });
    },
  );
});

describe('userLookupQuerySchema', () => {
  it('needs an e-mail, or says invalid_email', () => {
    expect(parsed(userLookupQuerySchema, { email: 'A@b.ht' })).toEqual({ email: 'a@b.ht' });
    expect(keysOf(userLookupQuerySchema, {})).toEqual({ email: 'invalid_email' });
  });

  it.each(['+509 3712-3456', '37123456', '50937123456'])('reads the phone %s in E.164', (telefone) => {
    expect(parsed(userLookupQuerySchema, { telefone })).toEqual({ telefone: '+50937123456' });
  });

  it('refuses a number that is no phone, and two identities at once', () => {
    expect(keysOf(userLookupQuerySchema, { telefone: '1234567' })).toEqual({ telefone: 'phone_invalid' });
    expect(keysOf(userLookupQuerySchema, { email: 'a@b.ht', telefone: '37123456' })).toEqual({
      telefone: 'validation_error',
    });
  });
});

describe('payeeSearchSchema', () => {
  it('reads one field as a phone or an e-mail', () => {
    expect(parsed(payeeSearchSchema, { destinatario: '+509 3712-3456' })).toEqual({
      destinatario: { telefone: '+50937123456' },
    });
    expect(parsed(payeeSearchSchema, { destinatario: 'Marie@Example.ht' })).toEqual({
      destinatario: { email: 'marie@example.ht' },
    });
  });

  it.each([
    ['', 'payee_required'],
    ['  ', 'payee_required'],
    ['3712345', 'phone_invalid'],
    ['marie@', 'invalid_email'],
  ])('refuses %j with %s', (destinatario, key) => {
    expect(keysOf(payeeSearchSchema, { destinatario })).toEqual({ destinatario: key });
  });
});

describe('historyQuerySchema', () => {
  it('defaults to all movements, 50 at a time', () => {
    expect(parsed(historyQuerySchema, {})).toEqual({ type: 'all', limit: 50 });
  });

  it('reads the limit from query text and bounds it to 1..100', () => {
    expect(parsed(historyQuerySchema, { type: 'received', limit: '3', cursor: 'abc' })).toEqual({
      type: 'received',
      limit: 3,
      cursor: 'abc',
    });
    expect(keysOf(historyQuerySchema, { limit: '101' })).toEqual({ limit: 'validation_error' });
    expect(keysOf(historyQuerySchema, { limit: '0' })).toEqual({ limit: 'validation_error' });
    expect(keysOf(historyQuerySchema, { type: 'bonus' })).toEqual({ type: 'validation_error' });
  });
});

describe('transactionSchema', () => {
  it('describes a history entry as the API sends it', () => {
    const entry = {
      id: 'm1',
      type: 'signup',
      status: 'concluida',
      quantidade_centis: 10_000,
      quantidade_kreyolcash: 100,
      criado_em: new Date('2024-03-01T12:00:00.000Z'),
      criado_em_haiti: '2024-03-01T07:00:00',
      remetente_nome: null,
      remetente_email: null,
      destinatario_nome: 'Ana',
      destinatario_email: 'ana@example.ht',
      observacoes: null,
      tipo: 'cadastro',
      expirada: false,
      estornada: false,
      compra: null,
    };
    // The server gives the instant as a Date; the wire carries its ISO 8601 text.
    expect(parsed(transactionSchema, entry)).toEqual({ ...entry, criado_em: '2024-03-01T12:00:00.000Z' });
    expect(transactionSchema.safeParse({ ...entry, status: 'aguardando_codigo' }).success).toBe(false);
  });
});
