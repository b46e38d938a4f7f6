import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { writeWithCompressedCopies } from './vite.plugins.ts';

const LIST_MARKER = '/* precache list */';
const VERSION_MARKER = "const VERSION = 'development';";
const PAGE_LIST_MARKER = '/* page list */';
const PAGES_FOLDER = 'pages';

/**
 * Writes the service worker (sw.js, hand-written beside this file) into the build with this
 * version's app shell: index.html, every script and stylesheet of the build, and the public files
 * (icons, manifest, after-paint.js); and `pages`, prerendered pages it holds from the start.
 *
 * It is written once everything else is on disk (the prerender writes its pages after the bundle):
 * its version is a hash of the content of every file it keeps, so a file changed under the same
 * name (after-paint.js, a page) still installs a new worker on a returning visitor's phone, and an
 * unchanged build installs none.
 */
export function serviceWorker({ source, pages = [] }: { source: string; pages?: string[] }): Plugin {
  let publicDir = '';
  return {
    name: 'kreyolcash:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    writeBundle: {
      // Rolldown runs the plugins' writeBundle one after another: `post` comes after the prerender's.
      order: 'post',
      handler(options) {
        if (!options.dir) return;
        try {
          writeServiceWorker({
            template: readFileSync(source, 'utf8'),
            outDir: options.dir,
            publicDir,
            pages,
          });
        } catch (error) {
          this.error(`${source}: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    },
  };
}

/**
 * Writes `outDir/sw.js` (with its compressed copies) from the template for the build in `outDir`;
 * its version. Also what a test calls on a copied build whose files it changed.
 */
export function writeServiceWorker({
  template,
  outDir,
  publicDir,
  pages,
}: {
  template: string;
  outDir: string;
  publicDir: string;
  pages: string[];
}): { version: string } {
  if ([LIST_MARKER, VERSION_MARKER, PAGE_LIST_MARKER].some((marker) => !template.includes(marker))) {
    throw new Error('the precache list, the page list or the version marker is missing');
  }
  const urls = precacheUrls(outDir, publicDir);
  const version = serviceWorkerVersion(template, outDir, [...urls, ...pages, ...prerenderedPages(outDir)]);
  const code = template
    .replace(VERSION_MARKER, `const VERSION = '${version}';`)
    .replace(LIST_MARKER, urls.map((url) => JSON.stringify(url)).join(',\n  '))
    .replace(PAGE_LIST_MARKER, pages.map((url) => JSON.stringify(url)).join(',\n  '));
  writeWithCompressedCopies(join(outDir, 'sw.js'), code);
  return { version };
}

/** The app shell of the build in `outDir`: index.html, the public files, its scripts, styles and fonts. */
export function precacheUrls(outDir: string, publicDir: string): string[] {
  const built = filesUnder(join(outDir, 'assets')).filter((path) => /\.(js|css|woff2?)$/.test(path));
  return ['/index.html', ...filesUnder(publicDir), ...built.map((path) => `/assets${path}`)].sort();
}

/**
 * A hash of the worker's own code and of each kept file's path and bytes. The worker's code counts
 * too: a new worker starts a cache of its own rather than fill the one an older worker filled.
 * Every prerendered page counts, not only those held from the start: the worker keeps the others
 * as they are visited, and a new version is what drops the copies of an older build.
 */
export function serviceWorkerVersion(template: string, outDir: string, urls: string[]): string {
  const hash = createHash('sha256').update(template);
  for (const url of [...new Set(urls)].sort()) {
    const file = join(outDir, url);
    if (!existsSync(file)) throw new Error(`the worker would keep ${url}, which the build does not have`);
    const content = createHash('sha256').update(readFileSync(file)).digest('hex');
    hash.update(`\n${url} ${content}`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The prerendered pages in every language (the pages the worker may keep once visited). */
function prerenderedPages(outDir: string): string[] {
  return filesUnder(join(outDir, PAGES_FOLDER))
    .filter((path) => path.endsWith('.html'))
    .map((path) => `/${PAGES_FOLDER}${path}`);
}

/** Every file under `dir`, as `/`-separated paths from it (`/icons/icon-192.png`); none without it. */
function filesUnder(dir: string): string[] {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
}
