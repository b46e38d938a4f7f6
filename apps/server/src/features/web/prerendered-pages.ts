import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeMatcher } from './route-match.ts';

// The web build prerenders the public pages and the home's frame in each language
// (apps/web/vite.prerender.ts): `pages/<language>/<name>.html`, listed in pages.json with the whole
// route table. The server sends a page in the visitor's language, which the app keeps in the
// `kc_lang` cookie (only when it is not Creole, the default) — the same language the app would pick
// from its own stored choice, so the browser takes the page over without drawing it again.

export const LANGUAGE_COOKIE = 'kc_lang';

export type PrerenderedPage = {
  /** Relative to the build's folder, e.g. `pages/fr/login.html`. */
  file: string;
  /** The route table's catch-all: the not-found page, sent with a 404. */
  isNotFound: boolean;
  /**
   * The page loads its scripts once it is drawn (after-paint.js): the server must not ask for them
   * with the page (its `Link` header), or they share the bandwidth with it again.
   */
  scriptsAfterPaint: boolean;
};

export type PrerenderedPages = {
  /** The page for a path in a language (the cookie's value), or undefined: then the plain shell. */
  pageFor: (pathname: string, language?: string) => PrerenderedPage | undefined;
  /** The CSP source (`'sha256-…'`) of the stylesheet written into the pages, if they have one. */
  styleHash?: string;
};

const noPages: PrerenderedPages = { pageFor: () => undefined };

/** Reads the build's list; a build without one (or a broken one) sends the plain shell everywhere. */
export function loadPrerenderedPages(root: string): PrerenderedPages {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(join(root, 'pages.json'), 'utf8'));
  } catch {
    return noPages;
  }
  return prerenderedPages(manifest, (file) => existsSync(join(root, file)));
}

export function prerenderedPages(manifest: unknown, isBuilt: (file: string) => boolean): PrerenderedPages {
  if (!isManifest(manifest)) return noPages;
  const [defaultLanguage] = manifest.languages;
  const routes = manifest.routes.map((path) => ({ path, matches: routeMatcher(path) }));
  const afterPaint = new Set(manifest.afterPaint ?? []);
  return {
    styleHash: manifest.styleHash,
    pageFor(pathname, language) {
      // The first route of the table that matches is the one the app's router draws.
      const route = routes.find((candidate) => candidate.matches(pathname));
      const name =
        route && Object.hasOwn(manifest.pages, route.path) ? manifest.pages[route.path] : undefined;
      if (!route || !name) return undefined;
      const chosen = language && manifest.languages.includes(language) ? language : defaultLanguage;
      const file = `pages/${chosen}/${name}.html`;
      if (!isBuilt(file)) return undefined;
      return { file, isNotFound: route.path === '*', scriptsAfterPaint: afterPaint.has(route.path) };
    },
  };
}

type Manifest = {
  languages: string[];
  routes: string[];
  pages: Record<string, string>;
  styleHash?: string;
  afterPaint?: string[];
};

// Only names that make a path inside pages/: nothing in the list can reach another file.
function isManifest(value: unknown): value is Manifest {
  if (typeof value !== 'object' || value === null) return false;
  const { languages, routes, pages, styleHash, afterPaint } = value as Record<string, unknown>;
  return (
    (afterPaint === undefined ||
      (Array.isArray(afterPaint) && afterPaint.every((path) => typeof path === 'string'))) &&
    // Goes into the CSP header as it is: a SHA-256 source and nothing else.
    (styleHash === undefined ||
      (typeof styleHash === 'string' && /^'sha256-[A-Za-z0-9+/]{43}='$/.test(styleHash))) &&
    Array.isArray(languages) &&
    languages.length > 0 &&
    languages.every(
      (language) => typeof language === 'string' && /^[a-zA-Z]{2,3}(-[a-zA-Z]{2})?$/.test(language),
    ) &&
    Array.isArray(routes) &&
    routes.every((path) => typeof path === 'string') &&
    typeof pages === 'object' &&
    pages !== null &&
    Object.values(pages).every((name) => typeof name === 'string' && /^[a-z0-9-]+$/.test(name))
  );
}
