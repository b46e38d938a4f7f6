import { z } from 'zod';

// Haitian Creole first (DESIGN.md §1); the others are selectable.
export const LOCALES = ['ht', 'pt-BR', 'fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ht';
export const localeSchema = z.enum(LOCALES);

// One text per locale; a Record over Locale makes a missing translation a type error.
export type LocalizedText = Record<Locale, string>;
