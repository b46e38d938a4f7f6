import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type accountHt from '@/i18n/account/ht.json';
import ht from '@/i18n/ht.json';
import type legalHt from '@/i18n/legal/ht.json';
import type marketplaceHt from '@/i18n/marketplace/ht.json';
import type screensHt from '@/i18n/screens/ht.json';
import type walletHt from '@/i18n/wallet/ht.json';

export const languages = ['ht', 'pt-BR', 'fr', 'en'] as const;
export type Language = (typeof languages)[number];
const defaultLanguage: Language = 'ht';

// Each language names itself, so a reader can find their own whatever is selected.
export const languageNames: Record<Language, string> = {
  ht: 'Kreyòl',
  'pt-BR': 'Português',
  fr: 'Français',
  en: 'English',
};

const storageKey = 'kreyolcash.language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof ht;
      account: typeof accountHt;
      legal: typeof legalHt;
      marketplace: typeof marketplaceHt;
      screens: typeof screensHt;
      wallet: typeof walletHt;
    };
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    // Storage can be disabled (private mode, full quota): fall back to Creole.
    return defaultLanguage;
  }
}

// Creole (the first screen's language) is bundled; every other bundle, the long legal texts and
// the texts of the screens that talk to the API (`screens`, loaded with their data providers)
// are fetched only when needed, so the landing stays small.
export type LazyNamespace = 'legal' | 'screens' | 'marketplace' | 'wallet' | 'account';

const bundles = import.meta.glob<{ default: ResourceKey }>([
  '../i18n/*.json',
  '!../i18n/ht.json',
  '../i18n/account/*.json',
  '../i18n/legal/*.json',
  '../i18n/marketplace/*.json',
  '../i18n/screens/*.json',
  '../i18n/wallet/*.json',
]);

const lazyBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const path =
      namespace === 'translation' ? `../i18n/${language}.json` : `../i18n/${namespace}/${language}.json`;
    const load = bundles[path];
    if (!load) {
      callback(new Error(`no translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n
  .use(lazyBundles)
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage(),
    fallbackLng: defaultLanguage,
    supportedLngs: languages,
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    resources: { ht: { translation: ht } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  try {
    window.localStorage.setItem(storageKey, language);
  } catch {
    // Not remembered across visits; the choice still applies now.
  }
}

/** Resolves a lazily loaded page with the translations it needs, fetched in parallel. */
export async function withNamespaces<T>(page: Promise<T>, namespaces: LazyNamespace[]): Promise<T> {
  const [module] = await Promise.all([page, i18n.loadNamespaces(namespaces)]);
  return module;
}

export { i18n };
