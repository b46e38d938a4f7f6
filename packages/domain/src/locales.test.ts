import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, isLocale, LOCALES } from './locales.ts';
import { localeSchema } from './schemas/enums.ts';

describe('locales', () => {
  it('knows Creole first, then Portuguese, French and English', () => {
    expect(LOCALES).toEqual(['ht', 'pt-BR', 'fr', 'en']);
    expect(DEFAULT_LOCALE).toBe('ht');
  });

  it('recognises exactly the locales its zod enum accepts', () => {
    for (const value of [...LOCALES, 'pt', 'es', '', 'HT', undefined, 7]) {
      expect(isLocale(value), String(value)).toBe(localeSchema.safeParse(value).success);
    }
  });
});
