import { use, useMemo, useSyncExternalStore } from 'react';
import type accountHt from '@/i18n/account/ht.json';
import type agentsHt from '@/i18n/agents/ht.json';
import type deskHt from '@/i18n/desk/ht.json';
import ht from '@/i18n/ht.json';
import type identityHt from '@/i18n/identity/ht.json';
import type legalHt from '@/i18n/legal/ht.json';
import type marketplaceHt from '@/i18n/marketplace/ht.json';
import type screensHt from '@/i18n/screens/ht.json';
import type supportHt from '@/i18n/support/ht.json';
import type walletHt from '@/i18n/wallet/ht.json';

// The app's own i18n (docs/decisions.md): exactly what the screens use — namespaces loaded on
// demand with Suspense, `{{name}}` placeholders, objects with `returnObjects` — in ~1.5 kB instead
// of i18next + react-i18next's 13 kB on the landing's first download.

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

/** The texts of each namespace, typed from the Creole original (every language has the same keys). */
type Resources = {
  translation: typeof ht;
  account: typeof accountHt;
  agents: typeof agentsHt;
  desk: typeof deskHt;
  identity: typeof identityHt;
  legal: typeof legalHt;
  marketplace: typeof marketplaceHt;
  screens: typeof screensHt;
  support: typeof supportHt;
  wallet: typeof walletHt;
};
export type Namespace = keyof Resources;

/** Every path of a text or a group of texts, e.g. `login.submit`, `terms.sections`. */
type PathsOf<T> = T extends string | readonly unknown[]
  ? never
  : { [K in keyof T & string]: K | `${K}.${PathsOf<T[K]>}` }[keyof T & string];
/** A key of the namespace, or of any namespace with its prefix (`screens:errors.title`). */
export type TranslationKey<N extends Namespace> =
  | PathsOf<Resources[N]>
  | { [M in Namespace]: `${M}:${PathsOf<Resources[M]>}` }[Namespace];
export type TranslateOptions = { defaultValue?: string; [placeholder: string]: unknown };
export type TFunction<N extends Namespace = 'translation'> = {
  <T>(key: TranslationKey<N>, options: { returnObjects: true }): T;
  (key: TranslationKey<N>, options?: TranslateOptions): string;
};

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

// Creole's `translation` (the first screen's texts) is bundled; every other bundle, the long legal
// texts and the texts of the screens that talk to the API are fetched only when needed, so the
// landing stays small. The route table waits for a page's namespaces with `withNamespaces`.
export type LazyNamespace = Exclude<Namespace, 'translation'>;

type Texts = { [key: string]: unknown };
const bundles = import.meta.glob<{ default: Texts }>([
  '../i18n/*.json',
  '!../i18n/ht.json',
  '../i18n/account/*.json',
  '../i18n/agents/*.json',
  '../i18n/desk/*.json',
  '../i18n/identity/*.json',
  '../i18n/legal/*.json',
  '../i18n/marketplace/*.json',
  '../i18n/screens/*.json',
  '../i18n/support/*.json',
  '../i18n/wallet/*.json',
]);

/** `language/namespace` → its texts once loaded; a load under way; or a load that failed. */
const loaded = new Map<string, Texts>([['ht/translation', ht]]);
const pending = new Map<string, Promise<void>>();
const failed = new Set<string>();

function load(language: Language, namespace: Namespace): Promise<void> {
  const id = `${language}/${namespace}`;
  if (loaded.has(id)) return Promise.resolve();
  let loading = pending.get(id);
  if (!loading) {
    const path =
      namespace === 'translation' ? `../i18n/${language}.json` : `../i18n/${namespace}/${language}.json`;
    // A failed load (a flaky network) shows the Creole texts when they are there, or the keys,
    // and is tried again by the next screen that needs it.
    loading = (bundles[path]?.() ?? Promise.reject(new Error(`no texts for ${id}`))).then(
      (module) => void loaded.set(id, module.default),
      () => void failed.add(id),
    );
    failed.delete(id);
    pending.set(id, loading);
    void loading.then(() => pending.delete(id));
  }
  return loading;
}

// The server has no localStorage: a cookie tells it the language, so that it can send the page
// prerendered in that language (docs/decisions.md). Only another language than Creole, the
// default, is named: most visitors send no cookie at all.
const cookieName = 'kc_lang';

function tellServerLanguage(lng: Language): void {
  const current = document.cookie.match(/(?:^|;\s*)kc_lang=([^;]*)/)?.[1];
  if (lng === defaultLanguage) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve, and this must be set before the next page is asked for.
    if (current !== undefined) document.cookie = `${cookieName}=; path=/; max-age=0; samesite=lax`;
  } else if (current !== lng) {
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    document.cookie = `${cookieName}=${lng}; path=/; max-age=31536000; samesite=lax`;
  }
}

let language: Language = readStoredLanguage();
const listeners = new Set<() => void>();
// The prerender (src/prerender.tsx) runs this module in Node, where there is no document.
const isBrowser = typeof document !== 'undefined';
if (isBrowser) {
  document.documentElement.lang = language;
  // A choice stored before the cookie existed reaches the server from the next page on.
  tellServerLanguage(language);
}
if (language !== defaultLanguage) void load(language, 'translation');

function lookup(lng: Language, namespace: string, key: string): unknown {
  let node: unknown = loaded.get(`${lng}/${namespace}`);
  for (const part of key.split('.')) node = (node as Texts | undefined)?.[part];
  return node;
}

const namespaceNames: Record<Namespace, true> = {
  translation: true,
  account: true,
  agents: true,
  desk: true,
  identity: true,
  legal: true,
  marketplace: true,
  screens: true,
  support: true,
  wallet: true,
};

/** The text (or group of texts) of a key, in the current language or else in Creole. */
function resolve(namespace: Namespace, key: string): [text: unknown, key: string] {
  const separator = key.indexOf(':');
  if (separator > 0 && key.slice(0, separator) in namespaceNames) {
    namespace = key.slice(0, separator) as Namespace;
    key = key.slice(separator + 1);
  }
  return [lookup(language, namespace, key) ?? lookup(defaultLanguage, namespace, key), key];
}

function translate(namespace: Namespace, key: string, options: TranslateOptions = {}): unknown {
  const [text, bareKey] = resolve(namespace, key);
  if (options.returnObjects) return text;
  if (typeof text !== 'string') return options.defaultValue ?? bareKey;
  // A placeholder without a value stays as written, as i18next leaves it.
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    options[name] === undefined ? placeholder : String(options[name]),
  );
}

function fixedT<N extends Namespace>(namespace: N): TFunction<N> {
  return ((key: string, options?: TranslateOptions) => translate(namespace, key, options)) as TFunction<N>;
}

/** The app's translations outside React (toasts, error texts). */
export const i18n = {
  t: fixedT('translation'),
  /** Whether the key has a text (in the current language or Creole), e.g. `wallet:errors.<code>`. */
  exists: (key: string): boolean => resolve('translation', key)[0] !== undefined,
  get resolvedLanguage(): Language {
    return language;
  },
};

/** Switches the app's language once its texts (and those of the namespaces in use) are loaded. */
export async function changeLanguage(next: Language): Promise<void> {
  const inUse = new Set<Namespace>(['translation']);
  for (const id of loaded.keys()) inUse.add(id.slice(id.indexOf('/') + 1) as Namespace);
  await Promise.all([...inUse].map((namespace) => load(next, namespace)));
  language = next;
  if (isBrowser) {
    document.documentElement.lang = next;
    tellServerLanguage(next);
  }
  for (const listener of listeners) listener();
  try {
    window.localStorage.setItem(storageKey, next);
  } catch {
    // Not remembered across visits; the choice still applies now.
  }
}

// The language stored for the signed-in account (usuarios.idioma), as this page last heard it. The
// account's language follows the person to every device: the sign-in applies it, and an answer of
// /api/me that brings a language this page has not heard yet (changed on another device) too. An
// answer that repeats the known one changes nothing, so a read that left before a change made here
// never takes the screens back.
let accountLanguage: Language | undefined;

/** At sign-in: the account's language becomes the app's, whatever the device showed before. */
export async function applyAccountLanguage(idioma: string): Promise<void> {
  if (!isLanguage(idioma)) return;
  accountLanguage = idioma;
  if (idioma !== language) await changeLanguage(idioma);
}

/** With each /api/me answer: the account's language is applied when it is news to this page. */
export async function followAccountLanguage(idioma: string): Promise<void> {
  if (idioma === accountLanguage) return;
  await applyAccountLanguage(idioma);
}

/** Resolves a lazily loaded page with the translations it needs, fetched in parallel. */
export async function withNamespaces<T>(page: Promise<T>, namespaces: LazyNamespace[]): Promise<T> {
  const [module] = await Promise.all([page, ...namespaces.map((namespace) => load(language, namespace))]);
  return module;
}

function getLanguage(): Language {
  return language;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The texts of a namespace in the current language; suspends while they load, and renders again
 * when the language changes.
 */
export function useTranslation<N extends Namespace = 'translation'>(
  namespace: N = 'translation' as N,
): { t: TFunction<N>; i18n: typeof i18n } {
  // The same snapshot on the server: a page prerendered in a language is hydrated in that language
  // (main.tsx hydrates only when they agree).
  const current = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  const id = `${current}/${namespace}`;
  if (!loaded.has(id) && !failed.has(id)) use(load(current, namespace));
  // A new function per language, so what depends on `t` renders again in the new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` is the reason for a new `t`.
  const t = useMemo(() => fixedT(namespace), [namespace, current]);
  return { t, i18n };
}
