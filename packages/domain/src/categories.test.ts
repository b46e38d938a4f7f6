import { describe, expect, it } from 'vitest';
import {
  COMPANY_CATEGORY_IDS,
  COMPANY_CATEGORY_LABELS,
  companyCategoryLabel,
  isCompanyCategoryId,
} from './company-categories.ts';
import { LOCALES } from './locales.ts';
import {
  isProductCategoryId,
  PRODUCT_CATEGORY_IDS,
  PRODUCT_CATEGORY_LABELS,
  productCategoryLabel,
} from './product-categories.ts';
import { companyCategorySchema, productCategorySchema } from './schemas/enums.ts';

const SNAKE_CASE = /^[a-z]+(?:_[a-z]+)*$/;

describe('company categories', () => {
  it('lists all 49 entries the spec names (its heading says 48), in order', () => {
    expect(COMPANY_CATEGORY_IDS).toHaveLength(49);
    expect(COMPANY_CATEGORY_IDS[0]).toBe('agriculture');
    expect(COMPANY_CATEGORY_IDS[27]).toBe('courier');
    expect(COMPANY_CATEGORY_IDS.at(-1)).toBe('other_services');
  });

  it('uses stable snake_case ASCII ids', () => {
    for (const id of COMPANY_CATEGORY_IDS) expect(id).toMatch(SNAKE_CASE);
  });

  it('has a non-empty label in every locale', () => {
    for (const labels of Object.values(COMPANY_CATEGORY_LABELS)) {
      for (const locale of LOCALES) expect(labels[locale].trim()).not.toBe('');
    }
  });

  it('has distinct Creole labels', () => {
    const labels = COMPANY_CATEGORY_IDS.map((id) => companyCategoryLabel(id, 'ht'));
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('labels in Creole by default and in the other locales on request', () => {
    expect(companyCategoryLabel('moto_taxi', 'ht')).toBe('Taksi moto');
    expect(companyCategoryLabel('fishing', 'fr')).toBe('Pêche');
  });

  it('accepts only known ids', () => {
    expect(companyCategorySchema.safeParse('bakery').success).toBe(true);
    expect(companyCategorySchema.safeParse('Bakery').success).toBe(false);
    expect(isCompanyCategoryId('plumber')).toBe(true);
    expect(isCompanyCategoryId('toString')).toBe(false);
    expect(isCompanyCategoryId(3)).toBe(false);
  });
});

describe('product categories', () => {
  it('lists the 13 categories of the spec, in order', () => {
    expect(PRODUCT_CATEGORY_IDS).toEqual([
      'food',
      'drink',
      'clothing',
      'shoes',
      'electronics',
      'home',
      'beauty',
      'sports',
      'books',
      'crafts',
      'medicine',
      'tools',
      'others',
    ]);
  });

  it('has a non-empty label in every locale', () => {
    for (const labels of Object.values(PRODUCT_CATEGORY_LABELS)) {
      for (const locale of LOCALES) expect(labels[locale].trim()).not.toBe('');
    }
  });

  it('accepts only known ids', () => {
    expect(productCategorySchema.safeParse('tools').success).toBe(true);
    expect(productCategorySchema.safeParse('weapons').success).toBe(false);
    expect(isProductCategoryId('food')).toBe(true);
    expect(isProductCategoryId('constructor')).toBe(false);
    expect(productCategoryLabel('drink', 'ht')).toBe('Bwason');
  });
});
