import { describe, expect, it } from 'vitest';
import { clampPurchaseQuantity, maxPurchaseQuantityOf } from '../purchase-quantity.ts';
import {
  companyCreateSchema,
  pageQuerySchema,
  productCreateSchema,
  purchaseCreateSchema,
} from './marketplace.ts';
import { keysOf, parsed } from './test-helpers.ts';

describe('companyCreateSchema', () => {
  const company = { nome: ' Boulanjri Lakay ', descricao: 'Pen cho chak maten', categoria: 'bakery' };

  it('accepts a name, a description and a category, the contact being optional', () => {
    expect(parsed(companyCreateSchema, company)).toEqual({ ...company, nome: 'Boulanjri Lakay' });
  });

  it('takes a phone and an e-mail when given, and reads blank ones as absent', () => {
    expect(parsed(companyCreateSchema, { ...company, telefone: '3712 3456', email: 'B@L.ht' })).toMatchObject(
      {
        telefone: '+50937123456',
        email: 'b@l.ht',
      },
    );
    const blank = parsed(companyCreateSchema, { ...company, telefone: '', email: '' });
    expect(blank.telefone).toBeUndefined();
    expect(blank.email).toBeUndefined();
  });

  it('names each missing field by its key', () => {
    expect(keysOf(companyCreateSchema, {})).toEqual({
      nome: 'company_name_required',
      descricao: 'description_required',
      categoria: 'category_required',
    });
  });

  it('rejects an unknown category with category_invalid, and a bad contact by its key', () => {
    expect(keysOf(companyCreateSchema, { ...company, categoria: 'casino' })).toEqual({
      categoria: 'category_invalid',
    });
    expect(keysOf(companyCreateSchema, { ...company, telefone: '12', email: 'x' })).toEqual({
      telefone: 'phone_invalid',
      email: 'email_invalid',
    });
  });
});

describe('productCreateSchema', () => {
  const product = { nome: 'Pen', descricao: 'Pen fre', categoria: 'food', preco_centis: 1 };

  it('accepts a service priced at 1 centi or more, without stock meaning uncounted', () => {
    expect(parsed(productCreateSchema, product)).toEqual({ ...product, estoque: null });
    expect(parsed(productCreateSchema, { ...product, estoque: 0 }).estoque).toBe(0);
  });

  it('names each missing field by its key', () => {
    expect(keysOf(productCreateSchema, {})).toEqual({
      nome: 'service_name_required',
      descricao: 'description_required',
      categoria: 'category_required',
      preco_centis: 'price_must_be_positive',
    });
  });

  it('takes only the 13 product categories', () => {
    expect(keysOf(productCreateSchema, { ...product, categoria: 'bakery' })).toEqual({
      categoria: 'category_invalid',
    });
  });

  it.each([0, -1, 1.5, 2 ** 60])('rejects the price %s with price_must_be_positive', (preco_centis) => {
    expect(keysOf(productCreateSchema, { ...product, preco_centis })).toEqual({
      preco_centis: 'price_must_be_positive',
    });
  });

  it.each([-1, 2.5, '3', 2 ** 31])('rejects the stock %s with stock_invalid', (estoque) => {
    expect(keysOf(productCreateSchema, { ...product, estoque })).toEqual({ estoque: 'stock_invalid' });
  });
});

describe('purchaseCreateSchema', () => {
  it('accepts a product and a quantity from 1 to 999, and no price', () => {
    expect(parsed(purchaseCreateSchema, { produto_id: 'p1', quantidade: 999, total_centis: 1 })).toEqual({
      produto_id: 'p1',
      quantidade: 999,
    });
  });

  it.each([0, 1000, 1.5, '2'])('rejects the quantity %s with invalid_quantity', (quantidade) => {
    expect(keysOf(purchaseCreateSchema, { produto_id: 'p1', quantidade })).toEqual({
      quantidade: 'invalid_quantity',
    });
  });

  it('requires a product id', () => {
    expect(keysOf(purchaseCreateSchema, { produto_id: ' ', quantidade: 1 })).toEqual({
      produto_id: 'validation_error',
    });
  });
});

describe('purchase quantity', () => {
  it('allows up to the stock, or 999 without stock, never above 999', () => {
    expect(maxPurchaseQuantityOf(null)).toBe(999);
    expect(maxPurchaseQuantityOf(undefined)).toBe(999);
    expect(maxPurchaseQuantityOf(5)).toBe(5);
    expect(maxPurchaseQuantityOf(5_000)).toBe(999);
    expect(maxPurchaseQuantityOf(0)).toBe(0);
  });

  it('turns what is not a number into 1 and keeps the rest within 1..max', () => {
    expect(clampPurchaseQuantity('abc', null)).toBe(1);
    expect(clampPurchaseQuantity('', 10)).toBe(1);
    expect(clampPurchaseQuantity('0', 10)).toBe(1);
    expect(clampPurchaseQuantity('7', 10)).toBe(7);
    expect(clampPurchaseQuantity(2.9, 10)).toBe(2);
    expect(clampPurchaseQuantity(50, 10)).toBe(10);
    expect(clampPurchaseQuantity(5_000, null)).toBe(999);
  });

  it('gives 0 when nothing is in stock, which no purchase accepts', () => {
    expect(clampPurchaseQuantity(3, 0)).toBe(0);
  });
});

describe('pageQuerySchema', () => {
  it('reads a page of 50 by default and up to 100 when asked', () => {
    expect(parsed(pageQuerySchema, {})).toEqual({ limit: 50 });
    expect(parsed(pageQuerySchema, { limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
  });

  it.each(['0', '101', '2.5', 'x'])('rejects the limit %s with validation_error', (limit) => {
    expect(keysOf(pageQuerySchema, { limit })).toEqual({ limit: 'validation_error' });
  });
});
