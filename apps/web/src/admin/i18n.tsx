import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { shellTexts } from './shell-texts';

// The back office speaks Creole and French (its operators are in Haiti), with its own small
// dictionaries: the app's translation files never load here, and these never load in the app.
// Each area of the back office brings its texts with its page (texts.ts beside it).

export type AdminLocale = 'ht' | 'fr';
export type AdminTexts = Record<AdminLocale, Record<string, string>>;

const STORAGE_KEY = 'kc-admin-locale';

type Ctx = { locale: AdminLocale; setLocale(locale: AdminLocale): void };
const LocaleContext = createContext<Ctx>({ locale: 'ht', setLocale: () => {} });

function storedLocale(): AdminLocale {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'fr' ? 'fr' : 'ht';
  } catch {
    return 'ht';
  }
}

export function AdminLocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<AdminLocale>(storedLocale);
  const setLocale = useCallback((next: AdminLocale) => {
    setLocaleState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // A private window keeps the choice for this visit only.
    }
    document.documentElement.lang = next;
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useAdminLocale(): Ctx {
  return useContext(LocaleContext);
}

/**
 * t(key, params) over the shell's texts and the given area's; `{name}` in a text takes
 * params.name. An unknown key shows itself, so a missing text is seen, not hidden.
 */
export function useAdminText(area?: AdminTexts) {
  const { locale } = useAdminLocale();
  return useCallback(
    (key: string, params: Record<string, string | number> = {}) => {
      const text = area?.[locale][key] ?? shellTexts[locale][key] ?? key;
      return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
    },
    [area, locale],
  );
}

/** ₭ amounts from centis, as the operators read them (1 234,50 in both locales). */
export function formatKreyol(centis: number, locale: AdminLocale): string {
  const sign = centis < 0 ? '−' : '';
  const value = new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'fr-HT', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(centis) / 100);
  return `${sign}₭${value}`;
}

export function formatDateTime(iso: string, locale: AdminLocale): string {
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'fr-HT', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Port-au-Prince',
  }).format(new Date(iso));
}
