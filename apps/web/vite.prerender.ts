import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { readRouteTable } from './route-table.ts';
import { EARLY_SETTLED_EVENT } from './src/lib/early-session.ts';
import { earlyScriptFile } from './vite.early-script.ts';
import { writeWithCompressedCopies } from './vite.plugins.ts';
import { ROUTE_PRELOAD_FILE, type RoutePreloadManifest } from './vite.route-preload.ts';

/** What the build writes to `pages.json`, and what the server reads. */
export type PrerenderedPagesManifest = {
  /** The languages each page is drawn in; the first is the default. */
  languages: string[];
  /** Every path of the route table, in its order: the first that matches a URL is its route. */
  routes: string[];
  /** The prerendered routes: route path → page name, drawn to `pages/<language>/<name>.html`. */
  pages: Record<string, string>;
  /**
   * The CSP source of the stylesheet written into every page (`'sha256-…'`): the server allows
   * that exact text and no other inline style.
   */
  styleHash?: string;
  /** The prerendered routes whose pages load their scripts after their first paint (after-paint.js). */
  afterPaint?: string[];
};

export const PAGES_MANIFEST_FILE = 'pages.json';

/** The app's languages (src/lib/i18n.ts, checked against it when the pages are drawn), Creole first. */
export const PRERENDER_LANGUAGES = ['ht', 'pt-BR', 'fr', 'en'] as const;

/** The public pages and the signed-in home's frame. `*` is the not-found page. */
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

/**
 * The pages whose scripts wait for their first paint (public/after-paint.js): their HTML is the
 * whole first screen. The home's frame too: its scripts wait for its early script besides
 * (EARLY_SETTLED_EVENT), so that the balance is not held back by the app's download and start.
 */
export const AFTER_PAINT_ROUTES: readonly string[] = PRERENDERED_ROUTES;

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
export function prerenderPages({
  entry,
  earlyScripts = {},
}: {
  entry: string;
  /** Route path → the name of an early script (vite.early-script.ts) its page runs first. */
  earlyScripts?: Record<string, string>;
}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kreyolcash:prerender-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const scratch = mkdtempSync(join(tmpdir(), 'kc-prerender-'));
      try {
        const module = await buildForNode(config, entry, scratch);
        if (module.languages.join() !== PRERENDER_LANGUAGES.join())
          throw new Error(`prerender: the app's languages (${module.languages}) are not PRERENDER_LANGUAGES`);
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        const { template, styleHash } = withStylesheetInline(shell, outDir);
        const preloads = JSON.parse(
          readFileSync(join(outDir, ROUTE_PRELOAD_FILE), 'utf8'),
        ) as RoutePreloadManifest;
        const manifest: PrerenderedPagesManifest = {
          languages: [...module.languages],
          routes: readRouteTable(config.root).map((route) => route.path),
          pages: Object.fromEntries(PRERENDERED_ROUTES.map((path) => [path, pageName(path)])),
          styleHash,
          afterPaint: [...AFTER_PAINT_ROUTES],
        };
        await withoutNetwork(async () => {
          for (const language of module.languages) {
            for (const routePath of PRERENDERED_ROUTES) {
              // `*` is drawn at a path no route of the table has.
              const at = routePath === '*' ? '/kreyolcash-not-found' : routePath;
              const page = await module.renderPage(at, language);
              const early = earlyScripts[routePath];
              const html = withEarlyScript(
                pageHtml(template, language, page),
                early === undefined ? undefined : earlyScriptFile(Object.keys(bundle), early),
                early,
              );
              writePage(
                join(outDir, pageFile(language, routePath)),
                AFTER_PAINT_ROUTES.includes(routePath)
                  ? scriptsAfterPaint(html, filesOf(preloads, routePath), early && EARLY_SETTLED_EVENT)
                  : html,
              );
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

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/;

/**
 * A prerendered page is drawn as soon as its stylesheet is there. As a file, the stylesheet is one
 * more round trip after the HTML, and on a slow network it shares the bandwidth with the ~90 kB of
 * scripts the page asks for at the same time (the entry and the `Link` header's chunks): the text
 * waited for them. Written into the page, it arrives with it, and the first paint needs nothing
 * else. The shell (index.html, kept by the service worker) keeps its link to the file.
 */
function withStylesheetInline(shell: string, outDir: string): { template: string; styleHash: string } {
  const link = STYLESHEET_LINK.exec(shell);
  if (!link?.[1]) throw new Error('prerender: index.html no longer links the entry stylesheet');
  const css = readFileSync(join(outDir, link[1]), 'utf8').trim();
  if (/<\/style/i.test(css)) throw new Error('prerender: the stylesheet cannot be written into a <style>');
  const styleHash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  return { template: shell.replace(link[0], () => `<style>${css}</style>`), styleHash };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/** What a route's page loads before it can be taken over: the entry, then its own chunks and styles. */
function filesOf(preloads: RoutePreloadManifest, routePath: string): string[] {
  const route = preloads.routes.find((candidate) => candidate.path === routePath);
  if (!route) throw new Error(`prerender: ${ROUTE_PRELOAD_FILE} has no route ${routePath}`);
  return [...route.styles, ...route.scripts];
}

/**
 * The entry's <script> in the head starts ~90 kB of scripts with the HTML, sharing a slow
 * network's bandwidth with it, before the page is even drawn. Here public/after-paint.js takes its
 * place, naming the entry and the route's files: fetched after the first paint, all at once. It is
 * a small classic script where the entry was, run before the page is drawn (one round trip, then
 * kept by the service worker): a tap on the painted page is then always held until the app has
 * it. Run after the page had been parsed, as a module, it came too late for a quick tap.
 */
function scriptsAfterPaint(html: string, routeFiles: string[], afterEvent?: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry?.[1]) throw new Error('prerender: the page no longer has the entry script this plugin replaces');
  const files = [entry[1], ...routeFiles].join(' ');
  const waits = afterEvent ? ` data-after-event="${afterEvent}"` : '';
  return html.replace(
    entry[0],
    () => `<script src="/after-paint.js" data-after-paint="${files}"${waits}></script>`,
  );
}

/**
 * The page's early script, first in its head: a classic async script, fetched with the HTML's
 * first bytes and run as soon as it arrives, without waiting for the page or the app.
 */
function withEarlyScript(html: string, file: string | undefined, name: string | undefined): string {
  if (name === undefined) return html;
  if (!file) throw new Error(`prerender: the build has no early script ${name}`);
  if (!/<\/title>/.test(html))
    throw new Error('prerender: the page has no <title> to put its early script after');
  return html.replace(/<\/title>/, () => `</title>\n    <script async src="/${file}"></script>`);
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
  // Sent as they are by the server, as the other assets.
  writeWithCompressedCopies(path, html);
}
