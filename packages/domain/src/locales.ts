// Haitian Creole first (DESIGN.md §1); the others are selectable.
export const LOCALES = ['ht', 'pt-BR', 'fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ht';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

// One text per locale; a Record over Locale makes a missing translation a type error.
export type LocalizedText = Record<Locale, string>;
