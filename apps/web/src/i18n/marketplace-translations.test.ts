import { ERROR_CODES, SALE_STATUSES } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import marketplaceEn from './marketplace/en.json';
import marketplaceFr from './marketplace/fr.json';
import marketplaceHt from './marketplace/ht.json';
import marketplacePtBr from './marketplace/pt-BR.json';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf as "path → placeholders", e.g. "purchase.insufficientBody → balance,needed". */
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

const others = { 'pt-BR': marketplacePtBr, fr: marketplaceFr, en: marketplaceEn };

describe('marketplace texts', () => {
  it.each(Object.entries(others))('%s has the same keys and placeholders as Creole', (_language, bundle) => {
    expect(shape(bundle)).toEqual(shape(marketplaceHt));
  });

  it('has no empty text', () => {
    for (const [name, bundle] of Object.entries({ ht: marketplaceHt, ...others })) {
      expect(JSON.stringify(bundle), name).not.toContain('""');
    }
  });

  it('names only real error codes, and has a text for every failure the marketplace screens show', () => {
    const known: readonly string[] = ERROR_CODES;
    expect(Object.keys(marketplaceHt.errors).filter((key) => !known.includes(key))).toEqual([]);
    const shown = [
      // Companies, create service, purchase (spec §8) and the marketplace API's own codes.
      'company_not_found',
      'error_loading_company',
      'error_loading_companies',
      'company_creation_error',
      'company_already_exists',
      'service_creation_error',
      'purchase_error',
      'invalid_verification_code',
      'verification_code_error',
      'product_not_found',
      'error_loading_product',
      'balance_check_error',
      'insufficient_balance',
      'invalid_quantity',
      'insufficient_stock',
      'own_company_purchase',
      'invalid_codes',
      'code_expired',
      'code_attempts_exceeded',
      'transaction_not_pending',
      'sale_not_found',
      // Field keys of the two forms.
      'company_name_required',
      'service_name_required',
      'description_required',
      'category_required',
      'category_invalid',
      'price_must_be_positive',
      'stock_invalid',
    ];
    expect(shown.filter((code) => !(code in marketplaceHt.errors))).toEqual([]);
  });

  it('names every sale status', () => {
    for (const bundle of [marketplaceHt, ...Object.values(others)]) {
      expect(Object.keys(bundle.saleStatus).sort()).toEqual([...SALE_STATUSES].sort());
    }
  });
});

describe('the spec’s own wording in the Creole interface', () => {
  it('keeps the Creole texts of the create-service screen (spec §5, §8)', () => {
    expect(marketplaceHt.createService.title).toBe('Kreye Sèvis');
    expect(marketplaceHt.errors).toMatchObject({
      service_name_required: 'Non sèvis la obligatwa',
      description_required: 'Deskripsyon an obligatwa',
      category_required: 'Kategori a obligatwa',
      price_must_be_positive: 'Pri a dwe pi gwo pase zewo',
      company_not_found: 'Konpani an pa jwenn',
      error_loading_company: 'Erè nan chaje konpani an',
      service_creation_error: 'Erè nan kreye sèvis la',
    });
    expect(marketplaceHt.success).toMatchObject({
      title: 'Siksè',
      service_created: 'Sèvis la kreye ak siksè',
    });
    expect(marketplaceHt.createService.notFoundTitle).toBe('Erè');
  });

  it('keeps the Portuguese texts of the companies and purchase screens (spec §5, §8)', () => {
    expect(marketplaceHt.companies.loadError).toBe('Não foi possível carregar as empresas');
    expect(marketplaceHt.createCompany).toMatchObject({
      alreadyTitle: 'Empresa já existe',
      alreadyBody: 'Você já possui uma empresa registrada',
      loginRequired: 'Você precisa estar logado para criar uma empresa',
    });
    expect(marketplaceHt.purchase).toMatchObject({
      insufficientTitle: 'Saldo Insuficiente',
      notAuthenticated: 'Usuário não autenticado',
    });
  });
});
