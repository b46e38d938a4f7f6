import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { readRouteTable } from './route-table.ts';

/** What the build writes to `pages.json`, and what the server reads. */
export type PrerenderedPagesManifest = {
  /** The languages each page is drawn in; the first is the default. */
  languages: string[];
  /** Every path of the route table, in its order: the first that matches a URL is its route. */
  routes: string[];
  /** The prerendered routes: route path → page name, drawn to `pages/<language>/<name>.html`. */
  pages: Record<string, string>;
};

export const PAGES_MANIFEST_FILE = 'pages.json';

/** The app's languages (src/lib/i18n.ts, checked against it when the pages are drawn), Creole first. */
export const PRERENDER_LANGUAGES = ['ht', 'pt-BR', 'fr', 'en'] as const;

/** The public pages of issue 18 and the signed-in home's frame. `*` is the not-found page. */
export const PRERENDERED_ROUTES = [
  '/',
  '/terms-of-service',
  '/privacy-policy',
  '/login',
  '/forgot-password',
  '/register',
  '/home',
  '*',
] as const;

export function pageName(routePath: string): string {
  if (routePath === '/') return 'landing';
  if (routePath === '*') return 'not-found';
  return routePath.slice(1).replaceAll('/', '-');
}

/** Where a route's page is, under the build's folder, for a language. */
export function pageFile(language: string, routePath: string): string {
  return `pages/${language}/${pageName(routePath)}.html`;
}

type PrerenderModule = {
  languages: readonly string[];
  renderPage: (path: string, language: string) => Promise<{ html: string; title: string }>;
};

/**
 * After the browser's build: builds src/prerender.tsx for Node (a second, server-side build of the
 * same modules), draws each page of PRERENDERED_ROUTES in each language with react-dom's prerender,
 * and writes it into the build's index.html — its text, buttons and links are in the HTML, and the
 * browser hydrates it (main.tsx). The server sends the page in the visitor's language.
 */
export function prerenderPages({ entry }: { entry: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kreyolcash:prerender-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      const scratch = mkdtempSync(join(tmpdir(), 'kc-prerender-'));
      try {
        const module = await buildForNode(config, entry, scratch);
        if (module.languages.join() !== PRERENDER_LANGUAGES.join())
          throw new Error(`prerender: the app's languages (${module.languages}) are not PRERENDER_LANGUAGES`);
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const manifest: PrerenderedPagesManifest = {
          languages: [...module.languages],
          routes: readRouteTable(config.root).map((route) => route.path),
          pages: Object.fromEntries(PRERENDERED_ROUTES.map((path) => [path, pageName(path)])),
        };
        await withoutNetwork(async () => {
          for (const language of module.languages) {
            for (const routePath of PRERENDERED_ROUTES) {
              // `*` is drawn at a path no route of the table has.
              const at = routePath === '*' ? '/kreyolcash-not-found' : routePath;
              const page = await module.renderPage(at, language);
              writePage(join(outDir, pageFile(language, routePath)), pageHtml(template, language, page));
            }
          }
        });
        writeFileSync(join(outDir, PAGES_MANIFEST_FILE), JSON.stringify(manifest));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}

async function buildForNode(config: ResolvedConfig, entry: string, outDir: string): Promise<PrerenderModule> {
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: config.resolve.alias },
    // React's own build for the mode, as the browser's (its JSX runtime differs between them).
    define: { 'process.env.NODE_ENV': JSON.stringify(config.isProduction ? 'production' : 'development') },
    plugins: [...config.plugins.filter((plugin) => plugin.name.startsWith('kreyolcash:sonner')), react()],
    // Everything in one module graph of its own (React included): Node runs it from a scratch folder.
    ssr: { noExternal: true },
    build: { ssr: entry, outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
  });
  const built = join(outDir, `${entry.replace(/^.*\//, '').replace(/\.tsx?$/, '')}.js`);
  return (await import(pathToFileURL(built).href)) as PrerenderModule;
}

/**
 * The screens start restoring the session when they load; in the prerender nobody is signed in and
 * no request may leave or settle: every fetch waits forever, so they draw their "not known yet"
 * state, as the browser's first render does.
 */
async function withoutNetwork(run: () => Promise<void>): Promise<void> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = () => new Promise<Response>(() => {});
  try {
    await run();
  } finally {
    globalThis.fetch = realFetch;
  }
}

const SPLASH = '<div id="root"><div class="boot-splash" aria-hidden="true">KreyolCash</div></div>';

function pageHtml(template: string, language: string, page: { html: string; title: string }): string {
  if (!template.includes(SPLASH) || !template.includes('<html lang="ht"'))
    throw new Error('prerender: index.html no longer has the root and lang this plugin replaces');
  return (
    template
      // The page's language, read by main.tsx; the root element itself stays as in the shell.
      .replace('<html lang="ht"', `<html lang="${language}" data-prerendered="${language}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(SPLASH, () => `<div id="root">${page.html}</div>`)
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function writePage(path: string, html: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, html);
  // Sent as they are by the server, as the other assets (vite.plugins.ts).
  writeFileSync(`${path}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
  );
}
