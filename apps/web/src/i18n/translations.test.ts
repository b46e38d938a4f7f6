import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import ht from './ht.json';
import legalEn from './legal/en.json';
import legalFr from './legal/fr.json';
import legalHt from './legal/ht.json';
import legalPtBr from './legal/pt-BR.json';
import ptBr from './pt-BR.json';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf as "path → placeholders", e.g. "landing.carousel.slideLabel → current,total". */
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

const main = { 'pt-BR': ptBr, fr, en };
const legal = { 'pt-BR': legalPtBr, fr: legalFr, en: legalEn };

describe('translations', () => {
  it.each(Object.entries(main))('%s has the same keys and placeholders as Creole', (_language, bundle) => {
    expect(shape(bundle)).toEqual(shape(ht));
  });

  it.each(Object.entries(legal))('%s legal texts have the same structure as Creole', (_language, bundle) => {
    expect(shape(bundle)).toEqual(shape(legalHt));
  });

  it('has no empty text, except the translation note of the Creole original itself', () => {
    const bundles = {
      ht,
      'pt-BR': ptBr,
      fr,
      en,
      'legal/pt-BR': legalPtBr,
      'legal/fr': legalFr,
      'legal/en': legalEn,
    };
    for (const [name, bundle] of Object.entries(bundles)) {
      expect(JSON.stringify(bundle), name).not.toContain('""');
    }
    expect(legalHt.translationNote).toBe('');
  });

  it('keeps the 404 sentence in English in every language, as the spec asks', () => {
    for (const bundle of [ht, ptBr, fr, en]) expect(bundle.notFound.title).toBe('Oops! Page not found');
  });

  it('uses the product’s Creole wording on the landing', () => {
    expect(ht.landing.startNow).toBe('Kòmanse kounye a');
    expect(ht.landing.login).toBe('Konekte');
    expect(ht.comingSoon.title).toBe('Paj sa a ap vini byento');
  });
});
